import { BellRing, FilePen, Lock } from 'lucide-react';
import type {
  HomeDrafts,
  HomePrivateQuestions,
  HomeQuestionnaire,
} from '../../lib/member-home.server';
import { relativeDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import { textLang } from '../../lib/text-lang';
import type { MemberView } from '../../lib/member';
import { EmptyState } from '../empty-state';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';
import { NotificationRow, useNotificationList } from '../notifications/notification-text';

/** How many notification groups the home page shows (the notifications page has them all). */
export const HOME_NOTIFICATIONS = 5;

/** Where a draft is written on (the editor opens it). */
export const draftAddress = (draftId: string) =>
  `/profile/write-post?draft=${encodeURIComponent(draftId)}`;

/**
 * The top of a signed-in member's home page: a greeting, then "continue where you left off" (the
 * questionnaire's next question with its prompt, their newest drafts, their private questions
 * still unanswered), then what happened on their stories. Each part is there only when it could
 * be read (the rest of the page stands without it).
 */
export function MemberHomeTop({
  member,
  questionnaire,
  drafts,
  privateQuestions,
}: {
  member: MemberView;
  questionnaire: HomeQuestionnaire | null;
  drafts: HomeDrafts | null;
  privateQuestions: HomePrivateQuestions | null;
}) {
  const { t } = useI18n();
  const hasDrafts = Boolean(drafts && drafts.drafts.length > 0);
  const hasQuestions = Boolean(privateQuestions && privateQuestions.questions.length > 0);
  return (
    <>
      <header className="member-home-header">
        <h1 id="member-home-title">{t('memberHome.title', { name: member.firstname })}</h1>
        <p className="lead">{t('memberHome.lead')}</p>
      </header>
      {(questionnaire || hasDrafts || hasQuestions) && (
        <section className="section" aria-labelledby="continue-title">
          <h2 id="continue-title">{t('memberHome.continue.title')}</h2>
          <div className="member-home-continue">
            {questionnaire && <NextQuestion questionnaire={questionnaire} member={member} />}
            {(hasDrafts || hasQuestions) && (
              <div className="member-home-side">
                {drafts && hasDrafts && <Drafts drafts={drafts} member={member} />}
                {privateQuestions && hasQuestions && <PrivateQuestions list={privateQuestions} />}
              </div>
            )}
          </div>
        </section>
      )}
      <Activity />
    </>
  );
}

function NextQuestion({
  questionnaire,
  member,
}: {
  questionnaire: HomeQuestionnaire;
  member: MemberView;
}) {
  const { t, locale } = useI18n();
  const { answered, total, next } = questionnaire;
  const progress = t('memberHome.progress', { answered, total });
  return (
    <article
      className="card member-home-card member-home-next"
      aria-labelledby="next-question-title"
    >
      <p className="member-home-progress">
        <progress max={total} value={answered} aria-label={progress} />
        <span aria-hidden="true">{progress}</span>
      </p>
      {next.kind === 'question' ? (
        <>
          <p className="member-home-eyebrow">
            {t('memberHome.next.label', { index: next.index, total })}
          </p>
          <h3 id="next-question-title" className="member-home-question">
            {next.title[locale]}
          </h3>
          <p className="member-home-prompt">{next.prompt[locale]}</p>
          {next.started && <p className="muted">{t('memberHome.next.started')}</p>}
          <p className="actions">
            <LocalizedLink className="button" to={`/profile/edit-me/${next.index}`}>
              {t(next.started ? 'memberHome.next.resume' : 'memberHome.next.answer', {
                index: next.index,
              })}
            </LocalizedLink>
          </p>
        </>
      ) : (
        <>
          <h3 id="next-question-title" className="member-home-question">
            {t('memberHome.next.done')}
          </h3>
          <p className="member-home-prompt">{t('memberHome.next.doneText')}</p>
          <p className="actions">
            <LocalizedLink className="button" to={`/me/${member.id}`}>
              {t('memberHome.next.read')}
            </LocalizedLink>
            <LocalizedLink className="button button-secondary" to="/profile/write-post">
              {t('memberHome.next.write')}
            </LocalizedLink>
          </p>
        </>
      )}
    </article>
  );
}

function Drafts({ drafts, member }: { drafts: HomeDrafts; member: MemberView }) {
  const { t, locale } = useI18n();
  return (
    <section className="card member-home-card" aria-labelledby="home-drafts-title">
      <h3 id="home-drafts-title" className="member-home-card-title">
        <Icon icon={FilePen} size={20} />
        {t('memberHome.drafts.title')}
      </h3>
      <ul className="member-home-list">
        {drafts.drafts.map((draft) => (
          <li key={draft.draftId}>
            {/* A title reads and aligns in its own direction (an English one in Hebrew: left). */}
            <LocalizedLink
              to={draftAddress(draft.draftId)}
              className="member-home-item"
              dir={draft.title ? 'auto' : undefined}
              lang={draft.title ? textLang(draft.title) : undefined}
            >
              {draft.title || t('memberHome.drafts.untitled')}
            </LocalizedLink>
            <time className="muted" dateTime={draft.updatedAt} suppressHydrationWarning>
              {t('memberHome.drafts.edited', { when: relativeDate(draft.updatedAt, locale) })}
            </time>
          </li>
        ))}
      </ul>
      {drafts.more && (
        <LocalizedLink to={`/profile/${member.id}?tab=drafts`}>
          {t('memberHome.drafts.all')}
        </LocalizedLink>
      )}
    </section>
  );
}

function PrivateQuestions({ list }: { list: HomePrivateQuestions }) {
  const { t } = useI18n();
  return (
    <section className="card member-home-card" aria-labelledby="home-private-title">
      <h3 id="home-private-title" className="member-home-card-title">
        <Icon icon={Lock} size={20} />
        {t('memberHome.private.title')}
      </h3>
      <p className="muted">{t('memberHome.private.text')}</p>
      <ul className="member-home-list">
        {list.questions.map((question) => (
          <li key={question.index}>
            <LocalizedLink
              to={`/profile/edit-me-private/${question.index}`}
              className="member-home-item"
              dir="auto"
              lang={textLang(question.title)}
            >
              {question.title}
            </LocalizedLink>
          </li>
        ))}
      </ul>
      {list.more > 0 && (
        <p className="muted">{t('memberHome.private.more', { count: list.more })}</p>
      )}
    </section>
  );
}

/** What happened on the member's stories: the newest notification groups, live. */
function Activity() {
  const { t } = useI18n();
  const { list, read } = useNotificationList(HOME_NOTIFICATIONS);
  const items = (list.data?.pages ?? [])
    .flatMap((page) => page.notifications)
    .slice(0, HOME_NOTIFICATIONS);
  return (
    <section className="section" aria-labelledby="activity-title">
      <h2 id="activity-title">{t('memberHome.activity.title')}</h2>
      {list.isError && !list.data ? (
        <EmptyState
          icon={BellRing}
          headingLevel={3}
          title={t('memberHome.activity.loadFailed')}
          action={
            <button type="button" className="button" onClick={() => void list.refetch()}>
              {t('memberHome.activity.retry')}
            </button>
          }
        />
      ) : !list.data ? null : items.length === 0 ? (
        <EmptyState icon={BellRing} headingLevel={3} title={t('memberHome.activity.empty')}>
          <p>{t('memberHome.activity.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="notification-list member-home-activity">
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} read={read} />
            ))}
          </ul>
          <LocalizedLink to="/notifications">{t('memberHome.activity.all')}</LocalizedLink>
        </>
      )}
    </section>
  );
}
