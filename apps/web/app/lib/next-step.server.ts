import type { Api } from '@mepedia/web-api';
import { chooseNextStep, type NextStep } from './next-step';

type Session = Awaited<ReturnType<Api['users']['session']>>;

/**
 * The next step of the member whose profile this is, when they are the one reading it; null for
 * anyone else. A guest (no cookie at all) costs no call. Whatever cannot be read leaves the step
 * at its safe default ("Write a story"): the header always has its one button. `reader`: the
 * session when the page has read it already (null when it could not).
 */
export async function ownNextStep(
  api: Api,
  request: Request,
  profileId: string,
  reader?: Promise<Session | null>,
): Promise<NextStep | null> {
  if (!request.headers.get('cookie')) return null;
  const session = await (reader ?? api.users.session().catch(() => null));
  if (!session || typeof session === 'string' || session.id !== profileId) return null;
  const [answers, posts] = await Promise.all([
    api.meAnswers.getCurrentUserAnswers().catch(() => null),
    api.posts
      .getPosts({ publisherId: profileId, sortBy: 'mostRecent', limit: 1, pageNumber: 0 })
      .catch(() => null),
  ]);
  if (!answers) return { kind: 'story' };
  return chooseNextStep({
    nextQuestion: answers.nextIndex,
    hasPosts: posts ? posts.posts.length > 0 : null,
  });
}
