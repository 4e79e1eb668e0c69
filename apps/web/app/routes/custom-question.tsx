import { registerMessages, privateQuestionsMessages } from '@mepedia/web-i18n';
import { PRIVATE_SUB_QUESTIONS_MAX } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { data, redirect } from 'react-router';
import { DeleteQuestion } from '../components/private-questions/delete-question';
import { QuestionForm } from '../components/private-questions/question-form';
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
  if (raw === undefined) return { question: null };
  if (!QUESTION_INDEX.test(raw)) throw data(null, { status: 404 });
  try {
    const question = await serverApi(context, request).privateQuestions.getQuestionByIndex(
      Number(raw),
    );
    return { question };
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
  const { t } = useI18n();
  const root = useRootData();
  const { question } = loaderData;
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
      <QuestionForm key={question?.questionId ?? 'new'} saved={question} />
      {question && <DeleteQuestion question={question} memberId={root?.user?.id ?? null} />}
    </section>
  );
}
