import type { FeedMessage, FeedMessagesPage } from '@mepedia/contracts';
import { describe, expect, it } from 'vitest';
import { reduce, repliesSkip, startState, type DiscussionState } from './state';

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

/** A page of these messages; `count`, the room's messages, replies included (the first page's
 * own, unless said). */
const page = (
  messages: FeedMessage[],
  hasMore = false,
  likedByMe: string[] = [],
  count = messages.length,
) => ({ messages, total: messages.length, count, hasMore, likedByMe }) satisfies FeedMessagesPage;

const ids = (list: FeedMessage[]) => list.map((item) => item.messageId);

describe('discussion state', () => {
  it('adds a later page after the first, once each, newest first', () => {
    const [a, b, c] = [message('a'), message('b'), message('c')];
    let state = startState(page([c, b], true, [], 3));
    // The page shifted on the server meanwhile: b comes again.
    state = reduce(state, { type: 'page', page: page([b, a], false, ['a']) });
    expect(ids(state.comments)).toEqual(['c', 'b', 'a']);
    expect(state.hasMore).toBe(false);
    expect(state.liked).toEqual(['a']);
  });

  it('takes the room’s count from every page it reads: others may have written meanwhile', () => {
    const [a, b] = [message('a'), message('b')];
    let state = startState(page([b], true, [], 4));
    expect(state.count).toBe(4);
    state = reduce(state, { type: 'page', page: page([a], false, [], 6) });
    expect(state.count).toBe(6);
    state = reduce(state, { type: 'replies', parentId: 'b', page: page([], false, [], 7) });
    expect(state.count).toBe(7);
  });

  it('puts a new comment first and counts it', () => {
    const old = message('old');
    const state = reduce(startState(page([old], false, [], 1)), {
      type: 'added',
      message: message('new'),
    });
    expect(ids(state.comments)).toEqual(['new', 'old']);
    expect(state.count).toBe(2);
  });

  it('adds a reply at the end of its thread, counts it on its comment, and pages on past the others', () => {
    const parent = message('p', { repliesCount: 2 });
    const [r1, r2] = [
      message('r1', { parentMessageId: 'p' }),
      message('r2', { parentMessageId: 'p' }),
    ];
    let state: DiscussionState = startState(page([parent], false, [], 3));
    state = reduce(state, { type: 'replies', parentId: 'p', page: page([r1], true, [], 3) });
    const mine = message('mine', { parentMessageId: 'p' });
    state = reduce(state, { type: 'added', message: mine });
    expect(ids(state.threads['p']!.replies)).toEqual(['r1', 'mine']);
    expect(state.comments[0]!.repliesCount).toBe(3);
    expect(state.count).toBe(4);
    // The server has [r1, r2, mine]: the next page starts after r1, not after "mine".
    expect(repliesSkip(state.threads['p'])).toBe(1);
    state = reduce(state, { type: 'replies', parentId: 'p', page: page([r2, mine]) });
    expect(ids(state.threads['p']!.replies)).toEqual(['r1', 'r2', 'mine']);
    expect(repliesSkip(state.threads['p'])).toBe(3);
  });

  it('opens a thread that was never loaded with the new reply, knowing earlier ones wait', () => {
    const parent = message('p', { repliesCount: 1 });
    const state = reduce(startState(page([parent], false, [], 2)), {
      type: 'added',
      message: message('mine', { parentMessageId: 'p' }),
    });
    expect(state.threads['p']).toMatchObject({ open: true, hasMore: true, local: ['mine'] });
    expect(repliesSkip(state.threads['p'])).toBe(0);
  });

  it('keeps a deleted comment with replies as a note, and drops it with its last reply', () => {
    const parent = message('p', { repliesCount: 1, likes: 2 });
    const reply = message('r', { parentMessageId: 'p' });
    let state = startState(page([parent], false, ['p'], 2));
    state = reduce(state, { type: 'replies', parentId: 'p', page: page([reply], false, [], 2) });
    state = reduce(state, { type: 'removed', message: parent, placeholder: true });
    expect(state.comments[0]).toMatchObject({
      deleted: true,
      message: null,
      authorId: null,
      likes: 0,
    });
    expect(state.liked).toEqual([]);
    expect(state.count).toBe(1);
    state = reduce(state, { type: 'removed', message: reply, placeholder: false });
    expect(state.comments).toEqual([]);
    expect(state.threads['p']!.replies).toEqual([]);
    expect(state.count).toBe(0);
  });

  it('removes a comment without replies outright', () => {
    const [a, b] = [message('a'), message('b')];
    const state = reduce(startState(page([b, a], false, [], 2)), {
      type: 'removed',
      message: a,
      placeholder: false,
    });
    expect(ids(state.comments)).toEqual(['b']);
  });

  it('changes an edited reply in its thread and a like wherever the message is', () => {
    const parent = message('p', { repliesCount: 1 });
    const reply = message('r', { parentMessageId: 'p' });
    let state = startState(page([parent], false, [], 2));
    state = reduce(state, { type: 'replies', parentId: 'p', page: page([reply]) });
    state = reduce(state, {
      type: 'edited',
      message: { ...reply, message: 'changed', editedAt: new Date(clock).toISOString() },
    });
    expect(state.threads['p']!.replies[0]!.message).toBe('changed');
    state = reduce(state, { type: 'liked', messageId: 'r', liked: true, likes: 4 });
    expect(state.threads['p']!.replies[0]!.likes).toBe(4);
    expect(state.liked).toEqual(['r']);
    state = reduce(state, { type: 'liked', messageId: 'r', liked: false, likes: 3 });
    expect(state.liked).toEqual([]);
  });

  it('closes and reopens a loaded thread without loading it again', () => {
    const parent = message('p', { repliesCount: 1 });
    let state = startState(page([parent], false, [], 2));
    state = reduce(state, {
      type: 'replies',
      parentId: 'p',
      page: page([message('r', { parentMessageId: 'p' })]),
    });
    state = reduce(state, { type: 'toggleThread', parentId: 'p', open: false });
    expect(state.threads['p']!.open).toBe(false);
    state = reduce(state, { type: 'toggleThread', parentId: 'p', open: true });
    expect(ids(state.threads['p']!.replies)).toEqual(['r']);
  });
});
