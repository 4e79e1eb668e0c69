import type { FeedMessagesPage, MemberName } from '@mepedia/contracts';
import { FEED_MESSAGE_COUNTS_MAX } from '@mepedia/contracts/browser';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  type InfiniteData,
} from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/**
 * A page of a discussion as the cache keeps it: the service's page, the names of its authors
 * (one call a page, never one a comment), and `local`, the ids of the reader's own messages put
 * on it since it was read (they are not the service's to count when asking for the next page).
 */
export type DiscussionPage = FeedMessagesPage & { authors: MemberName[]; local: string[] };
export type DiscussionPages = InfiniteData<DiscussionPage, number>;

/** The authors of a page's messages, in one call; a page without them still shows. */
export async function withAuthors(api: Api, page: FeedMessagesPage): Promise<DiscussionPage> {
  const ids = [
    ...new Set(page.messages.flatMap((message) => (message.authorId ? [message.authorId] : []))),
  ];
  const authors =
    ids.length === 0
      ? []
      : await api.users
          .getMembersByIds(ids.slice(0, 50))
          .then((answer) => answer.members)
          .catch((): MemberName[] => []);
  return { ...page, authors, local: [] };
}

/** How many of the service's messages the pages hold: where its next page starts. */
export function loadedFromService(pages: DiscussionPage[]): number {
  return pages.reduce(
    (sum, page) =>
      sum + page.messages.filter((message) => !page.local.includes(message.messageId)).length,
    0,
  );
}

const nextSkip = (last: DiscussionPage, pages: DiscussionPage[]) =>
  last.hasMore ? loadedFromService(pages) : undefined;

export const discussionQueries = {
  all: ['feedMessages'] as const,
  room: (roomId: string) => [...discussionQueries.all, roomId] as const,
  /**
   * How many comments each story of a list has (the list's cards), by post id, in one call for
   * the whole list (50 ids a call; a longer list, "More stories" loaded, asks in several at
   * once). A story the reader may not read is left out. While a longer list's counts are on
   * their way, the shorter list's stay on screen.
   */
  counts: (api: Api, postIds: readonly string[]) =>
    queryOptions({
      queryKey: [...discussionQueries.all, 'counts', [...postIds]] as const,
      queryFn: async (): Promise<Record<string, number>> => {
        const chunks: string[][] = [];
        for (let at = 0; at < postIds.length; at += FEED_MESSAGE_COUNTS_MAX)
          chunks.push(postIds.slice(at, at + FEED_MESSAGE_COUNTS_MAX));
        const answers = await Promise.all(
          chunks.map((chunk) => api.feedMessages.getMessageCounts(chunk)),
        );
        return Object.fromEntries(answers.flatMap((answer) => Object.entries(answer.counts)));
      },
      enabled: postIds.length > 0,
      placeholderData: keepPreviousData,
      staleTime: STALE.short,
    }),
  /**
   * A room's comments, newest first, twenty a page. A comment the reader sends sits at the top of
   * the service's list too, so it counts towards the next page's start (it pushed the others
   * down); a reply does not (below).
   */
  comments: (api: Api, roomId: string) =>
    infiniteQueryOptions({
      queryKey: [...discussionQueries.room(roomId), 'comments'] as const,
      queryFn: async ({ pageParam }): Promise<DiscussionPage> =>
        withAuthors(api, await api.feedMessages.getMessages(roomId, { skip: pageParam })),
      initialPageParam: 0,
      getNextPageParam: nextSkip,
      staleTime: STALE.short,
    }),
  /**
   * One comment's replies, oldest first. The reader's own replies are at the end of the service's
   * list, after the ones not loaded yet: they are marked local and not counted in the next start.
   */
  replies: (api: Api, roomId: string, parentId: string) =>
    infiniteQueryOptions({
      queryKey: [...discussionQueries.room(roomId), 'replies', parentId] as const,
      queryFn: async ({ pageParam }): Promise<DiscussionPage> =>
        withAuthors(api, await api.feedMessages.getMessages(roomId, { parentId, skip: pageParam })),
      initialPageParam: 0,
      getNextPageParam: nextSkip,
      staleTime: STALE.short,
    }),
};

/** The mutations' keys: which likes are on their way (one at a time a message), and so on. */
export const discussionMutations = {
  like: [...discussionQueries.all, 'like'] as const,
  send: [...discussionQueries.all, 'send'] as const,
};
