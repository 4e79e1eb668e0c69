import type { PrivateAnswer } from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';
import {
  createTranslator,
  localizePath,
  profileMessages,
  registerMessages,
  splitLocale,
} from '@mepedia/web-i18n';
import { privateQuestionQueries } from '@mepedia/web-api/queries';
import { QueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, Lock, Plus } from 'lucide-react';
import { data, redirect } from 'react-router';
import { AudienceBadge } from '../components/audience/audience-badge';
import { Avatar } from '../components/avatar';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icon';
import { InterviewParts } from '../components/interview-answer';
import { LocalizedLink } from '../components/localized-link';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { profileOr404 } from '../lib/profiles';
import { richMessage } from '../lib/rich-message';
import { pageMeta, rootOf } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import type { Route } from './+types/me-custom';
import '../styles/profile.css';

registerMessages(profileMessages);

/**
 * `/me/{profileId?}/custom-question/{questionIndex?}`: the member's own questions read as a
 * self-interview, one a page with previous and next. The questions and drafts are their owner's
 * alone; each saved answer is read by the audience its owner chose (issue 34,
 * docs/api/private-questions.md). So the owner reads every question here, and anyone else, a
 * guest too, only the saved answers shared with them (`getSharedAnswers`), with previous and next
 * among those alone. A reader with none, or an index not among them, gets the not-found page:
 * nothing tells a question kept private from one that does not exist. Without a member id the
 * page is the signed-in member's own, and a guest is sent to sign in first.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const session = await api.users.session();
  const url = new URL(request.url);
  // A guest's session is the string "NoSession".
  const readerId = typeof session === 'string' ? null : session.id;
  if (readerId === null && !params.profileId) {
    const { locale } = splitLocale(url.pathname);
    throw redirect(
      `${localizePath('/auth', locale)}?modal=login&returnTo=${encodeURIComponent(url.pathname)}`,
    );
  }
  const asked = params.questionIndex;
  if (asked !== undefined && !/^\d{1,2}$/.test(asked)) throw data(null, { status: 404 });
  // Read through the query layer's definitions (the answer's editor shares them); the page reads
  // its loader data and keeps no cache, so it loads no query library (docs/web.md).
  const queries = new QueryClient();
  if (params.profileId && params.profileId.toLowerCase() !== readerId)
    return sharedPage(queries, api, readerId, params.profileId, asked);
  // The signed-in member's own (a guest was sent to sign in above).
  const userId = readerId!;
  const { questions } = await queries.fetchQuery(privateQuestionQueries.list(api, userId));
  if (questions.length === 0) return { kind: 'own' as const, userId, page: null, count: 0 };
  const index = asked === undefined ? questions[0]!.questionIndex : Number(asked);
  if (!questions.some((question) => question.questionIndex === index))
    throw data(null, { status: 404 });
  const page: PrivateAnswer = await queries.fetchQuery(
    privateQuestionQueries.answer(api, userId, index),
  );
  return { kind: 'own' as const, userId, page, count: questions.length };
}

/**
 * Another member's shared answers, as this reader may read them. A guest reads the public ones
 * only, the same for every guest, so their page may be kept like other guests' pages; a member's
 * page is never kept or shared (the root loader marks it `private, no-store`, and the web server
 * keeps no page asked with a session: server/page-cache.ts).
 */
async function sharedPage(
  queries: QueryClient,
  api: ReturnType<typeof serverApi>,
  readerId: string | null,
  profileId: string,
  asked: string | undefined,
) {
  const { answers } = await queries.fetchQuery(
    privateQuestionQueries.shared(api, readerId ?? 'guest', profileId),
  );
  const shared = [...answers].sort((a, b) => a.questionIndex - b.questionIndex);
  const position =
    asked === undefined ? 0 : shared.findIndex((item) => item.questionIndex === Number(asked));
  const answer = shared[position];
  if (!answer) throw data(null, { status: 404 });
  const profile = await profileOr404(api, profileId);
  return {
    kind: 'shared' as const,
    profile,
    answer,
    contents: shared.map(({ questionIndex, questionTitle }) => ({ questionIndex, questionTitle })),
    previous: shared[position - 1]?.questionIndex ?? null,
    next: shared[position + 1]?.questionIndex ?? null,
  };
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const t = createTranslator(root?.locale ?? 'en');
  const title =
    loaded?.kind === 'shared'
      ? t('me.title', { question: loaded.answer.questionTitle, name: loaded.profile.fullname })
      : (loaded?.page?.question.questionTitle ?? t('me.private.title'));
  return [
    ...pageMeta(root, location.pathname, { title: 'me.private.title' }, { title }),
    // A member's own questions: never in a search engine, whoever may read them.
    { name: 'robots', content: 'noindex' },
  ];
};

export default function MeCustom({ loaderData }: Route.ComponentProps) {
  return loaderData.kind === 'shared' ? (
    <SharedAnswer {...loaderData} />
  ) : (
    <OwnQuestion {...loaderData} />
  );
}

type OwnData = Extract<Route.ComponentProps['loaderData'], { kind: 'own' }>;
type SharedData = Extract<Route.ComponentProps['loaderData'], { kind: 'shared' }>;

/** The owner's own question and answer, whoever may read it. */
function OwnQuestion({ userId, page, count }: OwnData) {
  const { t } = useI18n();
  const home = `/me/${userId}/custom-question`;
  if (!page)
    return (
      <article className="page me-page">
        <EmptyState icon={Lock} headingLevel={1} title={t('me.private.none')}>
          <p>{t('me.private.noneText')}</p>
          <LocalizedLink className="button" to="/profile/custom-question">
            <Icon icon={Plus} />
            {t('me.private.add')}
          </LocalizedLink>
        </EmptyState>
      </article>
    );
  const { question, answer } = page;
  const index = question.questionIndex;
  const answered = answer.live && Object.values(answer.live).some((text) => text.trim() !== '');
  return (
    <article className="page me-page" aria-labelledby="me-title">
      <p className="notice me-private-notice">
        <Icon icon={Lock} size={18} />
        {t('me.private.onlyYou')}
      </p>
      <h1
        id="me-title"
        className="me-question member-heading"
        dir="auto"
        lang={textLang(question.questionTitle)}
      >
        {question.questionTitle}
      </h1>
      {question.privacy !== 'public' && (
        <p className="me-audience">
          <AudienceBadge audience={question.privacy} own />
        </p>
      )}
      <div className="me-answer">
        {answered ? (
          <InterviewParts
            level={2}
            parts={question.subQuestions.map((sub) => ({
              key: sub.id,
              heading: sub.title,
              text: answer.live?.[sub.id] ?? '',
            }))}
          />
        ) : (
          <p className="muted">{t('me.private.unanswered')}</p>
        )}
      </div>
      <p>
        <LocalizedLink to={`/profile/edit-me-private/${index}`}>
          {t('me.private.edit')}
        </LocalizedLink>
      </p>
      <nav className="me-steps" aria-label={t('me.private.title')}>
        {index > 1 && (
          <LocalizedLink className="button button-secondary" to={`${home}/${index - 1}`} rel="prev">
            <Icon icon={ChevronLeft} directional />
            {t('me.previous')}
          </LocalizedLink>
        )}
        {index < count && (
          <LocalizedLink className="button" to={`${home}/${index + 1}`} rel="next">
            {t('me.next')}
            <Icon icon={ChevronRight} directional />
          </LocalizedLink>
        )}
      </nav>
    </article>
  );
}

/**
 * One of another member's saved answers shared with the reader, with previous and next among the
 * shared ones and the list of them; its badge says who else may read it (nothing when everyone).
 */
function SharedAnswer({ profile, answer, contents, previous, next }: SharedData) {
  const { t } = useI18n();
  const name = <bdi lang={textLang(profile.fullname)}>{profile.fullname}</bdi>;
  const home = `/me/${profile.id}/custom-question`;
  return (
    <article className="page me-page" aria-labelledby="me-title">
      <header className="me-byline">
        <Avatar name={profile.fullname} image={resolveProfileImage(profile)} size="md" />
        <p>
          {richMessage(t, 'me.shared.by', { name })}
          {' · '}
          <LocalizedLink to={`/profile/${profile.id}`}>{t('me.profile')}</LocalizedLink>
        </p>
      </header>
      <h1
        id="me-title"
        className="me-question member-heading"
        dir="auto"
        lang={textLang(answer.questionTitle)}
      >
        {answer.questionTitle}
      </h1>
      {answer.privacy !== 'public' && (
        <p className="me-audience">
          <AudienceBadge audience={answer.privacy} own={false} />
        </p>
      )}
      <div className="me-answer">
        <InterviewParts
          level={2}
          parts={answer.subQuestions.map((sub) => ({
            key: sub.id,
            heading: sub.title,
            text: answer.live[sub.id] ?? '',
          }))}
        />
      </div>
      <nav className="me-steps" aria-label={t('me.shared.title', { name: profile.fullname })}>
        {previous !== null && (
          <LocalizedLink className="button button-secondary" to={`${home}/${previous}`} rel="prev">
            <Icon icon={ChevronLeft} directional />
            {t('me.previous')}
          </LocalizedLink>
        )}
        {next !== null && (
          <LocalizedLink className="button" to={`${home}/${next}`} rel="next">
            {t('me.next')}
            <Icon icon={ChevronRight} directional />
          </LocalizedLink>
        )}
      </nav>
      {contents.length > 1 && (
        <section className="me-contents" aria-labelledby="me-shared-title">
          <h2 id="me-shared-title">{richMessage(t, 'me.shared.title', { name })}</h2>
          <ol>
            {contents.map((entry) => (
              <li key={entry.questionIndex}>
                <LocalizedLink
                  to={`${home}/${entry.questionIndex}`}
                  aria-current={entry.questionIndex === answer.questionIndex ? 'page' : undefined}
                >
                  <bdi lang={textLang(entry.questionTitle)}>{entry.questionTitle}</bdi>
                </LocalizedLink>
              </li>
            ))}
          </ol>
        </section>
      )}
    </article>
  );
}
