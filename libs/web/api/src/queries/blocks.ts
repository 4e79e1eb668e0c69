import type { BlockState, FollowCounts, MyBlocks } from '@mepedia/contracts';
import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Api } from '../client';
import { discussionQueries } from './discussion';
import { countsAfter, followQueries } from './follows';
import { notificationQueries } from './notifications';
import { postQueries } from './posts';
import { STALE } from './stale';
import { userQueries } from './users';

/** What a member may do about another: each is one call, answering where the reader now stands. */
export type BlockChange = 'block' | 'unblock' | 'mute' | 'unmute';

/** Where the reader stands with `userId`, read from their two lists. */
export function blockStateIn(lists: MyBlocks, userId: string): BlockState {
  return {
    userId,
    blocked: lists.blocked.some((member) => member.userId === userId),
    muted: lists.muted.some((member) => member.userId === userId),
  };
}

/** The lists as they are once `change` is done: a member unblocked or unmuted leaves theirs. */
export function listsAfter(lists: MyBlocks, userId: string, change: BlockChange): MyBlocks {
  if (change === 'unblock')
    return { ...lists, blocked: lists.blocked.filter((member) => member.userId !== userId) };
  if (change === 'unmute')
    return { ...lists, muted: lists.muted.filter((member) => member.userId !== userId) };
  return lists;
}

/**
 * Blocking and muting (issue 35; the moderation service keeps them). The reader's own, so keyed by
 * the reader, as the circles are: the browser's cache outlives a sign-in as someone else in
 * another tab. The service has no call for one member: a profile's controls read the lists and
 * keep the one member's state under `state`, which every change sets from its answer.
 */
export const blockQueries = {
  all: ['blocks'] as const,
  /** The members the reader blocks and mutes, newest first (the settings' tab). */
  mine: (api: Api, readerId: string) =>
    queryOptions({
      queryKey: [...blockQueries.all, readerId, 'mine'] as const,
      queryFn: (): Promise<MyBlocks> => api.blocks.getMyBlocks(),
      staleTime: STALE.short,
    }),
  /** Whether the reader blocks or mutes `memberId` (a profile's Block and Mute). */
  state: (api: Api, readerId: string, memberId: string) =>
    queryOptions({
      queryKey: [...blockQueries.all, readerId, 'state', memberId] as const,
      queryFn: async (): Promise<BlockState> =>
        blockStateIn(await api.blocks.getMyBlocks(), memberId),
      staleTime: STALE.short,
    }),
};

/**
 * What a block or a mute changes elsewhere, marked stale without being read again at once (the
 * next page that shows them reads them): feeds and other lists of posts, discussions, the people
 * directory, notifications, and follows (a block ends any follow between the two, either way).
 */
const CHANGED_ELSEWHERE = [
  postQueries.all,
  discussionQueries.all,
  [...userQueries.all, 'people'],
  notificationQueries.all,
  followQueries.all,
] as const;

export const blockEdits = {
  all: [...blockQueries.all, 'edit'] as const,
  /**
   * Block, unblock, mute or unmute `memberId`. The answer is where the reader now stands: it
   * becomes the member's `state`; a member unblocked or unmuted leaves the reader's lists at once,
   * and the lists are read again behind. A block ends any follow between the two: the member's
   * counts lose the reader's follow at once.
   */
  change: (api: Api, queryClient: QueryClient, readerId: string, memberId: string) =>
    mutationOptions({
      mutationKey: [...blockEdits.all, memberId] as const,
      mutationFn: (change: BlockChange): Promise<BlockState> => api.blocks[change](memberId),
      onSuccess: (state, change) => {
        queryClient.setQueryData(
          blockQueries.state(api, readerId, memberId).queryKey,
          (): BlockState => ({ userId: memberId, blocked: state.blocked, muted: state.muted }),
        );
        const mine = blockQueries.mine(api, readerId).queryKey;
        queryClient.setQueryData(mine, (lists) =>
          lists ? listsAfter(lists, memberId, change) : lists,
        );
        void queryClient.invalidateQueries({ queryKey: mine });
        for (const queryKey of CHANGED_ELSEWHERE)
          void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
        if (state.blocked)
          queryClient.setQueryData(
            followQueries.counts(api, memberId).queryKey,
            (counts: FollowCounts | undefined) => (counts ? countsAfter(counts, false) : counts),
          );
      },
    }),
};
