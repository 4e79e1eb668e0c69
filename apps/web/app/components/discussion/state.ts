import type { FeedMessage, MemberName } from '@mepedia/contracts';
import type { DiscussionPage, DiscussionPages } from '@mepedia/web-api/queries';

/**
 * The feed-messages service's rules (docs/api/feed-messages.md) applied to the discussion's pages
 * in the query cache, so that what is on screen follows each change without loading the list
 * again. Comments are newest first, a thread's replies oldest first. Every function here is pure:
 * it takes the cache's pages and answers new ones (undefined stays undefined, except a thread
 * that a new reply starts).
 */

/** What the readers below need of the cache's pages (a query's data, whatever its page param). */
type Pages = { pages: DiscussionPage[] } | undefined;

const byTime = (a: FeedMessage, b: FeedMessage) =>
  a.createdAt === b.createdAt
    ? a.messageId.localeCompare(b.messageId)
    : a.createdAt.localeCompare(b.createdAt);

/**
 * Every page's messages together, once each, in the list's order, whatever shifted on the
 * service between two pages.
 */
export function messagesOf(data: Pages, order: 'newest' | 'oldest'): FeedMessage[] {
  const seen = new Set<string>();
  const all: FeedMessage[] = [];
  for (const page of data?.pages ?? [])
    for (const message of page.messages) {
      if (seen.has(message.messageId)) continue;
      seen.add(message.messageId);
      all.push(message);
    }
  return all.sort(order === 'oldest' ? byTime : (a, b) => byTime(b, a));
}

/** The messages the reader likes: each as the last page that carries it says. */
export function likedIn(data: Pages): Set<string> {
  const liked = new Set<string>();
  for (const page of data?.pages ?? []) {
    for (const message of page.messages) liked.delete(message.messageId);
    for (const id of page.likedByMe) liked.add(id);
  }
  return liked;
}

/** The authors the pages name. */
export function authorsIn(data: Pages): MemberName[] {
  return (data?.pages ?? []).flatMap((page) => page.authors);
}

/** How many messages the room has (replies included): the latest page's word, kept up to date. */
export const countOf = (data: Pages): number => data?.pages.at(-1)?.count ?? 0;

const eachPage = (
  data: DiscussionPages | undefined,
  change: (page: DiscussionPage, index: number) => DiscussionPage,
): DiscussionPages | undefined => data && { ...data, pages: data.pages.map(change) };

const recount = (data: DiscussionPages | undefined, by: number) =>
  eachPage(data, (page) => ({ ...page, count: Math.max(0, page.count + by) }));

const holds = (data: DiscussionPages | undefined, messageId: string) =>
  data?.pages.some((page) => page.messages.some((item) => item.messageId === messageId)) ?? false;

/**
 * A new comment: first in the list, counted; the list as it is when it has it already (a reload
 * while it was on its way brought it).
 */
export function withComment(
  comments: DiscussionPages | undefined,
  message: FeedMessage,
): DiscussionPages | undefined {
  if (holds(comments, message.messageId)) return comments;
  return eachPage(recount(comments, 1), (page, index) =>
    index === 0 ? { ...page, messages: [message, ...page.messages] } : page,
  );
}

/** A new comment's stand-in, or the comment itself, in place of `messageId`. */
export function replaced(
  data: DiscussionPages | undefined,
  messageId: string,
  message: FeedMessage,
): DiscussionPages | undefined {
  return eachPage(data, (page) => ({
    ...page,
    messages: page.messages.map((item) => (item.messageId === messageId ? message : item)),
  }));
}

/**
 * A comment that did not go after all: gone from the list and the count; the list as it is when
 * it no longer holds it (a reload while it was on its way took its stand-in away).
 */
export function withoutComment(
  comments: DiscussionPages | undefined,
  messageId: string,
): DiscussionPages | undefined {
  if (!holds(comments, messageId)) return comments;
  return eachPage(recount(comments, -1), (page) => ({
    ...page,
    messages: page.messages.filter((item) => item.messageId !== messageId),
  }));
}

const withRepliesCount = (comments: DiscussionPages | undefined, parentId: string, by: number) =>
  eachPage(comments, (page) => ({
    ...page,
    messages: page.messages.flatMap((item) => {
      if (item.messageId !== parentId) return [item];
      const repliesCount = Math.max(0, item.repliesCount + by);
      // A deleted comment kept for its replies goes with its last reply.
      return item.deleted && repliesCount === 0 ? [] : [{ ...item, repliesCount }];
    }),
  }));

/**
 * A new reply: last in its thread, marked as the reader's own (the service has it last too, so
 * it does not move where the next page starts), counted, and counted on its comment. A thread
 * not loaded yet starts with it; "more" brings the earlier ones.
 */
export function withReply(
  comments: DiscussionPages | undefined,
  replies: DiscussionPages | undefined,
  message: FeedMessage,
): { comments: DiscussionPages | undefined; replies: DiscussionPages } {
  const parentId = message.parentMessageId ?? '';
  const earlier =
    messagesOf(comments, 'newest').find((item) => item.messageId === parentId)?.repliesCount ?? 0;
  const counted = recount(withRepliesCount(comments, parentId, 1), 1);
  const count = countOf(counted);
  const thread: DiscussionPages = replies ?? {
    pages: [
      {
        messages: [],
        total: 0,
        count,
        hasMore: earlier > 0,
        likedByMe: [],
        authors: [],
        local: [],
      },
    ],
    pageParams: [0],
  };
  const last = thread.pages.length - 1;
  return {
    comments: counted,
    replies: {
      ...thread,
      pages: thread.pages.map((page, index) =>
        index === last
          ? {
              ...page,
              count,
              messages: [...page.messages, message],
              local: [...page.local, message.messageId],
            }
          : page,
      ),
    },
  };
}

/** An edited message: its new text (and time of edit) wherever it is. */
export function withEdited(
  data: DiscussionPages | undefined,
  message: FeedMessage,
): DiscussionPages | undefined {
  return replaced(data, message.messageId, message);
}

/** A like turned on or off: the message's count, and the reader's like on every page with it. */
export function withLike(
  data: DiscussionPages | undefined,
  messageId: string,
  liked: boolean,
  likes: number,
): DiscussionPages | undefined {
  return eachPage(data, (page) => {
    if (!page.messages.some((item) => item.messageId === messageId)) return page;
    return {
      ...page,
      messages: page.messages.map((item) =>
        item.messageId === messageId ? { ...item, likes } : item,
      ),
      likedByMe: liked
        ? [...page.likedByMe.filter((id) => id !== messageId), messageId]
        : page.likedByMe.filter((id) => id !== messageId),
    };
  });
}

/**
 * A deleted comment: gone, or, when the service keeps it for its replies (`placeholder`), "This
 * comment was deleted" in its place. Uncounted either way.
 */
export function withDeletedComment(
  comments: DiscussionPages | undefined,
  message: FeedMessage,
  placeholder: boolean,
): DiscussionPages | undefined {
  if (!placeholder) return withoutComment(comments, message.messageId);
  return recount(
    withLike(
      replaced(comments, message.messageId, {
        ...message,
        deleted: true,
        message: null,
        authorId: null,
        tag: null,
        likes: 0,
      }),
      message.messageId,
      false,
      0,
    ),
    -1,
  );
}

/** A deleted reply: gone from its thread, uncounted, and uncounted on its comment. */
export function withDeletedReply(
  comments: DiscussionPages | undefined,
  replies: DiscussionPages | undefined,
  message: FeedMessage,
): { comments: DiscussionPages | undefined; replies: DiscussionPages | undefined } {
  const drop = (page: DiscussionPage): DiscussionPage => ({
    ...page,
    messages: page.messages.filter((item) => item.messageId !== message.messageId),
    likedByMe: page.likedByMe.filter((id) => id !== message.messageId),
    local: page.local.filter((id) => id !== message.messageId),
  });
  return {
    comments: recount(withRepliesCount(comments, message.parentMessageId ?? '', -1), -1),
    replies: eachPage(replies, drop),
  };
}
