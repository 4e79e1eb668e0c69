import { LOCALES, LOCALE_INFO, localizePath, splitLocale, type Locale } from '@mepedia/web-i18n';
import { Menu, PenLine, Search, X } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type MouseEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { NARROW_QUERY, useMediaQuery } from '../lib/media-query';
import type { MemberView } from '../lib/member';
import { menuEntries, type MenuEntry } from '../lib/navigation';
import { AccessibilityToolbar } from './accessibility-toolbar';
import { Avatar } from './avatar';
import { Icon } from './icon';
import { LocalizedLink } from './localized-link';
import { NotificationBell } from './notification-bell';
import { rememberConfirmation, useToasts } from './toasts';

/** Logout: tell the server, forget everything local, go home in English, reload. */
export async function logout(api: ReturnType<typeof useApi>) {
  await api.users.logout().catch(() => undefined);
  window.localStorage.clear();
  rememberConfirmation('loggedOut');
  window.location.assign('/?lang=en');
}

/** The navigation state of a search made from the header's field. */
export const SEARCHED_FROM_HEADER = 'searchedFromHeader';

/**
 * Searching the site (issue 36): people and stories, for everyone, guests too. A GET form to the
 * results page (`/search?q=`), so it works before the page comes alive; once it has, the
 * router goes there without a reload, and an empty search goes nowhere. On a phone the field is
 * a round search button until it has the focus, then it takes the header's width (app.css,
 * Header): the same input all along, so nothing needs a script to open it.
 */
function SearchField() {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  const results = localizePath('/search', locale);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('q');
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) return; // an empty search goes nowhere
    event.currentTarget.reset();
    // Off the field, so on a phone it is a button again over the results; the results page
    // takes the focus to its heading (SEARCHED_FROM_HEADER), where a screen reader says it.
    (document.activeElement as HTMLElement | null)?.blur();
    void navigate(`${results}?q=${encodeURIComponent(text)}`, {
      state: { [SEARCHED_FROM_HEADER]: true },
    });
  };
  return (
    <form
      role="search"
      aria-label={t('header.search.landmark')}
      className="header-search"
      action={results}
      method="get"
      onSubmit={onSubmit}
    >
      <label htmlFor="header-search" className="visually-hidden">
        {t('header.search.label')}
      </label>
      <Icon icon={Search} size={18} />
      <input
        id="header-search"
        name="q"
        type="search"
        placeholder={t('header.search.placeholder')}
        enterKeyHint="search"
      />
    </form>
  );
}

/** The site's mark: the logo's square; the name beside it where there is room. */
function Logo() {
  const { t } = useI18n();
  return (
    <LocalizedLink to="/" className="logo" aria-label={t('header.home')}>
      <svg viewBox="0 0 56 56" width="36" height="36" aria-hidden="true" focusable="false">
        <rect x="4" y="4" width="48" height="48" rx="12" fill="#1f4e79" />
        <path
          d="M15 40V17h4.6l8.4 12.2L36.4 17H41v23h-4.8V25.3l-8.2 11.6-8.2-11.6V40z"
          fill="#fff"
        />
        <circle cx="46" cy="12" r="4" fill="#f2b134" />
      </svg>
      <span className="logo-word" aria-hidden="true">
        {t('app.name')}
      </span>
    </LocalizedLink>
  );
}

/**
 * A member's language is saved by this explicit call from the page, never by the GET that
 * follows (a ?lang= link from any site would otherwise change their settings).
 */
async function saveLanguage(api: ReturnType<typeof useApi>, language: Locale): Promise<void> {
  // A failed save is only logged (spec): the page still switches.
  await api.users.updateUserLanguage(language).catch((error: unknown) => {
    console.error('saving the language failed', error);
  });
}

function LanguageList({ onChosen, signedIn }: { onChosen: () => void; signedIn: boolean }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const bare = splitLocale(location.pathname).path;
  const choose = (event: MouseEvent<HTMLAnchorElement>, option: Locale) => {
    onChosen();
    // A new tab (modifier keys) just opens the page; only a plain click saves the choice.
    if (!signedIn || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const href = event.currentTarget.href;
    void saveLanguage(api, option).then(() => window.location.assign(href));
  };
  return (
    <div className="language-switcher">
      <button
        type="button"
        className="menu-item"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {t('menu.language')}: {LOCALE_INFO[locale].label}
      </button>
      {open && (
        <ul id={listId} className="language-list">
          {LOCALES.map((option) => (
            <li key={option}>
              {/* ?lang= makes the server remember the choice in the locale cookie. */}
              <a
                href={`${localizePath(bare, option)}?lang=${option}`}
                hrefLang={option}
                lang={option}
                aria-current={option === locale ? 'true' : undefined}
                onClick={(event) => choose(event, option)}
              >
                {LOCALE_INFO[option].label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MenuItem({
  entry,
  close,
  userId,
}: {
  entry: MenuEntry;
  close: () => void;
  userId: string | null;
}) {
  const { t } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  switch (entry.kind) {
    case 'link':
      return (
        <LocalizedLink className="menu-item" to={entry.to} onClick={close}>
          {t(`menu.${entry.id}`)}
        </LocalizedLink>
      );
    case 'external':
      return (
        <a className="menu-item" href={entry.href} target="_blank" rel="noopener noreferrer">
          {t('menu.support')}
        </a>
      );
    case 'action':
      return (
        <button
          type="button"
          className="menu-item"
          onClick={() => {
            close();
            logout(api).catch((error: unknown) =>
              toasts.error(error instanceof Error ? error.message : String(error)),
            );
          }}
          data-user={userId ?? undefined}
        >
          {t('menu.logout')}
        </button>
      );
    case 'languages':
      return <LanguageList onChosen={close} signedIn={userId !== null} />;
  }
}

export function Header({
  user,
  supportChatUrl,
}: {
  user: MemberView | null;
  supportChatUrl: string;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const mobile = useMediaQuery(NARROW_QUERY);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const location = useLocation();
  // Tab (or Shift+Tab) out of the menu and its button closes it; moving between them does not.
  const closeWhenFocusLeaves = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (
      next instanceof Node &&
      next !== buttonRef.current &&
      !(navRef.current?.contains(next) ?? false)
    )
      setOpen(false);
  };
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const entries = menuEntries({
    userId: user?.id ?? null,
    mobile,
    supportUrl: supportChatUrl,
    roles: user?.roles ?? [],
  });
  return (
    <header className="site-header">
      <div className="header-row">
        <Logo />
        <SearchField />
        <AccessibilityToolbar />
        {user ? (
          <>
            <LocalizedLink
              to={`/profile/${user.id}`}
              className="member-chip"
              aria-label={t('header.me', { name: user.fullname })}
            >
              <Avatar name={user.fullname} image={user.image} size="sm" loading="eager" />
              <bdi className="member-chip-name" aria-hidden="true">
                {user.firstname}
              </bdi>
            </LocalizedLink>
            {/* Writing a story: the post editor. On a phone the pen alone; its name stays for
                screen readers. Not while the member is suspended: the banner says until when. */}
            {!user.suspendedUntil && (
              <LocalizedLink to="/profile/write-post" className="button header-write">
                <Icon icon={PenLine} size={18} />
                <span className="header-write-label">{t('header.write')}</span>
              </LocalizedLink>
            )}
            <NotificationBell memberId={user.id} />
          </>
        ) : (
          <LocalizedLink to="/auth?modal=login" className="header-login">
            {t('menu.login')}
          </LocalizedLink>
        )}
        <button
          ref={buttonRef}
          type="button"
          className="icon-button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? t('header.menu.close') : t('header.menu.open')}
          onClick={() => setOpen(!open)}
          onBlur={open ? closeWhenFocusLeaves : undefined}
        >
          <Icon icon={open ? X : Menu} size={22} />
        </button>
      </div>
      <nav
        ref={navRef}
        id={menuId}
        className="site-menu"
        aria-label={t('header.menu.label')}
        hidden={!open}
        onBlur={closeWhenFocusLeaves}
      >
        <ul>
          {entries.map((entry) => (
            <li key={entry.id}>
              <MenuItem entry={entry} close={() => setOpen(false)} userId={user?.id ?? null} />
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
