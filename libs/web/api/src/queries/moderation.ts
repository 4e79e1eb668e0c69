import type {
  AppealsPage,
  AuditPage,
  CaseDetail,
  CaseStatus,
  DecisionsPage,
  MyReportsPage,
  QueuePage,
} from '@mepedia/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/** How many rows a page of each moderation list asks for (the service's default is 20). */
export const MODERATION_PAGE = 20;

const cursorOf = (last: { nextCursor: string | null }): string | undefined =>
  last.nextCursor ?? undefined;
const page = (pageParam: string | undefined) => ({
  limit: MODERATION_PAGE,
  ...(pageParam ? { cursor: pageParam } : {}),
});

/**
 * Trust and safety (issue 35): a member's own decisions and reports, and the moderators' queue,
 * cases, appeals and audit log. Always the caller's own view, so no key holds a member: the
 * browser's cache is emptied when the member signed in changes (components/query). A decision or
 * an appeal marks `all` stale: every list may have changed with it.
 */
export const moderationQueries = {
  all: ['moderation'] as const,
  myDecisions: (api: Api) =>
    infiniteQueryOptions({
      queryKey: [...moderationQueries.all, 'myDecisions'] as const,
      queryFn: ({ pageParam }): Promise<DecisionsPage> =>
        api.moderation.getMyDecisions(page(pageParam)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
  myReports: (api: Api) =>
    infiniteQueryOptions({
      queryKey: [...moderationQueries.all, 'myReports'] as const,
      queryFn: ({ pageParam }): Promise<MyReportsPage> =>
        api.moderation.getMyReports(page(pageParam)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
  queue: (api: Api, status: CaseStatus) =>
    infiniteQueryOptions({
      queryKey: [...moderationQueries.all, 'queue', status] as const,
      queryFn: ({ pageParam }): Promise<QueuePage> =>
        api.moderation.getQueue({ status, ...page(pageParam) }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
  case: (api: Api, caseId: string) =>
    queryOptions({
      queryKey: [...moderationQueries.all, 'case', caseId] as const,
      queryFn: (): Promise<CaseDetail> => api.moderation.getCase(caseId),
      staleTime: STALE.short,
    }),
  appeals: (api: Api) =>
    infiniteQueryOptions({
      queryKey: [...moderationQueries.all, 'appeals'] as const,
      queryFn: ({ pageParam }): Promise<AppealsPage> => api.moderation.getAppeals(page(pageParam)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
  audit: (api: Api) =>
    infiniteQueryOptions({
      queryKey: [...moderationQueries.all, 'audit'] as const,
      queryFn: ({ pageParam }): Promise<AuditPage> => api.moderation.getAuditLog(page(pageParam)),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: cursorOf,
      staleTime: STALE.short,
    }),
};
