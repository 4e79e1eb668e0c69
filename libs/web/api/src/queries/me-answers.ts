import type {
  CurrentUserAnswers,
  OwnMeAnswer,
  ProfileQuestion,
  PublicMeAnswer,
} from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

export const meAnswerQueries = {
  all: ['meAnswers'] as const,
  /** The questionnaire's ten questions, in their order (the service's order rule follows it). */
  questionnaire: (api: Api) =>
    queryOptions({
      queryKey: [...meAnswerQueries.all, 'questionnaire'] as const,
      queryFn: async (): Promise<ProfileQuestion[]> =>
        [...(await api.profileQuestions.getQuestions())].sort((a, b) => a.index - b.index),
      staleTime: STALE.long,
    }),
  /** A member's answers as anyone may read them: the live texts of the public ones. */
  member: (api: Api, userId: string) =>
    queryOptions({
      queryKey: [...meAnswerQueries.all, 'member', userId] as const,
      queryFn: (): Promise<PublicMeAnswer[]> => api.meAnswers.getUserAnswers(userId),
      staleTime: STALE.short,
    }),
  /**
   * The signed-in member's own answers, drafts and all. Changed only by the questionnaire's
   * editor (each save puts the service's answer here), so nothing refetches while they type and
   * a late answer never takes back a newer save. Keyed by the member: the browser's cache
   * outlives a sign-in as someone else in another tab.
   */
  own: (api: Api, memberId: string) =>
    queryOptions({
      queryKey: [...meAnswerQueries.all, 'own', memberId] as const,
      queryFn: (): Promise<CurrentUserAnswers> => api.meAnswers.getCurrentUserAnswers(),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};

/** The mutations' keys: a draft, a save, a revert, publishing to the magazine. */
export const meAnswerMutations = {
  draft: [...meAnswerQueries.all, 'draft'] as const,
  live: [...meAnswerQueries.all, 'live'] as const,
  revert: [...meAnswerQueries.all, 'revert'] as const,
  publish: [...meAnswerQueries.all, 'publish'] as const,
};

/** The member's answers with `answer` in place of its question's (or added, for a first save). */
export function withOwnAnswer(
  answers: CurrentUserAnswers | undefined,
  answer: OwnMeAnswer,
): CurrentUserAnswers {
  const others = (answers?.answers ?? []).filter((a) => a.questionId !== answer.questionId);
  return { answers: [...others, answer], nextIndex: answers?.nextIndex ?? null };
}
