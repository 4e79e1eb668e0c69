// @vitest-environment jsdom
import type { CurrentUserAnswers } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { meAnswerQueries } from '@mepedia/web-api/queries';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useLoaderSeed } from './seed';

afterEach(cleanup);

const answers = (version: number): CurrentUserAnswers => ({
  answers: [
    {
      meAnswerId: 'a1',
      questionId: 'roots',
      index: 1,
      draft: { 'roots-1': `version ${version}` },
      live: null,
      version,
      hasUnsavedChanges: true,
      updatedAt: '2026-11-26T10:00:00.000Z',
      privacy: 'public',
      publishedAsPost: false,
      views: 0,
    },
  ],
  nextIndex: 1,
});

/** A page reading its member's answers from the cache, seeded from its loader. */
function setUp() {
  const asked: string[] = [];
  const api = createApi({
    baseUrl: '',
    fetch: async (url) => {
      asked.push(url instanceof Request ? url.url : url.toString());
      return new Response(JSON.stringify(answers(99)), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const query = meAnswerQueries.own(api, 'm1');
  function Page({ loaded, at }: { loaded: CurrentUserAnswers; at: number }) {
    useLoaderSeed(query.queryKey, loaded, at);
    const data = useQuery(query).data;
    return <p>{data?.answers[0]?.draft['roots-1'] ?? 'nothing'}</p>;
  }
  return { asked, query, Page };
}

describe('a page seeded from its loader', () => {
  it('is drawn on the server from what the loader read', () => {
    const { asked, Page } = setUp();
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <Page loaded={answers(1)} at={1000} />
      </QueryClientProvider>,
    );
    expect(html).toContain('version 1');
    expect(asked).toEqual([]);
  });

  it('reads it in the browser without asking the service again', () => {
    const { asked, Page } = setUp();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page loaded={answers(1)} at={Date.now()} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('version 1')).toBeTruthy();
    // A query without data would have asked by now (on mount, which render() has run).
    expect(asked).toEqual([]);
  });

  it('keeps what the cache learnt after the loader read (a save since), and replaces what is older', () => {
    const { query, Page } = setUp();
    const client = new QueryClient();
    client.setQueryData(query.queryKey, answers(5), { updatedAt: 2000 });
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Page loaded={answers(1)} at={1000} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('version 5')).toBeTruthy();
    // The next loader answer (another question's page) read after that save: it is the newer.
    rerender(
      <QueryClientProvider client={client}>
        <Page loaded={answers(7)} at={3000} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('version 7')).toBeTruthy();
  });
});
