import type { ProfileQuestion, PublicMeAnswer, PublicProfile } from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';
import {
  createTranslator,
  localizePath,
  profileMessages,
  registerMessages,
  splitLocale,
} from '@mepedia/web-i18n';
import { meAnswerQueries, privateQuestionQueries } from '@mepedia/web-api/queries';
import { QueryClient } from '@tanstack/react-query';
import { BookOpen, ChevronLeft, ChevronRight, Lock } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { data, redirect } from 'react-router';
import { AudienceBadge } from '../components/audience/audience-badge';
import { Avatar } from '../components/avatar';
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icon';
import { hasAnswerText, InterviewAnswer } from '../components/interview-answer';
import { LocalizedLink } from '../components/localized-link';
import { OwnModeration } from '../components/own-moderation';
import { ReportControl } from '../components/report-control';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { profileOr404 } from '../lib/profiles';
import { articleLd, pageMeta, rootOf } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import { useRootData } from '../root';
import type { Route } from './+types/me';
import '../styles/profile.css';

registerMessages(profileMessages);

// The Follow button, its strings and a query cache: not this page's scripts (it loads no query
// library), fetched after the page is up, for a member reading another member's page only.
const MeFollow = lazy(() => import('../components/follow/me-follow'));

/**
 * Follow the member whose page this is, beside the byline: for a signed-in reader who is not the
 * member (the page calls it for no one else), drawn once the page is up in the browser, so the
 * server's page (guests', search engines') is the same for everyone.
 */
function FollowAuthor({ member }: { member: { id: string; name: string } }) {
  const [up, setUp] = useState(false);
  useEffect(() => setUp(true), []);
  if (!up) return null;
  return (
    <Suspense fallback={null}>
      <MeFollow member={member} />
    </Suspense>
  );
}

/**
 * A member's "me" as a self-interview, one answered question a page (`/me/{id}` opens at the
 * first), with the previous and next ones and the list of all, server-rendered whole. Guests read
 * every public answer: the encyclopedia is for readers and search engines, so there is no wall;
 * a guest is invited to write their own at the end (docs/web.md, "The self-interview").
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  // `/me/{questionIndex}`: the spec's optional member id left out (an id is 24 hex digits, an
  // index one or two digits), so the signed-in member's own answer, at its own address. A guest
  // signs in first and comes back here (lib/navigation.ts, afterSignIn).
  if (params.questionIndex === undefined && /^\d{1,2}$/.test(params.profileId)) {
    const url = new URL(request.url);
    const { locale } = splitLocale(url.pathname);
    const session = await api.users.session();
    // Either answer depends on the visitor: no shared cache may keep it.
    const headers = { 'cache-control': 'private, no-store' };
    if (typeof session === 'string')
      throw redirect(
        `${localizePath('/auth', locale)}?modal=login&returnTo=${encodeURIComponent(url.pathname)}`,
        { headers },
      );
    throw redirect(localizePath(`/me/${session.id}/${Number(params.profileId)}`, locale), {
      headers,
    });
  }
  const profile = await profileOr404(api, params.profileId);
  // Read through the query layer's definitions (the editor's pages share them); the page itself
  // reads its loader data and keeps no cache, so it loads no query library (docs/web.md).
  const queries = new QueryClient();
  const [answers, questions, shared] = await Promise.all([
    queries.fetchQuery(meAnswerQueries.member(api, profile.id)),
    queries.fetchQuery(meAnswerQueries.questionnaire(api)),
    // The member's own questions whose saved answers this reader may read (issue 34): a guest the
    // public ones, so a guest's page stays the same for every guest. The page does without them
    // when they cannot be read.
    queries
      .fetchQuery(privateQuestionQueries.shared(api, 'loader', profile.id))
      .then(({ answers: list }) => list)
      .catch(() => []),
  ]);
  const answered = answers.filter(hasAnswerText).sort((a, b) => a.index - b.index);
  const asked = params.questionIndex;
  if (asked !== undefined && !/^\d{1,2}$/.test(asked)) throw data(null, { status: 404 });
  const position = asked
    ? answered.findIndex((answer) => answer.index === Number(asked))
    : answered.length > 0
      ? 0
      : -1;
  // A question the member has not answered (or keeps private) is no page of theirs.
  if (asked !== undefined && position < 0) throw data(null, { status: 404 });
  const titles = Object.fromEntries(
    questions.map((question) => [question.questionId, question.title]),
  );
  return {
    profile,
    shared: shared
      .map(({ questionIndex, questionTitle }) => ({ questionIndex, questionTitle }))
      .sort((a, b) => a.questionIndex - b.questionIndex),
    contents: answered.map(({ index, questionId }) => ({ index, questionId })),
    titles,
    answer: position >= 0 ? answered[position]! : null,
    question:
      position >= 0
        ? (questions.find((question) => question.questionId === answered[position]!.questionId) ??
          null)
        : null,
    previous: position > 0 ? answered[position - 1]!.index : null,
    next: position >= 0 && position < answered.length - 1 ? answered[position + 1]!.index : null,
  };
}

/** The first words of an answer, for link previews and search results. */
function summaryOf(answer: PublicMeAnswer): string {
  const text = Object.values(answer.answerData).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const locale = root?.locale ?? 'en';
  const t = createTranslator(locale);
  const page = loaded as
    | { profile: PublicProfile; answer: PublicMeAnswer | null; question: ProfileQuestion | null }
    | undefined;
  if (!page) return pageMeta(root, location.pathname, { title: 'notFound.title' });
  const name = page.profile.fullname;
  const picture = resolveProfileImage(page.profile);
  const base = root?.publicApiUrl || root?.siteUrl || '';
  const image = picture ? (picture.startsWith('http') ? picture : `${base}${picture}`) : undefined;
  const title = page.question
    ? t('me.title', { question: page.question.title[locale], name })
    : t('me.by', { name });
  const description = page.answer ? summaryOf(page.answer) : t('me.by', { name });
  const tags = pageMeta(
    root,
    location.pathname,
    { title: 'profile.title' },
    { title, description, type: 'article', oembed: true, ...(image ? { image } : {}) },
  );
  if (!page.answer) return tags;
  return [
    ...tags,
    articleLd({
      url: tags.find((tag) => tag['rel'] === 'canonical')?.['href'] ?? '',
      headline: title,
      description,
      image,
      published: page.answer.updatedAt,
      modified: page.answer.updatedAt,
      author: { name, url: `${root?.siteUrl ?? ''}/profile/${page.profile.id}` },
    }),
  ];
};

export default function Me({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { profile, shared, contents, titles, answer, question, previous, next } = loaderData;
  const user = useRootData()?.user;
  const guest = !user;
  const mine = user?.id === profile.id;
  const name = <bdi lang={textLang(profile.fullname)}>{profile.fullname}</bdi>;
  const home = `/me/${profile.id}`;
  return (
    <article className="page me-page" aria-labelledby="me-title">
      <header className="me-byline">
        <Avatar name={profile.fullname} image={resolveProfileImage(profile)} size="md" />
        <p>
          {richMessage(t, 'me.by', { name })}
          {' · '}
          <LocalizedLink to={`/profile/${profile.id}`}>{t('me.profile')}</LocalizedLink>
        </p>
        {/* Never on one's own page; a guest reads on, and is invited to join at the end. */}
        {user && !mine && <FollowAuthor member={{ id: profile.id, name: profile.fullname }} />}
      </header>
      {answer && question ? (
        <>
          <h1 id="me-title" className="me-question">
            {question.title[locale]}
          </h1>
          {mine && <OwnModeration moderation={answer.moderation} kind="answer" />}
          {answer.privacy !== 'public' && (
            <p className="me-audience">
              <AudienceBadge audience={answer.privacy} own={mine} />
            </p>
          )}
          <p className="lead muted">{question.prompt[locale]}</p>
          <div className="me-answer">
            <InterviewAnswer answer={answer} question={question} level={2} />
          </div>
          {!mine && (
            <p className="item-report">
              <ReportControl
                target={{
                  kind: 'answer',
                  itemId: answer.meAnswerId,
                  ownerId: profile.id,
                  name: profile.fullname,
                }}
                className="button button-ghost"
              />
            </p>
          )}
          <nav className="me-steps" aria-label={t('me.contents', { name: profile.fullname })}>
            {previous !== null && (
              <LocalizedLink
                className="button button-secondary"
                to={`${home}/${previous}`}
                rel="prev"
              >
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
          <section className="me-contents" aria-labelledby="me-contents-title">
            <h2 id="me-contents-title">{richMessage(t, 'me.contents', { name })}</h2>
            <ol>
              {contents.map((entry) => (
                <li key={entry.index}>
                  <LocalizedLink
                    to={`${home}/${entry.index}`}
                    aria-current={entry.index === answer.index ? 'page' : undefined}
                  >
                    {titles[entry.questionId]?.[locale] ?? entry.questionId}
                  </LocalizedLink>
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : (
        <EmptyState icon={BookOpen} headingLevel={1} title={t('me.noneTitle')}>
          <p id="me-title">{richMessage(t, 'me.none', { name })}</p>
        </EmptyState>
      )}
      {mine && (
        <p>
          <LocalizedLink to={`/me/${profile.id}/custom-question`}>
            <Icon icon={Lock} size={18} /> {t('me.private.link')}
          </LocalizedLink>
        </p>
      )}
      {/* Another member's own questions, those shared with this reader (the owner has the link above). */}
      {!mine && shared.length > 0 && (
        <section className="me-contents" aria-labelledby="me-shared-title">
          <h2 id="me-shared-title">{richMessage(t, 'me.shared.title', { name })}</h2>
          <ol>
            {shared.map((entry) => (
              <li key={entry.questionIndex}>
                <LocalizedLink to={`${home}/custom-question/${entry.questionIndex}`}>
                  <bdi lang={textLang(entry.questionTitle)}>{entry.questionTitle}</bdi>
                </LocalizedLink>
              </li>
            ))}
          </ol>
        </section>
      )}
      {guest && (
        <aside className="notice me-invite">
          <p>{t('me.invite')}</p>
          <LocalizedLink className="button" to="/auth?modal=register">
            {t('me.inviteAction')}
          </LocalizedLink>
        </aside>
      )}
    </article>
  );
}
