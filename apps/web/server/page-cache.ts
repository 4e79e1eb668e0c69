import { createHash } from 'node:crypto';

/** How long a guest page is served as is, then how long it may still be served while redrawn. */
export const PAGE_FRESH_MS = 5_000;
export const PAGE_STALE_MS = 30_000;
const MAX_PAGES = 1_000;
const MAX_URL_LENGTH = 2_048;

/**
 * The cookies a guest page may be drawn with. Any other cookie (the session, a verification
 * ticket, whatever a browser carries for another reason) may change the page, so such a request
 * is drawn for itself and never shared.
 */
export type GuestCookies = { locale: string; visitor: string };

export type PageRequest = {
  method: string;
  /** Path and query, as the browser sent them. */
  url: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
};

/** One drawn page: its HTML with the nonce it was drawn with, to be swapped for a fresh one. */
export type StoredPage = {
  status: number;
  headers: Array<[string, string]>;
  body: string;
  nonce: string;
  etag: string;
};

type Entry = { page: StoredPage; storedAt: number };

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((part) => part.slice(0, part.indexOf('=')).trim())
    .filter(Boolean);
}

function cookieValue(header: string | undefined, name: string): string {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return '';
}

/**
 * Guests' pages, kept for seconds in this process: a page every guest sees alike is drawn once
 * and served from memory, each time with a fresh CSP nonce. A stale page is still served for a
 * while, while one request draws it again (stale-while-revalidate). A change in the data
 * (posts, people) clears it all. Members' pages never come here (see `keyOf`).
 */
export class PageCache {
  private readonly pages = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly cookies: GuestCookies,
    private readonly freshMs = PAGE_FRESH_MS,
    private readonly staleMs = PAGE_STALE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The page's key, or null when the request is not a guest's plain read. What may change a
   * guest's page is part of the key: the address, the saved language, and at the root (where a
   * browser preferring Hebrew is sent to /he) the browser's languages.
   */
  keyOf(request: PageRequest): string | null {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (request.url.length > MAX_URL_LENGTH) return null;
    const allowed = new Set([this.cookies.locale, this.cookies.visitor]);
    if (cookieNames(request.cookie).some((name) => !allowed.has(name))) return null;
    const path = request.url.split('?')[0] ?? '';
    const locale = cookieValue(request.cookie, this.cookies.locale).slice(0, 8);
    const languages = path === '/' ? (request.acceptLanguage ?? '').slice(0, 100) : '';
    return `${request.url}\n${locale}\n${languages}`;
  }

  /** The page and whether it is still fresh; undefined when there is none worth serving. */
  get(key: string): { page: StoredPage; fresh: boolean } | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    const age = this.now() - entry.storedAt;
    if (age >= this.freshMs + this.staleMs) {
      this.pages.delete(key);
      return undefined;
    }
    return { page: entry.page, fresh: age < this.freshMs };
  }

  /** A mark to hand back to `set`: a page drawn across a change is not kept. */
  mark(): number {
    return this.generation;
  }

  set(key: string, page: StoredPage, mark: number): void {
    if (mark !== this.generation) return;
    if (this.pages.size >= MAX_PAGES && !this.pages.has(key)) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    this.pages.delete(key);
    this.pages.set(key, { page, storedAt: this.now() });
  }

  /**
   * What a new drawing of `key` leaves behind: a page that may be shared is kept; one that now
   * answers a client error (404: removed by a moderator, narrowed, deleted) takes the kept page
   * away, or guests would be served it until its stale time is up wherever this process hears
   * of no change (services mode's web server has no bus). A server error leaves the kept page:
   * the backend's trouble is no reason to take pages from guests.
   */
  settle(key: string, page: StoredPage, shareable: boolean, mark: number): void {
    if (shareable) this.set(key, page, mark);
    else if (page.status >= 400 && page.status < 500) this.pages.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /** The Cache-Control a guest's page carries: browsers revalidate, shared caches keep seconds. */
  cacheControl(): string {
    const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));
    return `public, max-age=0, s-maxage=${seconds(this.freshMs)}, stale-while-revalidate=${seconds(this.staleMs)}`;
  }
}

/**
 * Whether a drawn page may be shared with other guests: a plain 200 that sets no cookie and that
 * no loader marked private.
 */
export function isShareable(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (headers.has('set-cookie')) return false;
  const cacheControl = headers.get('cache-control') ?? '';
  return !/\b(private|no-store|no-cache)\b/i.test(cacheControl);
}

/** A weak validator of the page's content (its nonce aside, which differs on every answer). */
export function pageEtag(body: string, nonce: string): string {
  const hash = createHash('sha256').update(body.replaceAll(nonce, '')).digest('base64url');
  return `W/"${hash.slice(0, 27)}"`;
}
