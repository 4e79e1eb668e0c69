import { registerMessages, editMeMessages, localizePath, splitLocale } from '@mepedia/web-i18n';
import {
  SavePrivateAnswerRequest,
  type AnswerData,
  type AnswerPrivacy,
  type PrivateAnswer,
  type PrivateQuestion,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { privateQuestionMutations, privateQuestionQueries } from '@mepedia/web-api/queries';
import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Lock, Plus, Pencil, ServerCrash } from 'lucide-react';
import { useRef, useState } from 'react';
import { data, redirect } from 'react-router';
import '../styles/answers.css';
import { AnswerEditor, type EditableAnswer } from '../components/answers/answer-editor';
import { answerResolver } from '../components/answers/answer-form';
import { draftStorageKey } from '../components/answers/autosave';
import { AudienceBadge } from '../components/audience/audience-badge';
import { AudiencePicker } from '../components/audience/audience-picker';
import { useLastAudience } from '../components/audience/last-audience';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icon';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { useLoaderSeed } from '../components/query/seed';
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
  // Read with the query layer's definitions (a cache for this answer alone, so the key's member
  // does not matter here); the page puts what they read in its cache under the member's keys
  // (useLoaderSeed), and nothing is asked again in the browser.
  const queries = new QueryClient();
  const at = Date.now();
  // The weekly question's email names the question too (`?question={id}`): its place moves up
  // when an earlier one is deleted, so the link finds it where it is now, or, gone, the list.
  const url = new URL(request.url);
  const named = url.searchParams.get('question');
  if (named !== null) {
    const { locale } = splitLocale(url.pathname);
    let found: PrivateQuestion | undefined;
    try {
      const { questions } = await queries.fetchQuery(privateQuestionQueries.list(api, 'loader'));
      found = questions.find((question) => question.questionId === named);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) throw data(null, { status: 401 });
      throw error;
    }
    throw redirect(
      localizePath(
        found ? `/profile/edit-me-private/${found.questionIndex}` : '/me/custom-question',
        locale,
      ),
    );
  }
  try {
    const [loaded, list] = await Promise.all([
      queries.fetchQuery(privateQuestionQueries.answer(api, 'loader', index)),
      queries.fetchQuery(privateQuestionQueries.list(api, 'loader')),
    ]);
    return { index, loaded: loaded as PrivateAnswer | null, list, at };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    if (error instanceof ApiError && error.status === 401) throw data(null, { status: 401 });
    // Told on the page ('error loading answers'), with a way to try again.
    return { index, loaded: null, list: { questions: [] as PrivateQuestion[] }, at };
  }
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, { title: 'editMe.meta.privateTitle' });

type Answer = EditableAnswer & { question: PrivateQuestion };

/** The member's answer to one of their own private questions: /profile/edit-me-private/{n}. */
export default function EditMePrivate({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider>
      <PrivateAnswerPage loaderData={loaderData} />
    </QueryProvider>
  );
}

/**
 * The member's questions and this answer are the query cache's (privateQuestionQueries), seeded
 * from the loader; every save puts the service's answer there.
 */
function PrivateAnswerPage({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const memberId = useRootData()?.user?.id ?? 'guest';
  const { index, at } = loaderData;
  const answerQuery = privateQuestionQueries.answer(api, memberId, index);
  const listQuery = privateQuestionQueries.list(api, memberId);
  const read = loaderData.loaded !== null;
  useLoaderSeed(answerQuery.queryKey, loaderData.loaded, at);
  useLoaderSeed(listQuery.queryKey, read ? loaderData.list : null, at);
  const loaded = useQuery({ ...answerQuery, enabled: read }).data ?? null;
  const questions = useQuery({ ...listQuery, enabled: read }).data?.questions ?? [];

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
        {/* Who reads the saved answer now: it follows every save (the query cache's answer). */}
        {question.privacy !== 'public' && (
          <p className="answer-audience">
            <AudienceBadge audience={question.privacy} own />
          </p>
        )}
        <p className="notice answer-private-note">
          <Icon icon={Lock} size={16} /> {t('editMe.private.note')}
        </p>
        <PrivateEditor
          key={question.questionId}
          loaded={loaded}
          index={index}
          memberId={memberId}
        />
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

function PrivateEditor({
  loaded,
  index,
  memberId,
}: {
  loaded: PrivateAnswer;
  index: number;
  memberId: string;
}) {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const id = loaded.question.questionId;
  const key = privateQuestionQueries.answer(api, memberId, index).queryKey;
  const withQuestion = (answer: PrivateAnswer): Answer => ({
    ...answer.answer,
    question: answer.question,
  });
  // The editor starts from the answer as the page opened with it; what it saves since is its own.
  const [initial] = useState<Answer>(() => withQuestion(loaded));
  // Every answer the service gives back is the answer at this place from then on.
  const put = (answer: PrivateAnswer) => queryClient.setQueryData(key, answer);
  // Who may read the saved answer (issue 34): "Only me" until the member chooses, sent with Save
  // as the questionnaire's is (edit-me.tsx).
  const [privacy, setPrivacy] = useState<AnswerPrivacy>(loaded.question.privacy);
  // The audience the next Save sends, whichever render the editor's call was made in.
  const privacyNow = useRef(privacy);
  privacyNow.current = privacy;
  // The saved answer's audience as the service last said it. A choice waiting for Save stays in
  // the picker whatever a draft's autosave answers (it carries the saved answer's audience).
  const savedPrivacy = useRef(loaded.question.privacy);
  const heard = (changed: Answer) => {
    if (privacyNow.current === savedPrivacy.current) setPrivacy(changed.question.privacy);
    savedPrivacy.current = changed.question.privacy;
  };
  // A question answered for the first time starts from the audience chosen last for one.
  const choseAudience = useLastAudience({
    kind: 'privateAnswer',
    memberId,
    fresh: loaded.answer.live === null,
    apply: setPrivacy,
  });
  type Sent = { answerData: AnswerData; version: number };
  const draft = useMutation({
    mutationKey: privateQuestionMutations.draft,
    // Sent even offline, to fail at once: the autosave keeps the text on the device, says "No
    // connection" and tries again itself (the library would hold the call, unseen).
    networkMode: 'always',
    mutationFn: ({ answerData, version }: Sent) =>
      api.privateQuestions.saveDraft(index, id, answerData, version),
    onSuccess: put,
  });
  const live = useMutation({
    mutationKey: privateQuestionMutations.live,
    networkMode: 'always',
    mutationFn: ({ answerData, version, privacy: chosen }: Sent & { privacy: AnswerPrivacy }) =>
      api.privateQuestions.saveLive(index, id, answerData, version, chosen),
    onSuccess: put,
  });
  const revert = useMutation({
    mutationKey: privateQuestionMutations.revert,
    networkMode: 'always',
    mutationFn: (version: number) => api.privateQuestions.revertDraft(index, id, version),
    onSuccess: put,
  });
  const subIds = loaded.question.subQuestions.map((sub) => sub.id);
  // The answer's rules are the save call's (SavePrivateAnswerRequest).
  const [resolver] = useState(() =>
    answerResolver(SavePrivateAnswerRequest, subIds, (answerData) => ({
      questionIndex: index,
      questionId: id,
      answerData,
      version: 0,
      privacy: privacyNow.current,
    })),
  );

  return (
    <AnswerEditor<Answer>
      idPrefix="edit-private"
      subQuestions={loaded.question.subQuestions.map((sub) => ({ id: sub.id, label: sub.title }))}
      resolver={resolver}
      initial={initial}
      storageKey={draftStorageKey(memberId, 'private', id)}
      saveDraft={async (answerData, version) =>
        withQuestion(await draft.mutateAsync({ answerData, version }))
      }
      saveLive={async (answerData, version) =>
        withQuestion(await live.mutateAsync({ answerData, version, privacy: privacyNow.current }))
      }
      revert={async (version) => withQuestion(await revert.mutateAsync(version))}
      loadLatest={async () => {
        const latest = await api.privateQuestions.getAnswer(index);
        // The question at this place changed (one before it was deleted): start again from it.
        if (latest.question.questionId !== id) {
          window.location.reload();
          return null;
        }
        return withQuestion(latest);
      }}
      onAnswer={heard}
      beforeActions={
        <AudiencePicker
          legend={t('editMe.privacy.legend')}
          name="privacy"
          value={privacy}
          onChange={(chosen) => {
            choseAudience(chosen);
            setPrivacy(chosen);
          }}
          hint={t('editMe.privacy.hint')}
        />
      }
    />
  );
}
