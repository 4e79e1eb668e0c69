import type { FeedMessage, FeedMessagesPage } from '@mepedia/contracts';

/**
 * One comment's replies, as far as they are loaded, oldest first. `local` are the reader's own
 * replies sent since: they sit at the end of the server's list too, so the next page starts after
 * the others (`repliesSkip`).
 */
export type Thread = { replies: FeedMessage[]; hasMore: boolean; open: boolean; local: string[] };

/**
 * What a post's discussion shows: the comments loaded so far (newest first), each open thread's
 * replies (oldest first), which of them the reader likes, and how many messages there are in all.
 * The same rules as the feed-messages service (docs/api/feed-messages.md), applied to what is
 * on screen, so the page never needs to load everything again after a change.
 */
export type DiscussionState = {
  comments: FeedMessage[];
  hasMore: boolean;
  liked: string[];
  threads: Record<string, Thread>;
  count: number;
};

export type DiscussionAction =
  | { type: 'reset'; page: FeedMessagesPage }
  | { type: 'page'; page: FeedMessagesPage }
  | { type: 'replies'; parentId: string; page: FeedMessagesPage }
  | { type: 'toggleThread'; parentId: string; open: boolean }
  | { type: 'added'; message: FeedMessage }
  | { type: 'edited'; message: FeedMessage }
  | { type: 'liked'; messageId: string; liked: boolean; likes: number }
  | { type: 'removed'; message: FeedMessage; placeholder: boolean };

export function startState(page: FeedMessagesPage): DiscussionState {
  return {
    comments: page.messages,
    hasMore: page.hasMore,
    liked: page.likedByMe,
    threads: {},
    count: page.count,
  };
}

const byTime = (a: FeedMessage, b: FeedMessage) =>
  a.createdAt === b.createdAt
    ? a.messageId.localeCompare(b.messageId)
    : a.createdAt.localeCompare(b.createdAt);

/**
 * `list` and `more` together, once each, in the list's order (newest first for comments, oldest
 * first for replies), whatever shifted on the server between two pages.
 */
function merged(
  list: FeedMessage[],
  more: FeedMessage[],
  order: 'newest' | 'oldest',
): FeedMessage[] {
  const seen = new Set(list.map((message) => message.messageId));
  const all = [...list, ...more.filter((message) => !seen.has(message.messageId))];
  return all.sort(order === 'oldest' ? byTime : (a, b) => byTime(b, a));
}

/** Where the next page of a thread's replies starts: after those the server sent. */
export function repliesSkip(thread: Thread | undefined): number {
  if (!thread) return 0;
  return thread.replies.filter((reply) => !thread.local.includes(reply.messageId)).length;
}

function likedAfter(liked: string[], page: FeedMessagesPage): string[] {
  const onPage = new Set(page.messages.map((message) => message.messageId));
  return [...liked.filter((id) => !onPage.has(id)), ...page.likedByMe];
}

const replace = (list: FeedMessage[], message: FeedMessage) =>
  list.map((item) => (item.messageId === message.messageId ? message : item));

function changeParent(
  comments: FeedMessage[],
  parentId: string,
  change: (parent: FeedMessage) => FeedMessage | null,
): FeedMessage[] {
  return comments.flatMap((item) => {
    if (item.messageId !== parentId) return [item];
    const changed = change(item);
    return changed ? [changed] : [];
  });
}

export function reduce(state: DiscussionState, action: DiscussionAction): DiscussionState {
  switch (action.type) {
    case 'reset':
      return startState(action.page);
    case 'page':
      // Every page says how many messages the room has now: others may have written meanwhile.
      return {
        ...state,
        comments: merged(state.comments, action.page.messages, 'newest'),
        hasMore: action.page.hasMore,
        liked: likedAfter(state.liked, action.page),
        count: action.page.count,
      };
    case 'replies': {
      const thread = state.threads[action.parentId];
      const arrived = new Set(action.page.messages.map((message) => message.messageId));
      return {
        ...state,
        liked: likedAfter(state.liked, action.page),
        count: action.page.count,
        threads: {
          ...state.threads,
          [action.parentId]: {
            replies: merged(thread?.replies ?? [], action.page.messages, 'oldest'),
            hasMore: action.page.hasMore,
            open: true,
            local: (thread?.local ?? []).filter((id) => !arrived.has(id)),
          },
        },
      };
    }
    case 'toggleThread': {
      const thread = state.threads[action.parentId];
      if (!thread) return state;
      return {
        ...state,
        threads: { ...state.threads, [action.parentId]: { ...thread, open: action.open } },
      };
    }
    case 'added': {
      const { message } = action;
      const count = state.count + 1;
      if (!message.parentMessageId)
        return { ...state, count, comments: merged(state.comments, [message], 'newest') };
      const parentId = message.parentMessageId;
      const thread = state.threads[parentId];
      const earlier = state.comments.find((item) => item.messageId === parentId)?.repliesCount ?? 0;
      return {
        ...state,
        count,
        comments: changeParent(state.comments, parentId, (parent) => ({
          ...parent,
          repliesCount: parent.repliesCount + 1,
        })),
        threads: {
          ...state.threads,
          // A thread not loaded yet shows the new reply; "more" brings the earlier ones.
          [parentId]: {
            replies: merged(thread?.replies ?? [], [message], 'oldest'),
            hasMore: thread ? thread.hasMore : earlier > 0,
            open: true,
            local: [...(thread?.local ?? []), message.messageId],
          },
        },
      };
    }
    case 'edited': {
      const { message } = action;
      const parentId = message.parentMessageId;
      if (!parentId) return { ...state, comments: replace(state.comments, message) };
      const thread = state.threads[parentId];
      if (!thread) return state;
      return {
        ...state,
        threads: {
          ...state.threads,
          [parentId]: { ...thread, replies: replace(thread.replies, message) },
        },
      };
    }
    case 'liked': {
      const { messageId, liked, likes } = action;
      const withLikes = (list: FeedMessage[]) =>
        list.map((item) => (item.messageId === messageId ? { ...item, likes } : item));
      const threads: Record<string, Thread> = {};
      for (const [id, thread] of Object.entries(state.threads))
        threads[id] = { ...thread, replies: withLikes(thread.replies) };
      return {
        ...state,
        comments: withLikes(state.comments),
        threads,
        liked: liked
          ? [...state.liked.filter((id) => id !== messageId), messageId]
          : state.liked.filter((id) => id !== messageId),
      };
    }
    case 'removed': {
      const { message, placeholder } = action;
      const liked = state.liked.filter((id) => id !== message.messageId);
      const count = Math.max(0, state.count - 1);
      const parentId = message.parentMessageId;
      if (!parentId) {
        const comments = placeholder
          ? replace(state.comments, {
              ...message,
              deleted: true,
              message: null,
              authorId: null,
              tag: null,
              likes: 0,
            })
          : state.comments.filter((item) => item.messageId !== message.messageId);
        return { ...state, liked, count, comments };
      }
      const thread = state.threads[parentId];
      return {
        ...state,
        liked,
        count,
        // A deleted comment kept for its replies goes with its last reply.
        comments: changeParent(state.comments, parentId, (parent) => {
          const repliesCount = Math.max(0, parent.repliesCount - 1);
          return parent.deleted && repliesCount === 0 ? null : { ...parent, repliesCount };
        }),
        threads: thread
          ? {
              ...state.threads,
              [parentId]: {
                ...thread,
                replies: thread.replies.filter((item) => item.messageId !== message.messageId),
                local: thread.local.filter((id) => id !== message.messageId),
              },
            }
          : state.threads,
      };
    }
  }
}
