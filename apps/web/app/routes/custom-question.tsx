import { registerMessages, privateQuestionsMessages } from '@mepedia/web-i18n';
import { PRIVATE_SUB_QUESTIONS_MAX } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { privateQuestionQueries } from '@mepedia/web-api/queries';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { data, redirect } from 'react-router';
import { DeleteQuestion } from '../components/private-questions/delete-question';
import { QuestionForm } from '../components/private-questions/question-form';
import { QueryProvider } from '../components/query/query-provider';
import { useLoaderSeed } from '../components/query/seed';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { guardRedirect } from '../lib/navigation';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/custom-question';
import '../styles/private-questions.css';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(privateQuestionsMessages);

// A place in the member's list: 1 to n, and no number the API would refuse as out of range.
const QUESTION_INDEX = /^[1-9]\d{0,8}$/;

/** The update page's question, read as the member; the create page needs nothing. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const raw = params.questionIndex;
  const at = Date.now();
  if (raw === undefined) return { question: null, at };
  if (!QUESTION_INDEX.test(raw)) throw data(null, { status: 404 });
  try {
    // Read with the query layer's definition (a cache for this answer alone, so the key's member
    // does not matter here); the page seeds its cache with it under the member's key.
    const question = await new QueryClient().fetchQuery(
      privateQuestionQueries.question(serverApi(context, request), 'loader', Number(raw)),
    );
    return { question, at };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    // Signed out meanwhile: the guard's answer, whichever loader finishes first.
    if (error instanceof ApiError && error.status === 401)
      throw redirect(guardRedirect(new URL(request.url).pathname, null) ?? '/auth?modal=login');
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ location, matches, params }) => [
  ...pageMeta(matches[0]?.data, location.pathname, {
    title:
      params.questionIndex === undefined
        ? 'privateQuestions.create.title'
        : 'privateQuestions.update.title',
  }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** Create a private question, or edit (and delete) one: /profile/custom-question[/update/{n}]. */
export default function CustomQuestion({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <QuestionPage loaderData={loaderData} />
    </QueryProvider>
  );
}

/** The question is the query cache's (privateQuestionQueries.question), seeded from the loader. */
function QuestionPage({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { t } = useI18n();
  const api = useApi();
  const memberId = useRootData()?.user?.id ?? null;
  const seeded = loaderData.question;
  const query = privateQuestionQueries.question(
    api,
    memberId ?? 'guest',
    seeded?.questionIndex ?? 0,
  );
  useLoaderSeed(query.queryKey, seeded, loaderData.at);
  const read = useQuery({ ...query, enabled: seeded !== null }).data;
  const question = seeded ? (read ?? seeded) : null;
  return (
    <section className="page page-narrow pq-page" aria-labelledby="pq-title">
      <h1 id="pq-title">
        {t(question ? 'privateQuestions.update.title' : 'privateQuestions.create.title')}
      </h1>
      {question ? (
        <p className="notice pq-note">{t('privateQuestions.update.answersNote')}</p>
      ) : (
        <p className="lead">
          {richMessage(t, 'privateQuestions.create.intro', {
            count: PRIVATE_SUB_QUESTIONS_MAX,
            n: <bdi>{PRIVATE_SUB_QUESTIONS_MAX}</bdi>,
          })}
        </p>
      )}
      <QuestionForm
        key={question?.questionId ?? 'new'}
        saved={question}
        memberId={memberId ?? 'guest'}
      />
      {question && <DeleteQuestion question={question} memberId={memberId} />}
    </section>
  );
}
