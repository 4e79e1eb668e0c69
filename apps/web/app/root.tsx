// First: it must run before any zod schema is built in the browser.
import './lib/zod-without-eval';
import { LOCALE_COOKIE } from '@mepedia/contracts/browser';
import { ApiError, createApi } from '@mepedia/web-api';
import {
  LOCALE_COOKIE_MAX_AGE,
  direction,
  resolveLocale,
  splitLocale,
  type Locale,
  type MessageOverrides,
} from '@mepedia/web-i18n';
import { useState, type ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { ClientEffects } from './components/client-effects';
import { Footer } from './components/footer';
import { GoBack } from './components/go-back';
import { Header } from './components/header';
import { LoadingBar } from './components/loading-bar';
import { SuspensionBanner } from './components/suspension-banner';
import { ToastProvider } from './components/toasts';
import { ApiProvider } from './lib/api';
import { parseCookieHeader, serverApi } from './lib/context';
import { I18nProvider, useI18n } from './lib/i18n';
import { hasLatinText } from './lib/letters';
import { memberView, type MemberView } from './lib/member';
import { guardRedirect, showsSiteChrome } from './lib/navigation';
import { useNonce } from './lib/nonce';
import { DEFAULT_SUPPORT_CHAT_URL } from './lib/site';
import { keptPublishedCount } from './lib/site-reads.server';
import { textOverrides } from './lib/text-overrides.server';
import stylesheet from './app.css?url';
import fontsStylesheet from './fonts.css?url';
import { FileQuestion, ServerCrash } from 'lucide-react';
import { EmptyState } from './components/empty-state';

export const links: Route.LinksFunction = () => [
  // precedence: React puts the stylesheet first in the head, ahead of the scripts it preloads
  // (without it the page's first paint waited behind some thirty module preloads).
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export type RootData = {
  locale: Locale;
  /** What pages show of the signed-in member, never their contact details (lib/member.ts). */
  user: MemberView | null;
  publishedCount: number | null;
  siteUrl: string;
  publicApiUrl: string;
  supportChatUrl: string;
  /** The site's interface text overrides for this page's language, checked (applicationText). */
  texts: MessageOverrides;
};

function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Pages rendered for a member are theirs alone: no shared or browser cache may keep them. */
const MEMBER_CACHE_CONTROL = 'private, no-store';

/**
 * Every request: settle the locale (redirecting for ?lang= and at the root),
 * learn who is visiting, and apply the route guard. Runs again on each
 * navigation, so the guard holds for client-side moves too. A GET changes
 * nothing: the language switcher saves a member's language itself.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cookies = parseCookieHeader(request.headers.get('cookie'));
  const decision = resolveLocale({
    pathname: url.pathname,
    search: url.search,
    cookieLocale: cookies.get(LOCALE_COOKIE),
    acceptLanguage: request.headers.get('accept-language'),
  });
  const headers = new Headers();
  if (decision.rememberLocale)
    headers.append('set-cookie', localeCookie(decision.rememberLocale, context.web.production));

  const api = serverApi(context, request);
  // A failed session or count call is only logged: the page still renders, as a guest's.
  const [user, publishedCount, texts] = await Promise.all([
    api.users
      .session()
      .then((session) => (session === 'NoSession' ? null : session))
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) console.error('session lookup failed', error);
        return null;
      }),
    // The same for everyone: kept by the web server a few seconds, not read per page.
    keptPublishedCount(context).catch(() => null),
    // Kept by the web server and read again at most once a minute, not per page.
    textOverrides(() =>
      createApi({
        baseUrl: context.web.apiBaseUrl,
        ...(context.web.apiFetch ? { fetch: context.web.apiFetch } : {}),
      }).site.getFormattedText(),
    ),
  ]);
  if (user) headers.set('cache-control', MEMBER_CACHE_CONTROL);
  if (decision.redirect) throw redirect(decision.redirect, { headers });
  const guarded = guardRedirect(url.pathname, user?.id ?? null);
  if (guarded) throw redirect(guarded, { headers });

  const root: RootData = {
    locale: decision.locale,
    user: user ? memberView(user) : null,
    publishedCount,
    siteUrl: context.web.siteUrl,
    publicApiUrl: context.web.publicApiUrl,
    supportChatUrl: context.web.supportChatUrl,
    texts: texts[decision.locale],
  };
  return data(root, { headers });
}

/** The root loader's cache decision holds for the whole page (and its data requests). */
export const headers: Route.HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const result = new Headers(parentHeaders);
  const cacheControl = loaderHeaders.get('cache-control');
  if (cacheControl) result.set('cache-control', cacheControl);
  return result;
};

/** The guard must see every navigation, so the root loader runs on each one. */
export function shouldRevalidate() {
  return true;
}

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

const FONTS_AFTER_FIRST_PAINT =
  "requestAnimationFrame(function(){requestAnimationFrame(function(){document.getElementById('site-fonts').media='all'})})";

export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const location = useLocation();
  const nonce = useNonce();
  const locale = root?.locale ?? splitLocale(location.pathname).locale;
  const matches = useMatches();
  // A Hebrew page without Latin letters takes its digits and punctuation from the small signs
  // files instead of the fonts' whole Latin files (fonts.css; lib/letters.ts).
  const hebrewOnly = locale === 'he' && !matches.some((match) => hasLatinText(match.loaderData));
  return (
    <html lang={locale} dir={direction(locale)} data-letters={hebrewOnly ? 'hebrew' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f4e79" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#121416" media="(prefers-color-scheme: dark)" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nProvider locale={locale} overrides={root?.texts}>
          {children}
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {/* The fonts come after the first paint: text shows at once in the system font and
            takes its own when the font arrives, and the fonts do not compete with the page's
            stylesheet, scripts and picture for a slow connection (docs/design.md, Type). A
            print stylesheet is fetched without holding up anything; the script turns it on two
            frames later. Without scripts, the <noscript> copy applies it at once. */}
        <link
          id="site-fonts"
          rel="stylesheet"
          href={fontsStylesheet}
          media="print"
          suppressHydrationWarning
        />
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: FONTS_AFTER_FIRST_PAINT }}
        />
        <noscript>
          <link rel="stylesheet" href={fontsStylesheet} />
        </noscript>
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const root = useRootData();
  const [api] = useState(() => createApi({ baseUrl: root?.publicApiUrl ?? '' }));
  const [community] = useState(() =>
    createApi({ baseUrl: root?.publicApiUrl ?? '', credentials: 'omit' }),
  );
  const { t } = useI18n();
  // The widget template is embedded on members' own sites: no header or footer there.
  const chrome = showsSiteChrome(useLocation().pathname);
  return (
    <ApiProvider api={api} community={community}>
      <ToastProvider>
        <a className="skip-link" href="#main">
          {t('layout.skipToContent')}
        </a>
        <LoadingBar />
        {chrome && (
          <Header
            user={root?.user ?? null}
            supportChatUrl={root?.supportChatUrl ?? DEFAULT_SUPPORT_CHAT_URL}
          />
        )}
        {chrome && root?.user?.suspendedUntil && (
          <SuspensionBanner until={root.user.suspendedUntil} />
        )}
        {chrome && <GoBack />}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {chrome && <Footer publishedCount={root?.publishedCount ?? null} />}
        <ClientEffects />
      </ToastProvider>
    </ApiProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** The status of a route error: statusCode, status or response.status, else 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  const candidate = error as {
    statusCode?: unknown;
    status?: unknown;
    response?: { status?: unknown };
  } | null;
  for (const value of [candidate?.statusCode, candidate?.status, candidate?.response?.status]) {
    if (typeof value === 'number' && value >= 400 && value < 600) return value;
  }
  return 500;
}

/**
 * The message of a coded API error, in the page's language, as the web server put it in the
 * route error (apps/web/server/route-errors.ts: a catalogue's message, never the server's own
 * text); null for anything else, which gets the page's generic words. An Error's own message
 * (a stack, a server's text) is never shown.
 */
export function errorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  const body = error.data as { code?: unknown; message?: unknown } | null | undefined;
  if (typeof body !== 'object' || body === null) return null;
  return typeof body.code === 'string' && typeof body.message === 'string' && body.message
    ? body.message
    : null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  return (
    <Shell>
      <ErrorPage status={status} message={errorMessage(error)} />
    </Shell>
  );
}

/**
 * Any page that could not be drawn: 404 (also a post or profile that is not there) or 500. Its
 * own <title> (React puts it in the head): an error answer runs no route's meta.
 */
function ErrorPage({ status, message }: { status: number; message: string | null }) {
  const { t, locale } = useI18n();
  const notFound = status === 404;
  const title = notFound ? t('notFound.title') : t('error.title');
  return (
    <section className="page page-narrow error-page">
      <title>{`${title} | ${t('app.name')}`}</title>
      <EmptyState
        icon={notFound ? FileQuestion : ServerCrash}
        title={title}
        headingLevel={1}
        action={
          <>
            {/* A plain link: the app around this page may be what failed. */}
            <a className="button" href={locale === 'he' ? '/he' : '/'}>
              {t('notFound.home')}
            </a>
            {/* Again is worth trying only when the fault is the site's, or a wait. */}
            {(status >= 500 || status === 429) && (
              <a className="button button-secondary" href="">
                {t('error.retry')}
              </a>
            )}
          </>
        }
      >
        <p className="error-status">{t('error.status', { status })}</p>
        {/* The error's own message when it is a known one (spec section 8), else the generic. */}
        <p className="error-message">
          {message ?? (notFound ? t('notFound.text') : t('error.text'))}
        </p>
      </EmptyState>
    </section>
  );
}
