import type { PrivateAnswer } from '@mepedia/contracts';
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
import { EmptyState } from '../components/empty-state';
import { Icon } from '../components/icon';
import { InterviewParts } from '../components/interview-answer';
import { LocalizedLink } from '../components/localized-link';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { pageMeta, rootOf } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import type { Route } from './+types/me-custom';
import '../styles/profile.css';

registerMessages(profileMessages);

/**
 * `/me/{profileId?}/custom-question/{questionIndex?}`: the member's private questions read as a
 * self-interview, one a page with previous and next. Private questions are their owner's alone
 * (docs/api/private-questions.md), so this page is too: to anyone else, the address does not
 * exist (404, which reveals nothing); without a member id it is the signed-in member's own, and a
 * guest is sent to sign in first.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const session = await api.users.session();
  const url = new URL(request.url);
  // A guest's session is the string "NoSession".
  if (typeof session === 'string') {
    if (params.profileId) throw data(null, { status: 404 });
    const { locale } = splitLocale(url.pathname);
    throw redirect(
      `${localizePath('/auth', locale)}?modal=login&returnTo=${encodeURIComponent(url.pathname)}`,
    );
  }
  if (params.profileId && params.profileId.toLowerCase() !== session.id)
    throw data(null, { status: 404 });
  const asked = params.questionIndex;
  if (asked !== undefined && !/^\d{1,2}$/.test(asked)) throw data(null, { status: 404 });
  // Read through the query layer's definitions (the answer's editor shares them); the page reads
  // its loader data and keeps no cache, so it loads no query library (docs/web.md).
  const queries = new QueryClient();
  const { questions } = await queries.fetchQuery(privateQuestionQueries.list(api, session.id));
  if (questions.length === 0) return { userId: session.id, page: null, count: 0 };
  const index = asked === undefined ? questions[0]!.questionIndex : Number(asked);
  if (!questions.some((question) => question.questionIndex === index))
    throw data(null, { status: 404 });
  const page: PrivateAnswer = await queries.fetchQuery(
    privateQuestionQueries.answer(api, session.id, index),
  );
  return { userId: session.id, page, count: questions.length };
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const t = createTranslator(root?.locale ?? 'en');
  const title = loaded?.page?.question.questionTitle ?? t('me.private.title');
  return [
    ...pageMeta(root, location.pathname, { title: 'me.private.title' }, { title }),
    // One member's own page: never in a search engine.
    { name: 'robots', content: 'noindex' },
  ];
};

export default function MeCustom({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { userId, page, count } = loaderData;
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
