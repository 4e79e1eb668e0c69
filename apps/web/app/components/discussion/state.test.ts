import type { FeedMessage } from '@mepedia/contracts';
import {
  loadedFromService,
  type DiscussionPage,
  type DiscussionPages,
} from '@mepedia/web-api/queries';
import { describe, expect, it } from 'vitest';
import {
  countOf,
  likedIn,
  messagesOf,
  replaced,
  withComment,
  withDeletedComment,
  withDeletedReply,
  withEdited,
  withLike,
  withoutComment,
  withReply,
} from './state';

const ROOM = 'post-1';
let clock = Date.UTC(2026, 10, 1);

function message(id: string, fields: Partial<FeedMessage> = {}): FeedMessage {
  clock += 1000;
  return {
    messageId: id,
    feedRoomId: ROOM,
    postId: ROOM,
    parentMessageId: null,
    authorId: 'author-1',
    message: `text of ${id}`,
    tag: null,
    createdAt: new Date(clock).toISOString(),
    editedAt: null,
    likes: 0,
    repliesCount: 0,
    deleted: false,
    ...fields,
  };
}

/** A page of these messages as the cache keeps it; `count`, the room's messages, replies included. */
const page = (
  messages: FeedMessage[],
  hasMore = false,
  likedByMe: string[] = [],
  count = messages.length,
): DiscussionPage => ({
  messages,
  total: messages.length,
  count,
  hasMore,
  likedByMe,
  authors: [],
  local: [],
});

const pages = (...list: DiscussionPage[]): DiscussionPages => ({
  pages: list,
  pageParams: list.map((_, index) => index * 20),
});

const ids = (list: FeedMessage[]) => list.map((item) => item.messageId);

describe('a discussion in the query cache', () => {
  it('shows every page once each, newest first, and the likes as the last page says', () => {
    const [a, b, c] = [message('a'), message('b'), message('c')];
    // The list shifted on the server between the pages: b comes again, liked now.
    const data = pages(page([c, b], true, [], 3), page([b, a], false, ['a', 'b'], 4));
    expect(ids(messagesOf(data, 'newest'))).toEqual(['c', 'b', 'a']);
    expect([...likedIn(data)].sort()).toEqual(['a', 'b']);
    expect(countOf(data)).toBe(4);
    expect(likedIn(pages(page([b], false, ['b']), page([b], false, [])))).toEqual(new Set());
  });

  it('puts a new comment first, counts it, and starts the next page one further on', () => {
    const old = message('old');
    const data = withComment(pages(page([old], true, [], 1)), message('new'));
    expect(ids(messagesOf(data, 'newest'))).toEqual(['new', 'old']);
    expect(countOf(data)).toBe(2);
    // The server has it first too: it pushed the others down.
    expect(loadedFromService(data!.pages)).toBe(2);
  });

  it('swaps a comment’s stand-in for the comment, or takes the stand-in back', () => {
    const old = message('old');
    const sent = message('real');
    const shown = withComment(pages(page([old], false, [], 1)), message('sending:1'));
    expect(ids(messagesOf(replaced(shown, 'sending:1', sent), 'newest'))).toEqual(['real', 'old']);
    const taken = withoutComment(shown, 'sending:1');
    expect(ids(messagesOf(taken, 'newest'))).toEqual(['old']);
    expect(countOf(taken)).toBe(1);
  });

  it('counts a comment once when a reload brought it, or took its stand-in, while it was sent', () => {
    const old = message('old');
    // The reload already has the new comment: adding it again would count it twice.
    const reloaded = pages(page([message('real'), old], false, [], 2));
    const added = withComment(reloaded, message('real'));
    expect(ids(messagesOf(added, 'newest'))).toEqual(['real', 'old']);
    expect(countOf(added)).toBe(2);
    expect(loadedFromService(added!.pages)).toBe(2);
    // The reload dropped the stand-in: a failed send has nothing left to take back.
    const without = withoutComment(pages(page([old], false, [], 1)), 'sending:1');
    expect(ids(messagesOf(without, 'newest'))).toEqual(['old']);
    expect(countOf(without)).toBe(1);
  });

  it('adds a reply at the end of its thread, counts it on its comment, and pages on past the others', () => {
    const parent = message('p', { repliesCount: 2 });
    const [r1, r2] = [
      message('r1', { parentMessageId: 'p' }),
      message('r2', { parentMessageId: 'p' }),
    ];
    const mine = message('mine', { parentMessageId: 'p' });
    const changed = withReply(
      pages(page([parent], false, [], 3)),
      pages(page([r1], true, [], 3)),
      mine,
    );
    expect(ids(messagesOf(changed.replies, 'oldest'))).toEqual(['r1', 'mine']);
    expect(messagesOf(changed.comments, 'newest')[0]!.repliesCount).toBe(3);
    expect(countOf(changed.comments)).toBe(4);
    // The server has [r1, r2, mine]: the next page starts after r1, not after "mine".
    expect(loadedFromService(changed.replies.pages)).toBe(1);
    const next = { ...changed.replies, pages: [...changed.replies.pages, page([r2, mine])] };
    expect(ids(messagesOf(next, 'oldest'))).toEqual(['r1', 'r2', 'mine']);
    expect(loadedFromService(next.pages)).toBe(3);
  });

  it('starts a thread that was never loaded with the new reply, knowing earlier ones wait', () => {
    const parent = message('p', { repliesCount: 1 });
    const { replies } = withReply(
      pages(page([parent], false, [], 2)),
      undefined,
      message('mine', { parentMessageId: 'p' }),
    );
    expect(ids(messagesOf(replies, 'oldest'))).toEqual(['mine']);
    expect(replies.pages[0]).toMatchObject({ hasMore: true, local: ['mine'] });
    expect(loadedFromService(replies.pages)).toBe(0);
  });

  it('keeps a deleted comment with replies as a note, and drops it with its last reply', () => {
    const parent = message('p', { repliesCount: 1, likes: 2 });
    const reply = message('r', { parentMessageId: 'p' });
    let comments = withDeletedComment(pages(page([parent], false, ['p'], 2)), parent, true);
    expect(messagesOf(comments, 'newest')[0]).toMatchObject({
      deleted: true,
      message: null,
      authorId: null,
      likes: 0,
    });
    expect(likedIn(comments).size).toBe(0);
    expect(countOf(comments)).toBe(1);
    const changed = withDeletedReply(comments, pages(page([reply], false, [], 2)), reply);
    comments = changed.comments;
    expect(messagesOf(comments, 'newest')).toEqual([]);
    expect(messagesOf(changed.replies, 'oldest')).toEqual([]);
    expect(countOf(comments)).toBe(0);
  });

  it('removes a comment without replies outright, and the next page starts one earlier', () => {
    const [a, b] = [message('a'), message('b')];
    const data = withDeletedComment(pages(page([b, a], true, [], 2)), a, false);
    expect(ids(messagesOf(data, 'newest'))).toEqual(['b']);
    expect(loadedFromService(data!.pages)).toBe(1);
  });

  it('changes an edited reply in its thread and a like wherever the message is', () => {
    const reply = message('r', { parentMessageId: 'p' });
    let replies = pages(page([reply]), page([reply]));
    replies = withEdited(replies, {
      ...reply,
      message: 'changed',
      editedAt: new Date(clock).toISOString(),
    })!;
    expect(messagesOf(replies, 'oldest')[0]!.message).toBe('changed');
    replies = withLike(replies, 'r', true, 4)!;
    expect(messagesOf(replies, 'oldest')[0]!.likes).toBe(4);
    expect(replies.pages.map((each) => each.likedByMe)).toEqual([['r'], ['r']]);
    replies = withLike(replies, 'r', false, 3)!;
    expect(likedIn(replies).size).toBe(0);
  });

  it('leaves an empty cache empty', () => {
    expect(withComment(undefined, message('a'))).toBeUndefined();
    expect(withLike(undefined, 'a', true, 1)).toBeUndefined();
    expect(messagesOf(undefined, 'newest')).toEqual([]);
    expect(countOf(undefined)).toBe(0);
  });
});
