import type { LottiesState, ReactionCollection } from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

export const reactionQueries = {
  all: ['reactions'] as const,
  /** The five reactions' counts on a post or a me answer, and which are the reader's. */
  state: (api: Api, collectionName: ReactionCollection, objectId: string) =>
    queryOptions({
      queryKey: [...reactionQueries.all, collectionName, objectId] as const,
      queryFn: (): Promise<LottiesState> => api.lotties.fillLotties(collectionName, objectId),
      staleTime: STALE.short,
    }),
};
