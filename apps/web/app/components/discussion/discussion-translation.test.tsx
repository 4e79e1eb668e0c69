// @vitest-environment jsdom
import type { FeedMessage } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { discussionQueries, type DiscussionPages } from '@mepedia/web-api/queries';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { useMachineTranslation } from '../machine-translation';
import { Discussion } from './discussion';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const comment = (messageId: string, message: string): FeedMessage => ({
  messageId,
  feedRoomId: 'post-1',
  postId: 'post-1',
  authorId: 'author-1',
  message,
  tag: null,
  parentMessageId: null,
  likes: 0,
  repliesCount: 0,
  deleted: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  editedAt: null,
});

// The first page, as the post's loader puts it in the query cache.
const start: DiscussionPages = {
  pages: [
    {
      messages: [
        comment('m-he', 'שלום לכולם, איזה פוסט יפה'),
        comment('m-en', 'What a lovely post'),
      ],
      total: 2,
      count: 2,
      hasMore: false,
      likedByMe: [],
      authors: [],
      local: [],
    },
  ],
  pageParams: [0],
};

let root: Root | null = null;

/** A profile's words (its motto), with Translate offered or not, as the profile page uses it. */
function Motto({ offered }: { offered: boolean }) {
  const translation = useMachineTranslation({ moto: 'חיים פשוטים' }, 'en', offered);
  return <div>{translation.controls}</div>;
}

async function render(
  translatable: boolean | undefined,
  page?: () => ReactElement,
): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: 'http://127.0.0.1:9',
    fetch: () => Promise.reject(new Error('no calls')),
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(discussionQueries.comments(api, 'post-1').queryKey, start);
  const Page =
    page ??
    (() => (
      <QueryClientProvider client={queryClient}>
        <ApiProvider api={api}>
          <I18nProvider locale="en">
            {translatable === undefined ? (
              <Discussion roomId="post-1" />
            ) : (
              <Discussion roomId="post-1" translatable={translatable} />
            )}
          </I18nProvider>
        </ApiProvider>
      </QueryClientProvider>
    ));
  const Stub = createRoutesStub([
    { id: 'root', path: '/', Component: Outlet, children: [{ index: true, Component: Page }] },
  ]);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { user: null } } }} />,
    );
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const translateButtons = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].filter((b) => b.textContent?.includes('Translate'));

describe('Discussion: Translate on comments', () => {
  it('is not offered when no translation provider is configured', async () => {
    const off = await render(false);
    expect(off.textContent).toContain('What a lovely post');
    expect(translateButtons(off)).toHaveLength(0);
    // A page that does not say (another use of the discussion) offers none either.
    const unsaid = await render(undefined);
    expect(translateButtons(unsaid)).toHaveLength(0);
  });

  it('is offered, with a provider, on a comment in the other language only', async () => {
    const on = await render(true);
    const buttons = translateButtons(on);
    expect(buttons.map((b) => b.textContent)).toEqual(['Translate to English']);
    expect(buttons[0]!.closest('li')!.id).toBe('comment-m-he');
  });

  it('leaves a profile without Translate when no provider is configured', async () => {
    const api = createApi({
      baseUrl: 'http://127.0.0.1:9',
      fetch: () => Promise.reject(new Error('no calls')),
    });
    const withProviders = (offered: boolean) => () => (
      <ApiProvider api={api}>
        <I18nProvider locale="en">
          <Motto offered={offered} />
        </I18nProvider>
      </ApiProvider>
    );
    expect(translateButtons(await render(false, withProviders(false)))).toHaveLength(0);
    expect(
      translateButtons(await render(true, withProviders(true))).map((b) => b.textContent),
    ).toEqual(['Translate to English']);
  });
});
