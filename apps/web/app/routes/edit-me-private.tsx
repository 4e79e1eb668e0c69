import { registerMessages, editMeMessages } from '@mepedia/web-i18n';
import type { PrivateAnswer, PrivateQuestion } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { ChevronLeft, ChevronRight, Lock, Plus, Pencil, ServerCrash } from 'lucide-react';
import { useState } from 'react';
import { data } from 'react-router';
import '../styles/answers.css';
import { AnswerEditor, type EditableAnswer } from '../components/answers/answer-editor';
import { draftStorageKey } from '../components/answers/autosave';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icon';
import { LocalizedLink } from '../components/localized-link';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import { useRootData } from '../root';
import type { Route } from './+types/edit-me-private';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(editMeMessages);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const index = Number(params.questionIndex);
  if (!/^\d+$/.test(params.questionIndex) || !Number.isSafeInteger(index) || index < 1)
    throw data(null, { status: 404 });
  const api = serverApi(context, request);
  try {
    const [loaded, list] = await Promise.all([
      api.privateQuestions.getAnswer(index),
      api.privateQuestions.getQuestions(),
    ]);
    return { index, loaded: loaded as PrivateAnswer | null, questions: list.questions };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof ApiError && error.status === 401) throw data(null, { status: 401 });
    // Told on the page ('error loading answers'), with a way to try again.
    return { index, loaded: null, questions: [] as PrivateQuestion[] };
  }
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, { title: 'editMe.meta.privateTitle' });

type Answer = EditableAnswer & { question: PrivateQuestion };

/** The member's answer to one of their own private questions: /profile/edit-me-private/{n}. */
export default function EditMePrivate({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { index, loaded, questions } = loaderData;

  if (!loaded) {
    return (
      <section className="page page-narrow" aria-labelledby="edit-private-title">
        <h1 id="edit-private-title">{t('editMe.meta.privateTitle')}</h1>
        <EmptyState
          icon={ServerCrash}
          title={t('editMe.error.load')}
          action={
            <a
              className="button"
              href={`${locale === 'he' ? '/he' : ''}/profile/edit-me-private/${index}`}
            >
              {t('editMe.error.retry')}
            </a>
          }
        >
          <p>{t('editMe.error.loadText')}</p>
        </EmptyState>
      </section>
    );
  }

  const { question } = loaded;
  const total = questions.length;
  return (
    <div className="page answer-page">
      <section className="answer-main" aria-labelledby="edit-private-title">
        <p className="answer-position muted">
          {richMessage(t, 'editMe.private.position', {
            n: <bdi>{index}</bdi>,
            total: <bdi>{Math.max(total, index)}</bdi>,
          })}
        </p>
        <h1 id="edit-private-title" dir="auto" lang={textLang(question.questionTitle)}>
          {question.questionTitle}
        </h1>
        <p className="notice answer-private-note">
          <Icon icon={Lock} size={16} /> {t('editMe.private.note')}
        </p>
        <PrivateEditor key={question.questionId} loaded={loaded} index={index} />
        <nav className="answer-nav" aria-label={t('editMe.nav.label')}>
          {index > 1 && (
            <LocalizedLink
              className="button button-secondary"
              to={`/profile/edit-me-private/${index - 1}`}
            >
              <Icon icon={ChevronLeft} directional />
              {t('editMe.nav.previous')}
            </LocalizedLink>
          )}
          {index < total && (
            <LocalizedLink
              className="button button-secondary"
              to={`/profile/edit-me-private/${index + 1}`}
            >
              {t('editMe.nav.next')}
              <Icon icon={ChevronRight} directional />
            </LocalizedLink>
          )}
        </nav>
      </section>
      <aside className="answer-aside">
        <nav className="answer-progress" aria-labelledby="private-list-title">
          <h2 id="private-list-title" className="answer-progress-title">
            {t('editMe.private.list')}
          </h2>
          <ol className="answer-steps">
            {questions.map((item) => (
              <li key={item.questionId} className="answer-step">
                <LocalizedLink
                  className="answer-step-body"
                  to={`/profile/edit-me-private/${item.questionIndex}`}
                  aria-current={item.questionIndex === index ? 'page' : undefined}
                >
                  <span className="answer-step-text">
                    <span className="answer-step-title">
                      <bdi>{item.questionIndex}</bdi>.{' '}
                      <bdi lang={textLang(item.questionTitle)}>{item.questionTitle}</bdi>
                    </span>
                  </span>
                </LocalizedLink>
              </li>
            ))}
          </ol>
          <p className="answer-private-links">
            <LocalizedLink to={`/profile/custom-question/update/${index}`}>
              <Icon icon={Pencil} size={16} /> {t('editMe.private.edit')}
            </LocalizedLink>
            <LocalizedLink to="/profile/custom-question">
              <Icon icon={Plus} size={16} /> {t('editMe.private.add')}
            </LocalizedLink>
          </p>
        </nav>
      </aside>
    </div>
  );
}

function PrivateEditor({ loaded, index }: { loaded: PrivateAnswer; index: number }) {
  const api = useApi();
  const memberId = useRootData()?.user?.id ?? 'guest';
  const id = loaded.question.questionId;
  const withQuestion = (answer: PrivateAnswer): Answer => ({
    ...answer.answer,
    question: answer.question,
  });
  const [initial] = useState<Answer>(() => withQuestion(loaded));

  return (
    <AnswerEditor<Answer>
      idPrefix="edit-private"
      subQuestions={loaded.question.subQuestions.map((sub) => ({ id: sub.id, label: sub.title }))}
      initial={initial}
      storageKey={draftStorageKey(memberId, 'private', id)}
      saveDraft={async (answerData, version) =>
        withQuestion(await api.privateQuestions.saveDraft(index, id, answerData, version))
      }
      saveLive={async (answerData, version) =>
        withQuestion(await api.privateQuestions.saveLive(index, id, answerData, version))
      }
      revert={async (version) =>
        withQuestion(await api.privateQuestions.revertDraft(index, id, version))
      }
      loadLatest={async () => {
        const latest = await api.privateQuestions.getAnswer(index);
        // The question at this place changed (one before it was deleted): start again from it.
        if (latest.question.questionId !== id) {
          window.location.reload();
          return null;
        }
        return withQuestion(latest);
      }}
    />
  );
}
