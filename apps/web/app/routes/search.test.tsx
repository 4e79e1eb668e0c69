// @vitest-environment jsdom
import type { PeopleResults, PersonHit, StoriesPage, StoryHit } from '@mepedia/contracts';
import { errorMessagesEn, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import { act, type ComponentProps } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, Outlet, createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import type { MemberView } from '../lib/member';
import { resetSiteReads } from '../lib/site-reads.server';
import { SEARCHED_FROM_HEADER } from '../components/header';
import SearchPage, { headers, loader } from './search';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// A cache of its own for each page drawn (the browser's one cache outlives a test).
vi.mock('../components/query/query-provider', async () => {
  const { HydrationBoundary, QueryClient, QueryClientProvider } =
    await import('@tanstack/react-query');
  const { useState } = await import('react');
  return {
    QueryProvider: ({ state, children }: { state?: unknown; children: React.ReactNode }) => {
      const [client] = useState(
        () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      );
      return (
        <QueryClientProvider client={client}>
          <HydrationBoundary state={state as never}>{children}</HydrationBoundary>
        </QueryClientProvider>
      );
    },
  };
});
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../components/toasts', () => ({ useToasts: () => toasts }));

const ME: MemberView = {
  id: 'me-1',
  firstname: 'Yael',
  lastname: 'Barak',
  fullname: 'Yael Barak',
  image: null,
  language: 'en',
  roles: [],
  suspendedUntil: null,
};

const marked = (text: string, word: string, cut = false) => {
  const start = text.indexOf(word);
  return {
    text,
    matches: start < 0 ? [] : [{ start, end: start + word.length }],
    cutBefore: cut,
    cutAfter: cut,
  };
};

const story = (fields: Partial<StoryHit> & Pick<StoryHit, 'kind' | 'id'>): StoryHit => ({
  ownerId: 'u-2',
  title: marked('Bread at dawn', 'Bread'),
  questionTitle: null,
  questionId: null,
  snippet: marked('we baked bread in grandmother’s oven', 'bread', true),
  author: { id: 'u-2', fullname: 'נועה כהן', profileImage: null },
  audience: 'public',
  language: 'en',
  image: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  ...fields,
});

const PERSON: PersonHit = {
  id: 'u-1',
  fullname: marked('Dana Baker', 'Baker'),
  profileImage: null,
  matchedIn: 'profile',
  snippet: marked('I bake bread every morning', 'bread'),
};

type Answers = {
  stories?: (body: Record<string, unknown>) => { status: number; body: unknown };
  people?: (body: Record<string, unknown>) => { status: number; body: unknown };
};
const ok = (body: StoriesPage | PeopleResults) => ({ status: 200, body });
const NO_PEOPLE: PeopleResults = { people: [], nextCursor: null };
const NO_STORIES: StoriesPage = { stories: [], nextCursor: null };

let calls: Array<{ path: string; body: Record<string, unknown> }> = [];
let root: Root | null = null;

/** The gateway: search answers as the test says, the questionnaire and the places as below. */
function gateway(answers: Answers): typeof fetch {
  return async (url, init) => {
    const path = new URL(
      typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
      'http://x',
    ).pathname;
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
      string,
      unknown
    >;
    calls.push({ path, body });
    const answer =
      path === '/api/search/searchStories'
        ? (answers.stories ?? (() => ok(NO_STORIES)))(body)
        : path === '/api/search/searchPeople'
          ? (answers.people ?? (() => ok(NO_PEOPLE)))(body)
          : path === '/api/profileQuestions/getQuestions'
            ? { status: 200, body: [{ questionId: 'q-work', index: 4 }] }
            : path === '/api/privateQuestions/getSharedAnswers'
              ? { status: 200, body: { answers: [{ questionId: 'pq-1', questionIndex: 2 }] } }
              : { status: 404, body: { code: 'NOT_FOUND', message: '', requestId: '' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
}

type Loaded = {
  data: ComponentProps<typeof SearchPage>['loaderData'];
  init: { status?: number; headers?: Record<string, string> } | null;
};

/** The loader for `address`, over the gateway, with the visitor's cookie. */
async function load(address: string, fetch: typeof globalThis.fetch): Promise<Loaded> {
  return (await loader({
    request: new Request(`http://site${address}`, { headers: { cookie: 'mepedia_session=s' } }),
    params: {},
    context: { web: { apiBaseUrl: 'http://api', apiFetch: fetch } as never, cspNonce: 'n' },
  } as never)) as unknown as Loaded;
}

/** Where the page is: the router's address, shown for the tests to read. */
function Where() {
  const location = useLocation();
  return <output data-where="">{location.pathname + location.search}</output>;
}

/** The page at `address` as the server draws it and the browser shows it, for `user`. */
async function render(address: string, answers: Answers = {}, user: MemberView | null = null) {
  const fetch = gateway(answers);
  const loaded = await load(address, fetch);
  const locale: Locale = address.startsWith('/he/') ? 'he' : 'en';
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({ baseUrl: '', fetch });
  const props = { loaderData: loaded.data } as unknown as ComponentProps<typeof SearchPage>;
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <SearchPage {...props} />
        {/* Another search: a link's, and the header's (its navigation says so). */}
        <Link to="/search?q=cake">Another search</Link>
        <Where />
        <Link to="/search?q=flour" state={{ [SEARCHED_FROM_HEADER]: true }}>
          Header search
        </Link>
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        { path: 'search', Component: Page },
        { path: 'he/search', Component: Page },
      ],
    },
  ]);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <Stub initialEntries={[address]} hydrationData={{ loaderData: { root: { user } } }} />,
    ),
  );
  return { container, loaded };
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}

const searchCalls = () => calls.filter((call) => call.path.startsWith('/api/search/'));
const links = (container: Element) =>
  [...container.querySelectorAll('a')]
    .filter((a) => a.textContent !== 'Another search' && a.textContent !== 'Header search')
    .map((a) => [a.textContent, a.getAttribute('href')]);

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
  resetSiteReads();
  toasts.error.mockReset();
});

describe('the search page without a query', () => {
  it('asks nothing, and says what search does', async () => {
    const { container } = await render('/search?q=%20%20');
    expect(searchCalls()).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('Search');
    expect(container.querySelector('.empty-state-title')?.textContent).toBe(
      'What are you looking for?',
    );
    const field = container.querySelector<HTMLInputElement>('input[name="q"]');
    expect(field?.labels?.[0]?.textContent).toBe('Search for');
    expect(field?.closest('form')?.getAttribute('role')).toBe('search');
  });
});

describe('the search page’s results', () => {
  const stories: StoriesPage = {
    stories: [
      story({ kind: 'post', id: 'p-1' }),
      story({
        kind: 'answer',
        id: 'a-1',
        questionId: 'q-work',
        title: marked('What did you work at?', 'work'),
        questionTitle: { en: 'What did you work at?', he: 'במה עבדת?' },
        snippet: marked('I was a baker; bread was my life', 'bread'),
      }),
      story({
        kind: 'privateAnswer',
        id: 'pq-1',
        ownerId: 'me-1',
        questionId: 'pq-1',
        title: marked('My grandmother’s bread', 'bread'),
        author: null,
        audience: 'private',
      }),
    ],
    nextCursor: null,
  };

  it('shows people and stories, matches marked, each linking where it is read', async () => {
    const { container } = await render(
      '/search?q=bread',
      { people: () => ok({ people: [PERSON], nextCursor: null }), stories: () => ok(stories) },
      ME,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Search: bread');
    expect(container.querySelector('h1 bdi')?.getAttribute('dir')).toBe('auto');
    const [people, found] = [...container.querySelectorAll('section.search-section')];
    expect(people?.querySelector('h2')?.textContent).toBe('People');
    expect(found?.querySelector('h2')?.textContent).toBe('Stories');
    // Real links in lists, one per result, to pages that exist.
    expect(links(people!)).toEqual([['Dana Baker', '/profile/u-1']]);
    expect(links(found!)).toEqual([
      ['Bread at dawn', '/post/p-1'],
      ['What did you work at?', '/me/u-2/4'],
      ['My grandmother’s bread', '/me/me-1/custom-question/2'],
    ]);
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Baker',
      'bread',
      'Bread',
      'bread',
      'work',
      'bread',
      'bread',
      'bread',
    ]);
    const first = found!.querySelector('li')!;
    // The snippet in its own direction, cut at both ends.
    const snippet = first.querySelector('.search-hit-snippet')!;
    expect(snippet.getAttribute('dir')).toBe('auto');
    expect(snippet.textContent).toBe('…we baked bread in grandmother’s oven…');
    expect(first.querySelector('.search-hit-kind')?.textContent).toBe('Post');
    expect(first.querySelector('.search-hit-author > bdi')?.textContent).toBe('נועה כהן');
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-22T12:00:00.000Z');
    expect(first.querySelector('time')?.textContent).toBe('22 Nov 2026');
    // Whose it is when not everyone's: the reader's own private answer, with no author shown.
    const own = found!.querySelectorAll('li')[2]!;
    expect(own.querySelector('.search-hit-kind')?.textContent).toBe('Private answer');
    expect(own.querySelector('.search-hit-author')).toBeNull();
    expect(own.querySelector('.audience-badge')?.textContent).toContain('Only me');
    // The private answer's place came from its owner's answers the reader may read.
    expect(calls.map((call) => call.path)).toContain('/api/privateQuestions/getSharedAnswers');
  });

  it('draws a Hebrew page right to left, the answer’s question in Hebrew', async () => {
    const { container } = await render('/he/search?q=%D7%9C%D7%97%D7%9D', {
      stories: () =>
        ok({
          stories: [
            story({
              kind: 'answer',
              id: 'a-1',
              questionId: 'q-work',
              title: marked('What did you work at?', 'work'),
              questionTitle: { en: 'What did you work at?', he: 'במה עבדת?' },
              snippet: marked('הייתי אופה, והלחם היה החיים שלי', 'לחם', true),
              language: 'he',
            }),
          ],
          nextCursor: null,
        }),
    });
    expect(container.querySelector('h1')?.textContent).toBe('חיפוש: לחם');
    const hit = container.querySelector('.search-hit')!;
    const title = hit.querySelector('.search-hit-title')!;
    expect(title.textContent).toBe('במה עבדת?');
    expect(title.getAttribute('dir')).toBe('auto');
    expect(title.getAttribute('lang')).toBe('he');
    // The marks were offsets into the English title: the Hebrew one is shown unmarked.
    expect(title.querySelector('mark')).toBeNull();
    expect(title.querySelector('a')?.getAttribute('href')).toBe('/he/me/u-2/4');
    const snippet = hit.querySelector('.search-hit-snippet')!;
    expect(snippet.getAttribute('lang')).toBe('he');
    expect(snippet.querySelector('mark')?.textContent).toBe('לחם');
    expect(hit.querySelector('.search-hit-kind')?.textContent).toBe('תשובה לשאלון');
    expect(container.querySelector('section.search-section h2')?.textContent).toBe('אנשים');
    expect(container.textContent).toContain('אף אחד לא תואם את החיפוש הזה.');
  });

  it('turns the filters into the request, and keeps them in the form', async () => {
    const { container } = await render(
      '/search?q=bread&kinds=answer,post&language=he&sort=newest',
      {},
      ME,
    );
    expect(searchCalls()).toEqual([
      {
        path: '/api/search/searchStories',
        body: {
          query: 'bread',
          kinds: ['post', 'answer'],
          language: 'he',
          sort: 'newest',
          limit: 20,
        },
      },
      { path: '/api/search/searchPeople', body: { query: 'bread', limit: 6 } },
    ]);
    const checked = [...container.querySelectorAll<HTMLInputElement>('input[name="kinds"]')].map(
      (box) => [box.value, box.checked],
    );
    expect(checked).toEqual([
      ['post', true],
      ['answer', true],
      ['privateAnswer', false],
    ]);
    expect(container.querySelector<HTMLSelectElement>('#search-language')?.value).toBe('he');
    expect(container.querySelector<HTMLSelectElement>('#search-sort')?.value).toBe('newest');
    // Chosen filters are in view; unchosen, they are folded away under the query.
    expect(container.querySelector('details')?.open).toBe(true);
    expect(container.querySelector('form')?.getAttribute('method')).toBe('get');
  });

  it('puts another search’s words and filters in the same form', async () => {
    const { container } = await render('/search?q=bread&language=he&kinds=post', {}, ME);
    const field = container.querySelector<HTMLInputElement>('#search-query')!;
    expect(field.value).toBe('bread');
    const other = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Another search',
    );
    await act(async () => other?.click());
    await until(() => field.value === 'cake');
    // The same form (a search made from it keeps its focus), with the new search's choices.
    expect(container.querySelector('#search-query')).toBe(field);
    expect(container.querySelector<HTMLSelectElement>('#search-language')?.value).toBe('');
    expect(
      [...container.querySelectorAll<HTMLInputElement>('input[name="kinds"]')].some(
        (b) => b.checked,
      ),
    ).toBe(false);
  });

  it('takes the focus to its heading after a search from the header, not after another', async () => {
    const { container } = await render('/search?q=bread');
    const field = container.querySelector<HTMLInputElement>('#search-query')!;
    const linkTo = (text: string) =>
      [...container.querySelectorAll('a')].find((a) => a.textContent === text);
    await act(async () => linkTo('Another search')?.click());
    await until(() => field.value === 'cake');
    expect(document.activeElement?.tagName).not.toBe('H1');
    await act(async () => linkTo('Header search')?.click());
    await until(() => field.value === 'flour');
    expect(document.activeElement).toBe(container.querySelector('h1'));
    expect(document.activeElement?.textContent).toBe('Search: flour');
  });

  it('goes to the search’s own address, without the filters left at their defaults', async () => {
    const { container } = await render('/he/search?q=bread&language=&sort=relevance', {}, ME);
    const where = () => container.querySelector('[data-where]')?.textContent;
    const field = container.querySelector<HTMLInputElement>('#search-query')!;
    field.value = ' flour  ';
    const form = field.closest('form')!;
    await act(async () => form.requestSubmit());
    await until(() => where() === '/he/search?q=flour');
    const newest = container.querySelector<HTMLSelectElement>('#search-sort')!;
    newest.value = 'newest';
    container.querySelector<HTMLInputElement>('input[name="kinds"][value="answer"]')!.checked =
      true;
    await act(async () => form.requestSubmit());
    await until(() => where() === '/he/search?q=flour&kinds=answer&sort=newest');
  });

  it('offers a member’s own private answers to members only', async () => {
    const { container } = await render('/search?q=bread');
    expect(container.querySelector('details')?.open).toBe(false);
    expect(
      [...container.querySelectorAll<HTMLInputElement>('input[name="kinds"]')].map((b) => b.value),
    ).toEqual(['post', 'answer']);
  });

  it('says when nothing matches, and suggests fewer words', async () => {
    const { container } = await render('/search?q=zzyzx%20quux');
    expect(container.querySelector('.empty-state-title')?.textContent).toBe('Nothing found');
    expect(container.querySelector('.empty-state-text')?.textContent).toBe(
      'Nothing matches zzyzx quux. Try fewer words, another spelling, or fewer filters.',
    );
    expect(container.querySelector('section.search-section')).toBeNull();
  });

  it('says a refusal in the page’s language with its status, and leads to the first results', async () => {
    const refusal = { code: 'INVALID_CURSOR', message: 'server words', requestId: 'r' };
    const { container, loaded } = await render('/he/search?q=bread&cursor=forged', {
      stories: () => ({ status: 400, body: refusal }),
    });
    expect(loaded.init?.status).toBe(400);
    // A later page of stories shows the stories alone: people were not asked for.
    expect(searchCalls().map((call) => call.path)).toEqual(['/api/search/searchStories']);
    expect(container.querySelector('.empty-state-text')?.textContent).toBe(
      errorMessagesHe['error.INVALID_CURSOR'],
    );
    expect(links(container)).toContainEqual(['חזרה לתוצאות הראשונות', '/he/search?q=bread']);
    // Trying the same position again cannot help: no "Try again".
    expect(container.textContent).not.toContain('לנסות שוב');
  });

  it('offers to try again when the service is away, and still shows the other list', async () => {
    const away = { code: 'SERVICE_UNAVAILABLE', message: 'down', requestId: 'r' };
    const { container, loaded } = await render('/search?q=bread', {
      people: () => ok({ people: [PERSON], nextCursor: null }),
      stories: () => ({ status: 503, body: away }),
    });
    expect(loaded.init?.status).toBe(503);
    expect(container.textContent).toContain(errorMessagesEn['error.SERVICE_UNAVAILABLE']);
    expect(links(container)).toContainEqual(['Try again', '/search?q=bread']);
    expect(links(container)).toContainEqual(['Dana Baker', '/profile/u-1']);
  });

  it('loads more stories in place, says how many are shown and moves focus to the first new one', async () => {
    const { container } = await render('/search?q=bread', {
      stories: (body) =>
        ok(
          body['cursor'] === 'c-2'
            ? { stories: [story({ kind: 'post', id: 'p-2' })], nextCursor: null }
            : { stories: [story({ kind: 'post', id: 'p-1' })], nextCursor: 'c-2' },
        ),
    });
    const more = [...container.querySelectorAll('a')].find((a) => a.textContent === 'More stories');
    // A real link to the next page's own address, for a new tab or a browser without scripts.
    expect(more?.getAttribute('href')).toBe('/search?q=bread&cursor=c-2');
    await act(async () => more?.click());
    await until(() => container.querySelectorAll('.search-results > li').length === 2);
    expect(searchCalls().at(-1)).toEqual({
      path: '/api/search/searchStories',
      body: { query: 'bread', limit: 20, cursor: 'c-2' },
    });
    const status = container.querySelector('#search-stories ~ [role="status"]');
    await until(() => status?.textContent === '2 stories shown');
    await until(() => document.activeElement?.getAttribute('href') === '/post/p-2');
    // The last page: no more to ask for.
    expect([...container.querySelectorAll('a')].some((a) => a.textContent === 'More stories')).toBe(
      false,
    );
  });
});

describe('the search page’s answer', () => {
  it('is never kept by a shared cache or the page cache', async () => {
    const { init } = await load('/search?q=bread', gateway({}));
    expect(init?.headers).toEqual({ 'cache-control': 'private, no-store' });
    const sent = headers({ parentHeaders: new Headers({ 'cache-control': 'public' }) } as never);
    expect(new Headers(sent).get('cache-control')).toBe('private, no-store');
  });
});
