import type { CircleInvitationPreview, CirclePerson } from '@mepedia/contracts';
import { errorMessage } from '@mepedia/messages/errors';
import { ApiError } from '@mepedia/web-api';
import { circlesMessages, registerMessages, type Locale, type MessageKey } from '@mepedia/web-i18n';
import { CalendarX2, FileQuestion, Link2Off, UserCheck } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { data, useLocation, useParams } from 'react-router';
import { Avatar } from '../components/avatar';
import { EmptyState } from '../components/empty-state';
import { FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { whileAccountPending } from '../lib/account-pending';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { absoluteDate } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/circle-join';
import '../styles/circles.css';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(circlesMessages);

export const meta: Route.MetaFunction = ({ location, matches }) => [
  // Title and description only: no canonical or Open Graph address, which would repeat the
  // token; and never indexed.
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'circles.join.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
  // The server sends the same policy for this address (apps/web/server/csp.ts referrerPolicy);
  // this covers arriving here by a move within the site.
  { name: 'referrer', content: 'same-origin' },
];

/** An invitation that cannot be accepted any more, by the code the service answered. */
const CLOSED = {
  INVITATION_NOT_FOUND: { state: 'notFound', status: 404 },
  // A token the contract refuses (cut short, made up) matches nothing either.
  VALIDATION_FAILED: { state: 'notFound', status: 404 },
  INVITATION_EXPIRED: { state: 'expired', status: 410 },
  INVITATION_REVOKED: { state: 'revoked', status: 410 },
  INVITATION_USED: { state: 'used', status: 410 },
} as const;
type Closed = (typeof CLOSED)[keyof typeof CLOSED]['state'];

export type CircleJoinData =
  { state: 'open'; invitation: CircleInvitationPreview } | { state: Closed };

/** The answer is for whoever holds the link: never kept by a shared cache or the page cache. */
const NO_STORE = { 'cache-control': 'private, no-store' };

/**
 * Who invites, their words and until when, read as a guest reads it (the preview is the same for
 * everyone, and no cookie need travel with it). An invitation that is gone is a page that says
 * so, with its status (404, 410), not an error.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request, 'guest');
  try {
    const invitation = await api.circles.getInvitation(params.token);
    return data<CircleJoinData>({ state: 'open', invitation }, { headers: NO_STORE });
  } catch (error) {
    const closed =
      error instanceof ApiError && Object.hasOwn(CLOSED, error.code)
        ? CLOSED[error.code as keyof typeof CLOSED]
        : null;
    if (!closed) throw error;
    return data<CircleJoinData>(
      { state: closed.state },
      { status: closed.status, headers: NO_STORE },
    );
  }
}

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const result = new Headers(parentHeaders);
  result.set('cache-control', NO_STORE['cache-control']);
  return result;
};

export default function CircleJoin({ loaderData }: Route.ComponentProps) {
  return loaderData.state === 'open' ? (
    <OpenInvitation invitation={loaderData.invitation} />
  ) : (
    <ClosedInvitation state={loaderData.state} />
  );
}

const CLOSED_WORDS = {
  notFound: { icon: FileQuestion, code: 'INVITATION_NOT_FOUND', next: null },
  expired: { icon: CalendarX2, code: 'INVITATION_EXPIRED', next: 'circles.join.next.expired' },
  revoked: { icon: Link2Off, code: 'INVITATION_REVOKED', next: 'circles.join.next.revoked' },
  used: { icon: UserCheck, code: 'INVITATION_USED', next: 'circles.join.next.used' },
} as const satisfies Record<
  Closed,
  { icon: typeof FileQuestion; code: string; next: MessageKey | null }
>;

/** Not found, expired, withdrawn or used: what happened, and the next step. */
function ClosedInvitation({ state }: { state: Closed }) {
  const { t, locale } = useI18n();
  const member = useRootData()?.user ?? null;
  const words = CLOSED_WORDS[state];
  return (
    <section className="page page-narrow error-page">
      <EmptyState
        icon={words.icon}
        title={t(`circles.join.${state}.title`)}
        headingLevel={1}
        action={
          <>
            <LocalizedLink className="button" to="/">
              {t('circles.join.home')}
            </LocalizedLink>
            {state === 'used' && member ? (
              <LocalizedLink className="button button-secondary" to="/profile/settings#circle">
                {t('circles.join.settings')}
              </LocalizedLink>
            ) : null}
          </>
        }
      >
        {state === 'notFound' ? (
          <p className="error-status">{t('error.status', { status: 404 })}</p>
        ) : null}
        <p>{errorMessage(words.code, locale)}</p>
        {words.next ? <p>{t(words.next)}</p> : null}
      </EmptyState>
    </section>
  );
}

/** Codes after which accepting again cannot go otherwise: the button goes. */
const FINAL = new Set([
  'INVITATION_NOT_FOUND',
  'INVITATION_EXPIRED',
  'INVITATION_REVOKED',
  'INVITATION_USED',
  'INVITATION_FOR_ANOTHER_EMAIL',
  'CIRCLE_INVITE_SELF',
]);

type Acceptance =
  | { kind: 'idle' }
  | { kind: 'working'; waiting: boolean }
  | { kind: 'joined'; owner: CirclePerson }
  | { kind: 'failed'; code: string; message: string };

function OpenInvitation({ invitation }: { invitation: CircleInvitationPreview }) {
  const { t, locale } = useI18n();
  const member = useRootData()?.user ?? null;
  const { inviter } = invitation;
  const name = <bdi dir="auto">{inviter.fullname}</bdi>;
  const email = invitation.email ? <bdi dir="ltr">{invitation.email}</bdi> : null;
  const own = member?.id === inviter.userId;

  return (
    <section className="page page-narrow circle-join" aria-labelledby="circle-join-title">
      <header className="circle-join-header">
        <Avatar name={inviter.fullname} image={inviter.profileImage} size="lg" loading="eager" />
        <h1 id="circle-join-title">{richMessage(t, 'circles.join.heading', { name })}</h1>
      </header>
      <p>{richMessage(t, 'circles.join.intro', { name })}</p>
      {invitation.message ? (
        <figure className="circle-join-words">
          <figcaption>{richMessage(t, 'circles.join.words', { name })}</figcaption>
          {/* Their words as they wrote them: plain text, in its own direction. */}
          <blockquote dir="auto">{invitation.message}</blockquote>
        </figure>
      ) : null}
      <p>{t('circles.join.until', { date: absoluteDate(invitation.expiresAt, locale) })}</p>
      {email ? <p>{richMessage(t, 'circles.join.forEmail', { email })}</p> : null}
      {own ? (
        <div className="notice">
          <p>{t('circles.join.own')}</p>
          <p>
            <LocalizedLink to="/profile/settings#circle">
              {t('circles.join.settings')}
            </LocalizedLink>
          </p>
        </div>
      ) : member ? (
        <Accept name={name} email={email} />
      ) : (
        <GuestActions invitation={invitation} />
      )}
    </section>
  );
}

/** A guest registers or signs in, and comes back here (lib/navigation.ts, lib/return-path.ts). */
function GuestActions({ invitation }: { invitation: CircleInvitationPreview }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const query = (modal: 'register' | 'login') => {
    const params = new URLSearchParams({ modal, reason: 'circle', returnTo: pathname });
    if (invitation.email) params.set('email', invitation.email);
    return `/auth?${params.toString()}`;
  };
  return (
    <div className="circle-join-actions">
      <p>{t('circles.join.guest')}</p>
      <p className="actions">
        <LocalizedLink className="button" to={query('register')}>
          {t('circles.join.register')}
        </LocalizedLink>
        <LocalizedLink className="button button-secondary" to={query('login')}>
          {t('circles.join.signIn')}
        </LocalizedLink>
      </p>
    </div>
  );
}

/**
 * A refusal in the page's language, from its code (the error catalogue). Not lib/forms'
 * describeApiError: it words field codes with the contracts' validation, which brings zod, and
 * this page of one button needs none (docs/web.md, Bundle discipline).
 */
function refusalText(error: unknown, locale: Locale): string {
  if (error instanceof ApiError) return errorMessage(error.code, locale) ?? error.message;
  return errorMessage('INTERNAL', locale) ?? '';
}

/**
 * A member accepts. A member verified a moment ago may not be known to the circles service yet
 * (CIRCLE_ACCOUNT_PENDING): the same call is tried again a few times, a little later each time,
 * before the page says so. Any other refusal is said in the page's language with the next step.
 */
function Accept({ name, email }: { name: ReactNode; email: ReactNode }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const token = useParams()['token'] ?? '';
  const [acceptance, setAcceptance] = useState<Acceptance>({ kind: 'idle' });
  const alive = useRef(true);
  const joinedRef = useRef<HTMLParagraphElement>(null);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );
  useEffect(() => {
    if (acceptance.kind === 'joined') joinedRef.current?.focus();
  }, [acceptance.kind]);

  const accept = async () => {
    setAcceptance({ kind: 'working', waiting: false });
    try {
      const joined = await whileAccountPending(() => api.circles.acceptInvitation(token), {
        onWait: () => {
          if (alive.current) setAcceptance({ kind: 'working', waiting: true });
        },
        stop: () => !alive.current,
      });
      if (alive.current) setAcceptance({ kind: 'joined', owner: joined.owner });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : 'INTERNAL';
      if (alive.current)
        setAcceptance({ kind: 'failed', code, message: refusalText(error, locale) });
    }
  };

  const failed = acceptance.kind === 'failed' ? acceptance : null;
  const busy = acceptance.kind === 'working';
  const ownerName =
    acceptance.kind === 'joined' ? <bdi dir="auto">{acceptance.owner.fullname}</bdi> : name;
  const next = failed ? nextStep(failed.code, name, email) : null;

  return (
    <div className="circle-join-actions">
      {/* Said politely as it changes: trying again, then joined. */}
      <div role="status" aria-live="polite">
        {acceptance.kind === 'working' && acceptance.waiting ? (
          <p>{t('circles.join.waiting')}</p>
        ) : null}
        {acceptance.kind === 'joined' ? (
          <p ref={joinedRef} tabIndex={-1} className="circle-join-joined">
            {richMessage(t, 'circles.join.joined', { name: ownerName })}
          </p>
        ) : null}
      </div>
      {acceptance.kind === 'joined' ? (
        <p className="actions">
          <LocalizedLink className="button" to={`/profile/${acceptance.owner.userId}`}>
            {/* One piece: the button lays out its children apart, and the name sits in a word. */}
            <span>{richMessage(t, 'circles.join.profile', { name: ownerName })}</span>
          </LocalizedLink>
        </p>
      ) : (
        <>
          <FormError message={failed?.message} />
          {next ? <p>{next}</p> : null}
          {failed && FINAL.has(failed.code) ? (
            <p className="actions">
              <LocalizedLink className="button button-secondary" to="/">
                {t('circles.join.home')}
              </LocalizedLink>
            </p>
          ) : (
            <p className="actions">
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void accept()}
              >
                {busy ? t('circles.join.accepting') : t('circles.join.accept')}
              </button>
            </p>
          )}
        </>
      )}
    </div>
  );

  function nextStep(code: string, inviter: ReactNode, address: ReactNode): ReactNode {
    switch (code) {
      case 'INVITATION_EXPIRED':
        return t('circles.join.next.expired');
      case 'INVITATION_REVOKED':
        return t('circles.join.next.revoked');
      case 'INVITATION_USED':
        return (
          <>
            {t('circles.join.next.used')}{' '}
            <LocalizedLink to="/profile/settings#circle">
              {t('circles.join.settings')}
            </LocalizedLink>
          </>
        );
      case 'INVITATION_FOR_ANOTHER_EMAIL':
        return address
          ? richMessage(t, 'circles.join.next.anotherEmail', { email: address })
          : t('circles.join.next.anotherEmailUnknown');
      case 'CIRCLE_INVITE_SELF':
        return t('circles.join.next.self');
      case 'CIRCLE_FULL':
        return richMessage(t, 'circles.join.next.full', { name: inviter });
      default:
        return null;
    }
  }
}
