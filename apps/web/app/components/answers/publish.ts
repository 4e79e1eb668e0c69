import type { CurrentUserAnswers, OwnMeAnswer } from '@mepedia/contracts';
import type { Api } from '@mepedia/web-api';
import { meAnswerMutations, meAnswerQueries, withOwnAnswer } from '@mepedia/web-api/queries';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Publishing a questionnaire answer to the magazine, or taking it off, as mutation options: shown
 * at once in the member's answers (the magazine panel and the progress say "in the magazine", or
 * no longer), the service's answer kept when it comes, and on a failure what this change changed
 * put back (publishing makes an answer public, so its privacy too), nothing else: a draft saved
 * meanwhile stays.
 */
export function publishMutation(
  api: Api,
  queryClient: QueryClient,
  memberId: string,
  questionId: string,
) {
  const key = meAnswerQueries.own(api, memberId).queryKey;
  const find = (all: CurrentUserAnswers | undefined) =>
    all?.answers.find((answer) => answer.questionId === questionId);
  const change = (patch: Pick<OwnMeAnswer, 'publishedAsPost' | 'privacy'>) =>
    queryClient.setQueryData(key, (all) => {
      const now = find(all);
      return now ? withOwnAnswer(all, { ...now, ...patch }) : all;
    });
  return {
    mutationKey: meAnswerMutations.publish,
    // Offline it fails at once and says so, as every call here does (never paused unseen).
    networkMode: 'always' as const,
    mutationFn: (on: boolean): Promise<OwnMeAnswer> =>
      on
        ? api.meAnswers.togglePublishAsPost(questionId, 'public')
        : api.meAnswers.deleteMeAnswersFromPosts(questionId),
    onMutate: async (on: boolean): Promise<{ before: OwnMeAnswer | undefined }> => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = find(queryClient.getQueryData(key));
      if (before) change({ publishedAsPost: on, privacy: on ? 'public' : before.privacy });
      return { before };
    },
    onError: (
      _error: unknown,
      _on: boolean,
      taken: { before: OwnMeAnswer | undefined } | undefined,
    ) => {
      if (taken?.before)
        change({ publishedAsPost: taken.before.publishedAsPost, privacy: taken.before.privacy });
    },
    onSuccess: (answer: OwnMeAnswer) =>
      queryClient.setQueryData(key, (all) => withOwnAnswer(all, answer)),
  };
}
