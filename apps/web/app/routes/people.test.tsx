// @vitest-environment jsdom
import type { PeopleResults } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { act, type ComponentProps } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import type { MemberView } from '../lib/member';
import People, { loader } from './people';

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

const BAKER: PeopleResults = {
  people: [
    {
      id: 'u-1',
      fullname: { text: 'Dana Levi', matches: [], cutBefore: false, cutAfter: false },
      profileImage: null,
      matchedIn: 'profile',
      snippet: {
        text: 'Baking bread since I was six',
        matches: [{ start: 7, end: 12 }],
        cutBefore: false,
        cutAfter: false,
      },
    },
  ],
  nextCursor: 'c-2',
};

let calls: Array<{ path: string; body: unknown }> = [];
let root: Root | null = null;

function gateway(people: PeopleResults): typeof fetch {
  return async (url, init) => {
    const path = new URL(
      typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
      'http://x',
    ).pathname;
    calls.push({ path, body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') });
    const body =
      path === '/api/search/searchPeople'
        ? people
        : path === '/api/follows/getFollowStates'
          ? {
              states: people.people.map((person) => ({
                userId: person.id,
                followers: 3,
                following: 1,
                followedByMe: false,
              })),
            }
          : path === '/api/users/getPublishedUsers'
            ? { users: [], hasMore: false, asOf: '2026-11-22T12:00:00.000Z' }
            : {};
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

async function load(address: string, fetch: typeof globalThis.fetch) {
  return (await loader({
    request: new Request(`http://site${address}`),
    params: {},
    context: { web: { apiBaseUrl: 'http://api', apiFetch: fetch } as never },
  } as never)) as ComponentProps<typeof People>['loaderData'];
}

async function render(address: string, people: PeopleResults) {
  const fetch = gateway(people);
  const loaderData = await load(address, fetch);
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({ baseUrl: '', fetch });
  const props = { loaderData } as unknown as ComponentProps<typeof People>;
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale="en">
        <People {...props} />
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [{ path: 'people', Component: Page }],
    },
  ]);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <Stub initialEntries={[address]} hydrationData={{ loaderData: { root: { user: ME } } }} />,
    ),
  );
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
});

describe('the people page’s search', () => {
  it('finds people by their words through the search service, the follow states in one call', async () => {
    await load('/people?searchValue=%20bread%20&sortBy=oldest&page=3', gateway(BAKER));
    expect(calls).toEqual([
      { path: '/api/search/searchPeople', body: { query: 'bread', limit: 24 } },
      { path: '/api/follows/getFollowStates', body: { userIds: ['u-1'] } },
    ]);
  });

  it('keeps the directory as it was without words to look for', async () => {
    await load('/people?sortBy=oldest&page=2', gateway(BAKER));
    expect(calls).toEqual([
      {
        path: '/api/users/getPublishedUsers',
        body: { searchValue: '', sortBy: 'oldest', limit: 24, pageNumber: 1 },
      },
    ]);
  });

  it('shows each person with the words around the match, a Follow button and more by cursor', async () => {
    const container = await render('/people?searchValue=bread', BAKER);
    const card = container.querySelector('.search-person')!;
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/profile/u-1');
    expect(card.querySelector('.search-person-snippet mark')?.textContent).toBe('bread');
    expect(card.querySelector('.follow-button')?.textContent).toContain('Follow');
    const links = [...container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toContainEqual(['More people', '/people?searchValue=bread&cursor=c-2']);
    expect(links).toContainEqual(['Search the stories too', '/search?q=bread']);
    // A search is in order of best match: the directory's order is not offered with it.
    expect(container.querySelector('#people-sort')).toBeNull();
  });

  it('leads a later page of a search back to its first, and no first page to itself', async () => {
    const first = 'Back to the first results';
    const later = await render('/people?searchValue=bread&cursor=c-1', BAKER);
    expect(calls[0]).toEqual({
      path: '/api/search/searchPeople',
      body: { query: 'bread', cursor: 'c-1', limit: 24 },
    });
    const back = [...later.querySelectorAll('a')].find((a) => a.textContent === first);
    expect(back?.getAttribute('href')).toBe('/people?searchValue=bread');
    act(() => root?.unmount());
    document.body.innerHTML = '';
    const start = await render('/people?searchValue=bread', BAKER);
    expect([...start.querySelectorAll('a')].map((a) => a.textContent)).not.toContain(first);
  });

  it('says when no one matches, and offers everyone', async () => {
    const container = await render('/people?searchValue=zzyzx', { people: [], nextCursor: null });
    expect(container.querySelector('.empty-state-title')?.textContent).toBe('No one matches');
    expect(container.textContent).toContain('Nobody’s name, profile or answers match zzyzx.');
  });
});
