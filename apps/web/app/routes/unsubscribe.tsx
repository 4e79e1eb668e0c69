import type { EmailUnsubscribeTarget } from '@mepedia/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link2Off } from 'lucide-react';
import { EmptyState } from '../components/empty-state';
import { FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { useApi } from '../lib/api';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'unsubscribe.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** Each kind's words (`emailKinds.*`): a token naming any other kind is not one of ours. */
const KIND_NAMES = {
  comment: 'emailKinds.comment',
  reply: 'emailKinds.reply',
  reaction: 'emailKinds.reaction',
  commentReaction: 'emailKinds.commentReaction',
  follower: 'emailKinds.follower',
  story: 'emailKinds.story',
  magazineAdded: 'emailKinds.magazineAdded',
  magazineRemoved: 'emailKinds.magazineRemoved',
  dailyDigest: 'emailKinds.dailyDigest',
  weeklyDigest: 'emailKinds.weeklyDigest',
} as const satisfies Record<EmailUnsubscribeTarget, string>;

/**
 * The kind (or digest) a notification email's token names (`{member}.{kind}.{signature}`), to say what the
 * button stops before it is pressed; the service checks the signature and decides.
 */
function kindOfToken(token: string): EmailUnsubscribeTarget | undefined {
  const kind = token.split('.')[1] ?? '';
  return Object.hasOwn(KIND_NAMES, kind) ? (kind as EmailUnsubscribeTarget) : undefined;
}

/** From the link in every email: one button, no login. Asking first keeps link scanners from unsubscribing people. */
export default function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A notification email's link stops its kind alone; every other email's stops the address.
  return token !== null ? <UnsubscribeKind token={token} /> : <UnsubscribeAddress />;
}

/** A notification email's link (issue 32): that kind of notification is no longer emailed. */
function UnsubscribeKind({ token }: { token: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const kind = kindOfToken(token);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const name = kind ? <strong>{t(KIND_NAMES[kind])}</strong> : null;

  return (
    <section className="page page-narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {!kind ? (
        <EmptyState
          icon={Link2Off}
          title={t('unsubscribe.invalid.title')}
          action={
            <LocalizedLink className="button" to="/">
              {t('unsubscribe.home')}
            </LocalizedLink>
          }
        >
          <p>{t('unsubscribe.invalid.text')}</p>
        </EmptyState>
      ) : done ? (
        <>
          <p role="status">{richMessage(t, 'unsubscribe.kind.done', { kind: name })}</p>
          <p>
            <LocalizedLink to="/profile/settings">{t('unsubscribe.kind.settings')}</LocalizedLink>
          </p>
        </>
      ) : (
        <>
          <FormError message={formError} />
          <p>{richMessage(t, 'unsubscribe.kind.confirm', { kind: name })}</p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void api.emailPreferences.unsubscribeByLink(token).then(
                () => setDone(true),
                (error: unknown) => setFormError(describeApiError(error, locale).message),
              )
            }
          >
            {t('unsubscribe.kind.button')}
          </button>
        </>
      )}
    </section>
  );
}

/** The spec's link: the address gets no more notices. */
function UnsubscribeAddress() {
  const { t, locale } = useI18n();
  const api = useApi();
  const [params] = useSearchParams();
  const email = params.get('email');
  const signature = params.get('signature');
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  return (
    <section className="page page-narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {!email || !signature ? (
        // The same designed state as email-verification's incomplete link.
        <EmptyState
          icon={Link2Off}
          title={t('unsubscribe.invalid.title')}
          action={
            <LocalizedLink className="button" to="/">
              {t('unsubscribe.home')}
            </LocalizedLink>
          }
        >
          <p>{t('unsubscribe.invalid.text')}</p>
        </EmptyState>
      ) : done ? (
        <p role="status">
          {richMessage(t, 'unsubscribe.done', { email: <bdi dir="ltr">{email}</bdi> })}
        </p>
      ) : (
        <>
          <FormError message={formError} />
          <p>{richMessage(t, 'unsubscribe.confirm', { email: <bdi dir="ltr">{email}</bdi> })}</p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void api.users.unsubscribe(email, signature).then(
                () => setDone(true),
                (error: unknown) => setFormError(describeApiError(error, locale).message),
              )
            }
          >
            {t('unsubscribe.button')}
          </button>
        </>
      )}
    </section>
  );
}
