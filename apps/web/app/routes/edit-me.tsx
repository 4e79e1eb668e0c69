import {
  ME_PUBLISH_MIN_CHARS,
  SaveAnswerRequest,
  longestSubAnswer,
  type AnswerData,
  type CurrentUserAnswers,
  type OwnMeAnswer,
  type AnswerPrivacy,
  type ProfileQuestion,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { meAnswerMutations, meAnswerQueries, withOwnAnswer } from '@mepedia/web-api/queries';
import { editMeMessages, registerMessages, splitLocale } from '@mepedia/web-i18n';
import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ServerCrash } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { data, useSearchParams } from 'react-router';
import '../styles/answers.css';
import { AnswerEditor, type EditorTools } from '../components/answers/answer-editor';
import { answerResolver } from '../components/answers/answer-form';
import { publishMutation } from '../components/answers/publish';
import { draftStorageKey } from '../components/answers/autosave';
import { QuestionnaireProgress } from '../components/answers/progress';
import { mayOpen, nextOpenIndex } from '../components/answers/questionnaire';
import { EmptyState } from '../components/empty-state';
import { FormError } from '../components/field';
import { Icon } from '../components/icon';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { useLoaderSeed } from '../components/query/seed';
import { useToasts } from '../components/toasts';
import { Dialog } from '../components/ui/dialog';
import { AudiencePicker } from '../components/audience/audience-picker';
import { useLastAudience } from '../components/audience/last-audience';
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
  // Read with the query layer's definitions (a cache for this answer alone, so the key's member
  // does not matter here); the page puts what they read in its cache under the member's keys
  // (useLoaderSeed), and nothing is asked again in the browser.
  const queries = new QueryClient();
  const at = Date.now();
  const [questions, answers] = await Promise.all([
    queries.fetchQuery(meAnswerQueries.questionnaire(api)).catch(() => null),
    // A failure here is told on the page ('error loading answers'), with a way to try again.
    queries.fetchQuery(meAnswerQueries.own(api, 'loader')).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 401) throw data(null, { status: 401 });
      return null;
    }),
  ]);
  if (!questions) return { index, questions: [], answers: null, at };
  if (!questions.some((question) => question.index === index)) throw data(null, { status: 404 });
  return { index, questions, answers, at };
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

type Loaded = Route.ComponentProps['loaderData'];

/** The questionnaire, one question at a time: /profile/edit-me/{n}. */
export default function EditMe({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <Questionnaire loaderData={loaderData} />
    </QueryProvider>
  );
}

/**
 * The questions and the member's answers are the query cache's (meAnswerQueries), seeded from
 * the loader: every save puts the service's answer there, so the progress, the question that
 * opens next and the magazine panel follow it.
 */
function Questionnaire({ loaderData }: { loaderData: Loaded }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const memberId = useRootData()?.user?.id ?? 'guest';
  const { index, at } = loaderData;
  const questionnaire = meAnswerQueries.questionnaire(api);
  const own = meAnswerQueries.own(api, memberId);
  // A loader that could not read them says so below, with a way to try again.
  const read = loaderData.questions.length > 0 && loaderData.answers !== null;
  useLoaderSeed(questionnaire.queryKey, read ? loaderData.questions : null, at);
  useLoaderSeed(own.queryKey, read ? loaderData.answers : null, at);
  const questions = useQuery({ ...questionnaire, enabled: read }).data ?? [];
  const answers = useQuery({ ...own, enabled: read }).data?.answers ?? null;
  const question = read ? questions.find((q) => q.index === index) : undefined;
  // A member who has just verified their account lands here (`?welcome=1`): a word first.
  const [params] = useSearchParams();
  const [welcome, setWelcome] = useState(params.get('welcome') === '1' && index === 1);

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
        {welcome && (
          <WelcomePanel
            onDismiss={() => {
              setWelcome(false);
              document.getElementById('edit-me-title')?.focus();
            }}
          />
        )}
        <p className="answer-position muted">
          {richMessage(t, 'editMe.position', {
            n: <bdi>{index}</bdi>,
            total: <bdi>{questions.length}</bdi>,
          })}
        </p>
        {/* Focusable from a script: the welcome hands the reader over to the question. */}
        <h1 id="edit-me-title" tabIndex={-1}>
          {question.title[locale]}
        </h1>
        {open ? (
          <>
            <p className="lead answer-prompt">{question.prompt[locale]}</p>
            <QuestionEditor
              key={question.questionId}
              question={question}
              answer={answer}
              memberId={memberId}
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

/**
 * The first thing a newly verified member reads: what the questionnaire is, that it keeps their
 * drafts, and that they publish when ready. Its heading takes the focus, so a screen reader
 * starts here; the button hands over to the question.
 */
function WelcomePanel({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice answer-welcome" aria-labelledby="answer-welcome-title">
      <h2 id="answer-welcome-title" ref={heading} tabIndex={-1}>
        {t('editMe.welcome.title')}
      </h2>
      <p>{t('editMe.welcome.text')}</p>
      <button type="button" className="button button-secondary" onClick={onDismiss}>
        {t('editMe.welcome.dismiss')}
      </button>
    </section>
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

/** The draft, the live answer and the magazine: each a mutation over the member's answers. */
function useAnswerMutations(questionId: string, memberId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = meAnswerQueries.own(api, memberId).queryKey;
  // Every answer the service gives back is the member's answer to the question from then on.
  const put = (answer: OwnMeAnswer) =>
    queryClient.setQueryData(key, (all: CurrentUserAnswers | undefined) =>
      withOwnAnswer(all, answer),
    );
  type Sent = { answerData: AnswerData; version: number };
  const draft = useMutation({
    mutationKey: meAnswerMutations.draft,
    // Sent even offline, to fail at once: the autosave keeps the text on the device, says "No
    // connection" and tries again itself (the library would hold the call, unseen).
    networkMode: 'always',
    mutationFn: ({ answerData, version }: Sent) =>
      api.meAnswers.saveDraft(questionId, answerData, version),
    onSuccess: put,
  });
  const live = useMutation({
    mutationKey: meAnswerMutations.live,
    networkMode: 'always',
    mutationFn: ({ answerData, version, privacy }: Sent & { privacy: AnswerPrivacy }) =>
      api.meAnswers.saveLive(questionId, answerData, version, privacy),
    onSuccess: put,
  });
  const revert = useMutation({
    mutationKey: meAnswerMutations.revert,
    networkMode: 'always',
    mutationFn: (version: number) => api.meAnswers.revertDraft(questionId, version),
    onSuccess: put,
  });
  const publishing = useMutation(publishMutation(api, queryClient, memberId, questionId));
  return { draft, live, revert, publishing };
}

function QuestionEditor({
  question,
  answer,
  memberId,
}: {
  question: ProfileQuestion;
  answer: OwnMeAnswer | undefined;
  memberId: string;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const id = question.questionId;
  // The editor starts from the answer as the page opened with it; what it saves since is its own.
  const [initial] = useState(answer ?? null);
  const [privacy, setPrivacy] = useState<AnswerPrivacy>(answer?.privacy ?? 'public');
  // The privacy the next Save sends, whichever render the editor's call was made in.
  const privacyNow = useRef(privacy);
  privacyNow.current = privacy;
  // The live answer's privacy as the service last said it. A choice not saved yet stays in the
  // picker whatever a draft's save answers (it carries the live answer's privacy): only a Save,
  // which sends the choice, or publishing, which widens it, changes what the picker shows.
  const savedPrivacy = useRef(answer?.privacy ?? 'public');
  const heard = (changed: OwnMeAnswer) => {
    if (privacyNow.current === savedPrivacy.current) setPrivacy(changed.privacy);
    savedPrivacy.current = changed.privacy;
  };
  // A question answered for the first time starts from the audience the member chose last.
  const choseAudience = useLastAudience({
    kind: 'answer',
    memberId,
    fresh: !answer || answer.live === null,
    apply: setPrivacy,
  });
  const { draft, live, revert, publishing } = useAnswerMutations(id, memberId);
  // The answer's rules are the save call's (SaveAnswerRequest): a rule changed there changes them.
  const [resolver] = useState(() =>
    answerResolver(
      SaveAnswerRequest,
      question.subQuestions.map((sub) => sub.subQuestionId),
      (answerData) => ({ questionId: id, answerData, version: 0, privacy: privacyNow.current }),
    ),
  );

  return (
    <AnswerEditor<OwnMeAnswer>
      idPrefix="edit-me"
      subQuestions={question.subQuestions.map((sub) => ({
        id: sub.subQuestionId,
        label: sub.text[locale],
      }))}
      resolver={resolver}
      initial={initial}
      storageKey={draftStorageKey(memberId, 'me', id)}
      saveDraft={(answerData, version) => draft.mutateAsync({ answerData, version })}
      saveLive={(answerData, version) =>
        live.mutateAsync({ answerData, version, privacy: privacyNow.current })
      }
      revert={(version) => revert.mutateAsync(version)}
      loadLatest={async () =>
        (await api.meAnswers.getCurrentUserAnswers()).answers.find((a) => a.questionId === id) ??
        null
      }
      onAnswer={heard}
      beforeActions={
        <AudiencePicker
          legend={t('editMe.privacy.legend')}
          name="privacy"
          value={privacy}
          magazine={answer?.publishedAsPost ?? false}
          onChange={(chosen) => {
            choseAudience(chosen);
            setPrivacy(chosen);
          }}
          hint={t('editMe.privacy.hint')}
        />
      }
      after={(tools) => (
        <MagazinePanel
          tools={tools}
          published={answer?.publishedAsPost ?? false}
          audience={privacy}
          savedAudience={answer?.privacy ?? 'public'}
          publishing={publishing}
          onPublished={(changed) => {
            savedPrivacy.current = changed.privacy;
            setPrivacy(changed.privacy);
          }}
        />
      )}
    />
  );
}

type PublishMutation = ReturnType<typeof useAnswerMutations>['publishing'];

/**
 * The magazine: publish the answer there, or take it off. The magazine shows only what everyone
 * may read, so publishing an answer of a narrower audience (`audience`, as the picker has it)
 * widens it to everyone: the hint says so, and the member confirms it first (issue 34). An answer
 * in the magazine whose saved audience is narrower (`savedAudience`) is not shown there, and the
 * panel says so.
 */
function MagazinePanel({
  tools,
  published,
  audience,
  savedAudience,
  publishing,
  onPublished,
}: {
  tools: EditorTools<OwnMeAnswer>;
  published: boolean;
  audience: AnswerPrivacy;
  savedAudience: AnswerPrivacy;
  publishing: PublishMutation;
  onPublished: (answer: OwnMeAnswer) => void;
}) {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  const [error, setError] = useState<string | null>(null);
  const [confirmWiden, setConfirmWiden] = useState(false);
  const widens = audience !== 'public';
  const remaining = Math.max(0, ME_PUBLISH_MIN_CHARS - longestSubAnswer(tools.data));
  const busy = publishing.isPending;
  const sending = busy || tools.busy;

  // Shown at once (publishMutation); the toast once the service has it, the error if not.
  const toggle = (on: boolean) =>
    publishing.mutate(on, {
      onSuccess: (changed) => {
        onPublished(changed);
        toasts.success(t(on ? 'editMe.publish.done' : 'editMe.publish.removed'));
      },
      onError: (failure) =>
        setError(`${t('editMe.error.publish')}: ${describeApiError(failure, locale).message}`),
    });

  const publishNow = async () => {
    setConfirmWiden(false);
    setError(null);
    // What is published is the saved answer: save what is on screen first.
    const saved = await tools.saveLive();
    if (saved) toggle(true);
  };

  // Not everyone may read it: asked first, as publishing shares it with everyone.
  const publish = () => {
    if (widens) setConfirmWiden(true);
    else void publishNow();
  };

  const remove = () => {
    setError(null);
    toggle(false);
  };

  return (
    <section className="answer-magazine" aria-labelledby="edit-me-magazine-title">
      <h2 id="edit-me-magazine-title">{t('editMe.publish.title')}</h2>
      <FormError message={error} />
      {published ? (
        <>
          <p>{t('editMe.publish.isPublished')}</p>
          {savedAudience !== 'public' && <p className="hint">{t('editMe.publish.hidden')}</p>}
          <button
            type="button"
            className="button button-secondary"
            disabled={sending}
            aria-busy={busy}
            onClick={remove}
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
            onClick={publish}
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
              : widens
                ? t('editMe.publish.widen', { audience })
                : t('editMe.publish.hint')}
          </p>
          <Dialog
            open={confirmWiden}
            title={t('editMe.publish.widen.title')}
            onClose={() => setConfirmWiden(false)}
            actions={
              <>
                <button type="button" className="button" onClick={() => void publishNow()}>
                  {t('editMe.publish.widen.confirm')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setConfirmWiden(false)}
                >
                  {t('editMe.publish.widen.cancel')}
                </button>
              </>
            }
          >
            <p>{t('editMe.publish.widen', { audience })}</p>
          </Dialog>
        </>
      )}
    </section>
  );
}
