import type { MyCircle, CirclesImIn } from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/**
 * The member's circle (issue 34), for the settings' Circle tab: their own circle (members,
 * invitations waiting, limits) and the circles they are in. Keyed by the member, as the
 * browser's cache outlives a sign-in as someone else in another tab. Each change on the tab puts
 * its effect here and marks the read stale (`circleQueries.all`).
 */
export const circleQueries = {
  all: ['circles'] as const,
  mine: (api: Api, memberId: string) =>
    queryOptions({
      queryKey: [...circleQueries.all, 'mine', memberId] as const,
      queryFn: (): Promise<MyCircle> => api.circles.getMyCircle(),
      staleTime: STALE.short,
    }),
  imIn: (api: Api, memberId: string) =>
    queryOptions({
      queryKey: [...circleQueries.all, 'imIn', memberId] as const,
      queryFn: (): Promise<CirclesImIn> => api.circles.getCirclesImIn(),
      staleTime: STALE.short,
    }),
};
