import {
  ME_PUBLISH_MIN_CHARS,
  longestSubAnswer,
  type OwnMeAnswer,
  type PostPrivacy,
  type ProfileQuestion,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { editMeMessages, registerMessages, splitLocale } from '@mepedia/web-i18n';
import { ChevronLeft, ChevronRight, ServerCrash } from 'lucide-react';
import { useState } from 'react';
import { data } from 'react-router';
import '../styles/answers.css';
import { AnswerEditor, type EditorTools } from '../components/answers/answer-editor';
import { draftStorageKey } from '../components/answers/autosave';
import { QuestionnaireProgress } from '../components/answers/progress';
import { mayOpen, nextOpenIndex } from '../components/answers/questionnaire';
import { EmptyState } from '../components/empty-state';
import { FormError } from '../components/field';
import { Icon } from '../components/icon';
import { LocalizedLink } from '../components/localized-link';
import { useToasts } from '../components/toasts';
import { RadioGroup } from '../components/ui/radio-group';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta, rootOf } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/edit-me';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(editMeMessages);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const index = Number(params.questionIndex);
  if (!/^\d+$/.test(params.questionIndex) || !Number.isSafeInteger(index))
    throw data(null, { status: 404 });
  const api = serverApi(context, request);
  const [questions, answers] = await Promise.all([
    api.profileQuestions.getQuestions().catch(() => null),
    // A failure here is told on the page ('error loading answers'), with a way to try again.
    api.meAnswers.getCurrentUserAnswers().catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw data(null, { status: 401 });
      return null;
    }),
  ]);
  if (!questions) return { index, questions: [], answers: null };
  const ordered = [...questions].sort((a, b) => a.index - b.index);
  if (!ordered.some((question) => question.index === index)) throw data(null, { status: 404 });
  return { index, questions: ordered, answers };
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const locale = rootOf(matches[0]?.data)?.locale ?? splitLocale(location.pathname).locale;
  const page = loaded as { index?: number; questions?: ProfileQuestion[] } | undefined;
  const question = page?.questions?.find((q) => q.index === page.index);
  return pageMeta(
    matches[0]?.data,
    location.pathname,
    { title: 'editMe.meta.title' },
    question ? { title: question.title[locale] } : {},
  );
};

/** The questionnaire, one question at a time: /profile/edit-me/{n}. */
export default function EditMe({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { index, questions } = loaderData;
  const question = questions.find((q) => q.index === index);
  const [answers, setAnswers] = useState<OwnMeAnswer[] | null>(loaderData.answers?.answers ?? null);
  // Another question, another page's data: start from it.
  const [shownFor, setShownFor] = useState(loaderData);
  if (shownFor !== loaderData) {
    setShownFor(loaderData);
    setAnswers(loaderData.answers?.answers ?? null);
  }

  if (!question || !answers) {
    return (
      <section className="page page-narrow" aria-labelledby="edit-me-title">
        <h1 id="edit-me-title">{question ? question.title[locale] : t('editMe.meta.title')}</h1>
        <EmptyState
          icon={ServerCrash}
          title={t('editMe.error.load')}
          action={
            <a className="button" href={`${locale === 'he' ? '/he' : ''}/profile/edit-me/${index}`}>
              {t('editMe.error.retry')}
            </a>
          }
        >
          <p>{t('editMe.error.loadText')}</p>
        </EmptyState>
      </section>
    );
  }

  const next = nextOpenIndex(questions, answers);
  const open = mayOpen(index, next);
  const answer = answers.find((a) => a.questionId === question.questionId);
  const nextQuestion = questions.find((q) => q.index === next);

  return (
    <div className="page answer-page">
      <section className="answer-main" aria-labelledby="edit-me-title">
        <p className="answer-position muted">
          {richMessage(t, 'editMe.position', {
            n: <bdi>{index}</bdi>,
            total: <bdi>{questions.length}</bdi>,
          })}
        </p>
        <h1 id="edit-me-title">{question.title[locale]}</h1>
        {open ? (
          <>
            <p className="lead answer-prompt">{question.prompt[locale]}</p>
            <QuestionEditor
              key={question.questionId}
              question={question}
              answer={answer}
              onAnswer={(changed) =>
                setAnswers((current) => [
                  ...(current ?? []).filter((a) => a.questionId !== changed.questionId),
                  changed,
                ])
              }
            />
          </>
        ) : (
          <div className="notice answer-locked" role="note">
            <h2>{t('editMe.locked.title')}</h2>
            <p>{richMessage(t, 'editMe.locked.text', { next: <bdi>{next ?? 1}</bdi> })}</p>
            {nextQuestion && (
              <p>
                <LocalizedLink className="button" to={`/profile/edit-me/${nextQuestion.index}`}>
                  {/* One run of text: a button lays its children out with gaps between them. */}
                  <span>
                    {richMessage(t, 'editMe.locked.link', {
                      next: <bdi>{nextQuestion.index}</bdi>,
                      title: nextQuestion.title[locale],
                    })}
                  </span>
                </LocalizedLink>
              </p>
            )}
          </div>
        )}
        <QuestionNav index={index} total={questions.length} next={next} open={open} />
      </section>
      <aside className="answer-aside">
        <QuestionnaireProgress
          questions={questions}
          answers={answers}
          next={next}
          current={index}
        />
      </aside>
    </div>
  );
}

function QuestionNav({
  index,
  total,
  next,
  open,
}: {
  index: number;
  total: number;
  next: number | null;
  open: boolean;
}) {
  const { t } = useI18n();
  const nextOpen = index < total && mayOpen(index + 1, next);
  return (
    <nav className="answer-nav" aria-label={t('editMe.nav.label')}>
      {index > 1 && (
        <LocalizedLink className="button button-secondary" to={`/profile/edit-me/${index - 1}`}>
          <Icon icon={ChevronLeft} directional />
          {t('editMe.nav.previous')}
        </LocalizedLink>
      )}
      {nextOpen && (
        <LocalizedLink className="button button-secondary" to={`/profile/edit-me/${index + 1}`}>
          {t('editMe.nav.next')}
          <Icon icon={ChevronRight} directional />
        </LocalizedLink>
      )}
      {open && !nextOpen && (
        <p className="muted">{index < total ? t('editMe.nav.nextLocked') : t('editMe.nav.done')}</p>
      )}
    </nav>
  );
}

function QuestionEditor({
  question,
  answer,
  onAnswer,
}: {
  question: ProfileQuestion;
  answer: OwnMeAnswer | undefined;
  onAnswer: (answer: OwnMeAnswer) => void;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const memberId = useRootData()?.user?.id ?? 'guest';
  const [privacy, setPrivacy] = useState<PostPrivacy>(answer?.privacy ?? 'public');
  const [published, setPublished] = useState(answer?.publishedAsPost ?? false);
  const id = question.questionId;

  const received = (changed: OwnMeAnswer) => {
    setPublished(changed.publishedAsPost);
    onAnswer(changed);
  };

  return (
    <AnswerEditor<OwnMeAnswer>
      idPrefix="edit-me"
      subQuestions={question.subQuestions.map((sub) => ({
        id: sub.subQuestionId,
        label: sub.text[locale],
      }))}
      initial={answer ?? null}
      storageKey={draftStorageKey(memberId, 'me', id)}
      saveDraft={(answerData, version) => api.meAnswers.saveDraft(id, answerData, version)}
      saveLive={(answerData, version) => api.meAnswers.saveLive(id, answerData, version, privacy)}
      revert={(version) => api.meAnswers.revertDraft(id, version)}
      loadLatest={async () =>
        (await api.meAnswers.getCurrentUserAnswers()).answers.find((a) => a.questionId === id) ??
        null
      }
      onAnswer={(changed) => {
        setPrivacy(changed.privacy);
        received(changed);
      }}
      beforeActions={
        <RadioGroup
          legend={t('editMe.privacy.legend')}
          name="privacy"
          inline
          options={[
            { value: 'public' as const, label: t('editMe.privacy.public') },
            { value: 'private' as const, label: t('editMe.privacy.private') },
          ]}
          value={privacy}
          onChange={setPrivacy}
          hint={t('editMe.privacy.hint')}
        />
      }
      after={(tools) => (
        <MagazinePanel
          questionId={id}
          tools={tools}
          published={published}
          onAnswer={(changed) => {
            setPrivacy(changed.privacy);
            received(changed);
          }}
        />
      )}
    />
  );
}

function MagazinePanel({
  questionId,
  tools,
  published,
  onAnswer,
}: {
  questionId: string;
  tools: EditorTools<OwnMeAnswer>;
  published: boolean;
  onAnswer: (answer: OwnMeAnswer) => void;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remaining = Math.max(0, ME_PUBLISH_MIN_CHARS - longestSubAnswer(tools.data));
  const sending = busy || tools.busy;

  const publish = async () => {
    setError(null);
    // What is published is the saved answer: save what is on screen first.
    const saved = await tools.saveLive();
    if (!saved) return;
    setBusy(true);
    try {
      onAnswer(await api.meAnswers.togglePublishAsPost(questionId, 'public'));
      toasts.success(t('editMe.publish.done'));
    } catch (failure) {
      setError(`${t('editMe.error.publish')}: ${describeApiError(failure, locale).message}`);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy(true);
    try {
      onAnswer(await api.meAnswers.deleteMeAnswersFromPosts(questionId));
      toasts.success(t('editMe.publish.removed'));
    } catch (failure) {
      setError(`${t('editMe.error.publish')}: ${describeApiError(failure, locale).message}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="answer-magazine" aria-labelledby="edit-me-magazine-title">
      <h2 id="edit-me-magazine-title">{t('editMe.publish.title')}</h2>
      <FormError message={error} />
      {published ? (
        <>
          <p>{t('editMe.publish.isPublished')}</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={sending}
            aria-busy={busy}
            onClick={() => void remove()}
          >
            {busy ? t('form.sending') : t('editMe.publish.remove')}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button"
            disabled={sending || remaining > 0}
            aria-busy={busy}
            aria-describedby="edit-me-publish-hint"
            onClick={() => void publish()}
          >
            {busy ? t('form.sending') : t('editMe.publish.button')}
          </button>
          <p className="hint muted" id="edit-me-publish-hint">
            {remaining > 0
              ? richMessage(t, 'editMe.publish.remaining', {
                  count: remaining,
                  n: <bdi>{remaining}</bdi>,
                  min: <bdi>{ME_PUBLISH_MIN_CHARS}</bdi>,
                })
              : t('editMe.publish.hint')}
          </p>
        </>
      )}
    </section>
  );
}
