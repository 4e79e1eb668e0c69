import type {
  PrivateAnswer,
  PrivateQuestion,
  PrivateQuestionsList,
  SharedPrivateAnswers,
} from '@mepedia/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/**
 * A member's private questions and their answers: their owner's alone, so every key names the
 * member (the browser's cache outlives a sign-in as someone else in another tab), and one key,
 * `member(id)`, covers all of them (a question deleted renumbers the ones after it).
 */
export const privateQuestionQueries = {
  all: ['privateQuestions'] as const,
  member: (memberId: string) => [...privateQuestionQueries.all, memberId] as const,
  /** The member's questions, in index order (1 to n). */
  list: (api: Api, memberId: string) =>
    queryOptions({
      queryKey: [...privateQuestionQueries.member(memberId), 'list'] as const,
      queryFn: (): Promise<PrivateQuestionsList> => api.privateQuestions.getQuestions(),
      staleTime: STALE.short,
    }),
  /** The question at place `index`, for its form. */
  question: (api: Api, memberId: string, index: number) =>
    queryOptions({
      queryKey: [...privateQuestionQueries.member(memberId), 'question', index] as const,
      queryFn: (): Promise<PrivateQuestion> => api.privateQuestions.getQuestionByIndex(index),
      staleTime: STALE.short,
    }),
  /**
   * The question at place `index` with the member's answer, drafts and all. Changed only by its
   * editor (each save puts the service's answer here), so nothing refetches while they type.
   */
  answer: (api: Api, memberId: string, index: number) =>
    queryOptions({
      queryKey: [...privateQuestionQueries.member(memberId), 'answer', index] as const,
      queryFn: (): Promise<PrivateAnswer> => api.privateQuestions.getAnswer(index),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  /**
   * Another member's saved answers as `readerId` may read them (their audiences): under the
   * reader's keys, as what they may read is theirs (a sign-in as someone else reads other ones).
   */
  shared: (api: Api, readerId: string, userId: string) =>
    queryOptions({
      queryKey: [...privateQuestionQueries.member(readerId), 'shared', userId] as const,
      queryFn: (): Promise<SharedPrivateAnswers> => api.privateQuestions.getSharedAnswers(userId),
      staleTime: STALE.short,
    }),
};

/** The mutations' keys. */
export const privateQuestionMutations = {
  save: [...privateQuestionQueries.all, 'save'] as const,
  remove: [...privateQuestionQueries.all, 'remove'] as const,
  draft: [...privateQuestionQueries.all, 'draft'] as const,
  live: [...privateQuestionQueries.all, 'live'] as const,
  revert: [...privateQuestionQueries.all, 'revert'] as const,
};
