import { localizePath, registerMessages, settingsMessages, splitLocale } from '@mepedia/web-i18n';
import { userQueries } from '@mepedia/web-api/queries';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../components/query/query-provider';
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { DeleteProfile } from '../components/settings/delete-profile';
import { ContactForms } from '../components/settings/contact-forms';
import { DetailsForm } from '../components/settings/details-form';
import { ImageForm } from '../components/settings/image-form';
import { MottoForm, SocialForm, VideoForm } from '../components/settings/profile-text-forms';
import { EmailPreferencesSection } from '../components/settings/email-preferences';
import { WeeklyQuestionSection } from '../components/settings/weekly-question';
import { CircleSection } from '../components/settings/circle';
import { BlocksSection } from '../components/settings/blocks';
import { EmptyState } from '../components/empty-state';
import { LocalizedLink } from '../components/localized-link';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs } from '../components/ui/tabs';
import { useApi } from '../lib/api';
import { countryOptions } from '../lib/countries';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/settings';
import '../styles/settings.css';
import '../styles/circles.css';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(settingsMessages);

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'settings.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/**
 * Only the country names come from the server (named there, so server and browser draw the same
 * list). The member's own record (email, phone, birthdate) is asked for from the browser: it
 * never goes into the HTML or the loader data (lib/member.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return { countries: countryOptions(splitLocale(new URL(request.url).pathname).locale) };
}

function Loading() {
  const { t } = useI18n();
  return (
    <div className="settings-loading" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t('settings.loading')}
      </p>
      <Skeleton shape="title" />
      <Skeleton />
      <Skeleton />
      <Skeleton shape="short" />
    </div>
  );
}

/** The settings keep a query cache (the session, refreshed after each change). */
export default function Settings(props: Route.ComponentProps) {
  return (
    <QueryProvider>
      <SettingsPage {...props} />
    </QueryProvider>
  );
}

function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const api = useApi();
  // The member's own record, changed only here: no refetch behind their typing. The guard lets
  // only a member in, so the root loader has them.
  const memberId = useRootData()?.user?.id ?? '';
  const session = useQuery(userQueries.account(api, memberId));

  let body;
  if (session.isPending) {
    body = <Loading />;
  } else if (session.isError) {
    body = (
      <EmptyState
        icon={AlertCircle}
        title={t('settings.loadFailed')}
        action={
          <button type="button" className="button" onClick={() => void session.refetch()}>
            {t('settings.retry')}
          </button>
        }
      />
    );
  } else if (session.data === 'NoSession') {
    body = (
      <EmptyState
        icon={AlertCircle}
        title={t('settings.signedOut')}
        action={
          <LocalizedLink
            className="button"
            to={`/auth?modal=login&returnTo=${encodeURIComponent(localizePath('/profile/settings', locale))}`}
          >
            {t('settings.signIn')}
          </LocalizedLink>
        }
      />
    );
  } else {
    const user = session.data;
    const panel = (title: string, content: ReactNode) => (
      <>
        <h2 className="settings-panel-title">{title}</h2>
        {content}
      </>
    );
    body = (
      <Tabs
        label={t('settings.tabs.label')}
        tabs={[
          {
            id: 'details',
            label: t('settings.tab.details'),
            content: panel(
              t('settings.tab.details'),
              <>
                <DetailsForm user={user} countries={loaderData.countries} />
                <ContactForms user={user} />
              </>,
            ),
          },
          {
            id: 'motto',
            label: t('settings.tab.motto'),
            content: panel(t('settings.tab.motto'), <MottoForm user={user} />),
          },
          {
            id: 'video',
            label: t('settings.tab.video'),
            content: panel(t('settings.tab.video'), <VideoForm user={user} />),
          },
          {
            id: 'social',
            label: t('settings.tab.social'),
            content: panel(t('settings.tab.social'), <SocialForm user={user} />),
          },
          {
            id: 'image',
            label: t('settings.tab.image'),
            content: panel(t('settings.tab.image'), <ImageForm user={user} />),
          },
          {
            // Issue 34: the people the member invited, and the circles they are in.
            id: 'circle',
            label: t('circles.tab'),
            content: panel(t('circles.tab'), <CircleSection memberId={user.id} />),
          },
          {
            id: 'weekly-question',
            label: t('weeklyQuestion.tab'),
            content: panel(t('weeklyQuestion.tab'), <WeeklyQuestionSection memberId={user.id} />),
          },
          {
            id: 'email-notifications',
            label: t('emailPreferences.tab'),
            content: panel(
              t('emailPreferences.tab'),
              <EmailPreferencesSection memberId={user.id} />,
            ),
          },
          {
            // Issue 35: the people the member blocks and mutes (`#blocked`).
            id: 'blocked',
            label: t('blocks.tab'),
            content: panel(t('blocks.tab'), <BlocksSection memberId={user.id} />),
          },
          {
            id: 'delete',
            label: t('settings.tab.delete'),
            content: panel(t('settings.tab.delete'), <DeleteProfile user={user} />),
          },
        ]}
      />
    );
  }

  return (
    <section className="page page-narrow settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <p className="lead">{t('settings.intro')}</p>
      {/* Issue 35: where the statement emails lead, found from here too. */}
      <p>
        <LocalizedLink to="/moderation/decisions">{t('settings.moderation')}</LocalizedLink>
      </p>
      {body}
    </section>
  );
}
