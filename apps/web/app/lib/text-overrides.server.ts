import type { ApplicationText } from '@mepedia/contracts';
import {
  catalogs,
  checkOverrides,
  editMeMessages,
  postMessages,
  privateQuestionsMessages,
  profileMessages,
  settingsMessages,
  widgetMessages,
  writePostMessages,
  type Locale,
  type MessageOverrides,
  type MessageSource,
} from '@mepedia/web-i18n';

/**
 * The site's interface text overrides (`applicationText/getFormattedText`, docs/api/site.md),
 * checked and kept by the web server: read once, then again at most once a minute (the site
 * service changes them only with a deployment, and answers them with `max-age=300`), so a page
 * costs no call for them. A broken override is logged once and left out (checkOverrides): the
 * built-in message shows instead, never the override's raw text.
 */
export type TextOverrides = Record<Locale, MessageOverrides>;

export const TEXT_OVERRIDES_TTL_MS = 60_000;
/** After a failed read: the last good overrides (or none) until then, then another try. */
export const TEXT_OVERRIDES_RETRY_MS = 10_000;

const NONE: TextOverrides = Object.freeze({ en: Object.freeze({}), he: Object.freeze({}) });

const PAGE_MESSAGES = [
  editMeMessages,
  postMessages,
  privateQuestionsMessages,
  profileMessages,
  settingsMessages,
  widgetMessages,
  writePostMessages,
];

/** The web app's own message for `key` in `locale`: the catalogue's or a page's. */
export function builtInMessage(locale: Locale, key: string): MessageSource | undefined {
  const own = (messages: Readonly<Record<string, MessageSource>>) =>
    Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : undefined;
  return own(catalogs[locale]) ?? PAGE_MESSAGES.map((page) => own(page[locale])).find(Boolean);
}

type Store = {
  current?: { value: TextOverrides; expires: number };
  loading?: Promise<void>;
  /** Problems already logged, so a broken override is said once, not every minute. */
  reported: Set<string>;
};

let store: Store = { reported: new Set() };

/** Forget everything (tests). */
export function resetTextOverrides(): void {
  store = { reported: new Set() };
}

type Log = Pick<Console, 'warn'>;

async function refresh(
  read: () => Promise<ApplicationText>,
  now: number,
  log: Log,
  own: Store,
): Promise<void> {
  try {
    const { overrides, problems } = checkOverrides(await read(), builtInMessage);
    for (const { locale, key, reason } of problems) {
      const said = `${locale} ${key}: ${reason}`;
      if (own.reported.has(said)) continue;
      own.reported.add(said);
      log.warn(`interface text override skipped (${said})`);
    }
    own.current = { value: overrides, expires: now + TEXT_OVERRIDES_TTL_MS };
  } catch (error) {
    log.warn(
      `interface text overrides could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    own.current = { value: own.current?.value ?? NONE, expires: now + TEXT_OVERRIDES_RETRY_MS };
  }
}

/**
 * The checked overrides. The first page waits for the first read; after that a page gets what is
 * kept, and an expired copy is served while one read renews it.
 */
export async function textOverrides(
  read: () => Promise<ApplicationText>,
  options: { now?: number; log?: Log } = {},
): Promise<TextOverrides> {
  const now = options.now ?? Date.now();
  const own = store;
  const kept = (): TextOverrides | undefined => own.current?.value;
  if (own.current && now < own.current.expires) return own.current.value;
  own.loading ??= refresh(read, now, options.log ?? console, own).finally(() => {
    own.loading = undefined;
  });
  const stale = kept();
  if (stale) return stale;
  await own.loading;
  return kept() ?? NONE;
}
