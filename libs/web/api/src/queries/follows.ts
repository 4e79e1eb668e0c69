import type { FollowCounts, FollowListPage, FollowState } from '@mepedia/contracts';
import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { Api } from '../client';
import { postQueries } from './posts';
import { STALE } from './stale';

/**
 * The reader's "From people you follow" (`followingPostsQueries.feed`): under the posts' key, so
 * a post written, changed or deleted marks it stale with every other list of posts.
 */
export const FOLLOWING_POSTS_KEY = [...postQueries.all, 'following'] as const;

/** The two lists a member has: who follows them, and whom they follow. */
export type FollowList = 'followers' | 'following';

/**
 * The most ids one getFollowStates call names: the contracts' FOLLOW_STATES_MAX, written here so
 * the page's script takes no schema library along (follows.test.ts holds them equal).
 */
export const FOLLOW_STATES_PER_CALL = 50;

/** How many members a page of a follow list shows (the service's default is 20, at most 50). */
export const FOLLOW_LIST_PAGE = 24;

/**
 * Following members (issue 32; the notifications service keeps it). Everything about one member
 * is under `member(id)`: their counts (with whether the reader follows them) and their two lists,
 * so a follow marks exactly the followed member's and the reader's own parts stale.
 */
export const followQueries = {
  all: ['follows'] as const,
  member: (memberId: string) => [...followQueries.all, memberId] as const,
  /**
   * How many follow the member, how many they follow, and whether the reader does: the Follow
   * button's state and the profile's counts. The reader's part depends on who reads; the page's
   * cache is emptied when that changes (components/query/query-provider.tsx).
   */
  counts: (api: Api, memberId: string) =>
    queryOptions({
      queryKey: [...followQueries.member(memberId), 'counts'] as const,
      queryFn: (): Promise<FollowCounts> => api.follows.getFollowCounts(memberId),
      staleTime: STALE.short,
    }),
  /**
   * A page of members' counts in one call (the people cards, a follow list's page): each answered
   * member's counts go into their own `counts` entry, where the cards' Follow buttons
   * (`FollowButton batched`) read them without a call of their own. A member the service left
   * out (gone since the page was drawn) gets no entry. A member whose follow is on its way keeps
   * the state it shows, which the follow's answer then sets. More than the service's 50 ids go in
   * several calls at once.
   */
  states: (api: Api, queryClient: QueryClient, memberIds: readonly string[]) =>
    queryOptions({
      queryKey: [...followQueries.all, 'states', [...memberIds]] as const,
      queryFn: async (): Promise<FollowState[]> => {
        const chunks: string[][] = [];
        for (let at = 0; at < memberIds.length; at += FOLLOW_STATES_PER_CALL)
          chunks.push(memberIds.slice(at, at + FOLLOW_STATES_PER_CALL));
        const answers = await Promise.all(
          chunks.map((chunk) => api.follows.getFollowStates(chunk)),
        );
        const states = answers.flatMap((answer) => answer.states);
        for (const { userId, ...counts } of states)
          if (queryClient.isMutating({ mutationKey: [...followEdits.all, userId] }) === 0)
            queryClient.setQueryData(followQueries.counts(api, userId).queryKey, counts);
        return states;
      },
      enabled: memberIds.length > 0,
      staleTime: STALE.short,
    }),
  /** The member's followers or followed members, newest follow first, a page at a time ("Show more"). */
  list: (api: Api, memberId: string, which: FollowList) =>
    infiniteQueryOptions({
      queryKey: [...followQueries.member(memberId), which] as const,
      queryFn: ({ pageParam }): Promise<FollowListPage> =>
        which === 'followers'
          ? api.follows.getFollowers(memberId, pageParam, FOLLOW_LIST_PAGE)
          : api.follows.getFollowing(memberId, pageParam, FOLLOW_LIST_PAGE),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last): string | undefined => last.nextCursor ?? undefined,
      staleTime: STALE.short,
    }),
};

/** What a follow or an unfollow took from the cache, to put back if the service refuses it. */
export type FollowTaken = { before: FollowCounts | undefined };

/** The counts as they are once the reader follows (or stops following) the member. */
export function countsAfter(counts: FollowCounts, follow: boolean): FollowCounts {
  if (counts.followedByMe === follow) return counts;
  return {
    ...counts,
    followedByMe: follow,
    followers: Math.max(0, counts.followers + (follow ? 1 : -1)),
  };
}

export const followEdits = {
  all: [...followQueries.all, 'edit'] as const,
  /**
   * Follow (true) or stop following (false) `memberId`, shown at once: the member's counts in
   * the cache take the new state and count before the service answers; the answer (the state
   * after the call, and the counts) replaces them, and a refusal puts them back as they were.
   * Once it is done, the lists it changes are stale: the member's followers, the reader's own
   * counts and followed members, and the reader's feed of posts from people they follow.
   */
  toggle: (api: Api, queryClient: QueryClient, memberId: string, readerId: string) => {
    const { queryKey } = followQueries.counts(api, memberId);
    return mutationOptions({
      mutationKey: [...followEdits.all, memberId] as const,
      mutationFn: (follow: boolean): Promise<FollowState> =>
        follow ? api.follows.follow(memberId) : api.follows.unfollow(memberId),
      onMutate: async (follow): Promise<FollowTaken> => {
        await queryClient.cancelQueries({ queryKey });
        const before = queryClient.getQueryData(queryKey);
        if (before) queryClient.setQueryData(queryKey, countsAfter(before, follow));
        return { before };
      },
      onSuccess: ({ followers, following, followedByMe }) => {
        for (const stale of [
          followQueries.list(api, memberId, 'followers').queryKey,
          followQueries.member(readerId),
          FOLLOWING_POSTS_KEY,
        ])
          void queryClient.invalidateQueries({ queryKey: stale, refetchType: 'none' });
        queryClient.setQueryData(queryKey, { followers, following, followedByMe });
      },
      onError: (_error, _follow, taken) => {
        if (taken?.before) queryClient.setQueryData(queryKey, taken.before);
        else void queryClient.invalidateQueries({ queryKey });
      },
    });
  },
};
