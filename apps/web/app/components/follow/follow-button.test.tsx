// @vitest-environment jsdom
import type { FollowCounts as Counts } from '@mepedia/contracts';
import { errorMessages, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { followQueries } from '@mepedia/web-api/queries';
import { followMessages, registerMessages } from '@mepedia/web-i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { FollowButton, GUEST_FOLLOW_PATH } from './follow-button';
import { FollowCounts } from './follow-counts';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

registerMessages(followMessages);

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../toasts', () => ({ useToasts: () => toasts }));
// Who reads: the root loader's member (null for a guest).
const reader = vi.hoisted((): { id: string | null } => ({ id: 'a' }));
vi.mock('../../root', () => ({
  useRootData: () => ({ user: reader.id ? { id: reader.id } : null }),
}));

const start: Counts = { followers: 1, following: 0, followedByMe: false };

let root: Root | null = null;
let calls: Array<{ path: string; answer: (status: number, body: unknown) => void }> = [];
let cache: { client: QueryClient; api: ReturnType<typeof createApi> } | null = null;

async function render(
  locale: 'en' | 'he' = 'en',
  counts: Counts | null = start,
  batched = false,
): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: (url) =>
      new Promise<Response>((resolve) => {
        calls.push({
          path: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'content-type': 'application/json' },
              }),
            ),
        });
      }),
  });
  // The page's loader put B's counts in the cache.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (counts) queryClient.setQueryData(followQueries.counts(api, 'b').queryKey, counts);
  cache = { client: queryClient, api };
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          {/* A card (batched) shows the button alone; a profile its counts too. */}
          {!batched && <FollowCounts memberId="b" />}
          <FollowButton member={{ id: 'b', name: 'Noa Cohen' }} batched={batched} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[locale === 'he' ? '/he/profile/b' : '/profile/b']} />);
  });
  return container;
}

/** Lets calls and React's updates run until `done` holds (gives up after some two seconds). */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}
const button = (container: HTMLElement) => container.querySelector<HTMLButtonElement>('button');
const pressed = (container: HTMLElement) => button(container)?.getAttribute('aria-pressed');
const countsText = (container: HTMLElement) => container.querySelector('nav')?.textContent;

beforeEach(() => {
  calls = [];
  reader.id = 'a';
  toasts.error.mockClear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('FollowButton', () => {
  it('follows at once, named with the member, then shows the service’s counts', async () => {
    const container = await render();
    expect(button(container)?.getAttribute('aria-label')).toBe('Follow Noa Cohen');
    expect(pressed(container)).toBe('false');
    expect(countsText(container)).toContain('1 follower');
    await act(async () => button(container)!.click());
    await until(() => calls.length === 1);
    // Before any answer (none is given until below): pressed, counted, and its name says so.
    // The query cache tells React on its own next tick, so wait for that, not a fixed turn.
    await until(() => pressed(container) === 'true');
    expect(pressed(container)).toBe('true');
    expect(button(container)?.textContent).toBe('Following');
    expect(button(container)?.getAttribute('aria-label')).toBe('Following Noa Cohen');
    expect(countsText(container)).toContain('2 followers');
    // One change at a time: a second click while the first is on its way asks nothing.
    await act(async () => button(container)!.click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(calls.map((call) => call.path)).toEqual(['/api/follows/follow']);
    calls[0]!.answer(200, { userId: 'b', followers: 5, following: 0, followedByMe: true });
    await until(() => countsText(container)?.includes('5 followers') ?? false);
    expect(countsText(container)).toContain('5 followers');
    expect(pressed(container)).toBe('true');
  });

  it('takes the follow back when the service refuses it, and says so', async () => {
    const container = await render();
    await act(async () => button(container)!.click());
    await until(() => calls.length === 1 && pressed(container) === 'true');
    expect(pressed(container)).toBe('true');
    calls[0]!.answer(500, { code: 'INTERNAL', message: 'Something broke.', requestId: 'r' });
    await until(() => toasts.error.mock.calls.length > 0 && pressed(container) === 'false');
    expect(pressed(container)).toBe('false');
    expect(countsText(container)).toContain('1 follower');
    // The catalogue's words for the code, in the page's language, as for any refusal.
    expect(toasts.error).toHaveBeenCalledWith(errorMessages.en['error.INTERNAL']);
  });

  it('says a follow refused for a block (issue 35) in the page’s language, and takes it back', async () => {
    const container = await render('he');
    await act(async () => button(container)!.click());
    await until(() => calls.length === 1 && pressed(container) === 'true');
    calls[0]!.answer(403, { code: 'MEMBER_BLOCKED', message: 'In English', requestId: 'r' });
    await until(() => toasts.error.mock.calls.length > 0 && pressed(container) === 'false');
    expect(pressed(container)).toBe('false');
    expect(toasts.error).toHaveBeenCalledWith(errorMessagesHe['error.MEMBER_BLOCKED']);
  });

  it('in Hebrew: the words, and the dual in the counts', async () => {
    const container = await render('he', { followers: 2, following: 2, followedByMe: true });
    expect(button(container)?.getAttribute('aria-label')).toBe('במעקב אחרי Noa Cohen');
    expect(countsText(container)).toContain('שני עוקבים');
    expect(countsText(container)).toContain('במעקב אחרי שניים');
  });

  it('waits for what it cannot know yet: disabled until the counts come', async () => {
    const container = await render('en', null);
    expect(button(container)?.disabled).toBe(true);
    await until(() => calls.length === 1);
    expect(calls[0]!.path).toBe('/api/follows/getFollowCounts');
    calls[0]!.answer(200, { followers: 3, following: 1, followedByMe: true });
    await until(() => button(container)?.disabled === false);
    expect(pressed(container)).toBe('true');
  });

  it('on a page that reads every card’s state at once (batched), asks nothing of its own', async () => {
    const container = await render('en', null, true);
    expect(button(container)?.disabled).toBe(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(calls).toEqual([]);
    // The page's one call answers: the button takes the state it put in the cache.
    await act(async () => {
      cache!.client.setQueryData(followQueries.counts(cache!.api, 'b').queryKey, {
        followers: 3,
        following: 1,
        followedByMe: true,
      });
    });
    await until(() => button(container)?.disabled === false);
    expect(pressed(container)).toBe('true');
    expect(calls).toEqual([]);
  });

  it('is a link to registration, with the reason, for a guest; nothing on one’s own profile', async () => {
    reader.id = null;
    let container = await render();
    expect(button(container)).toBeNull();
    const link = container.querySelector('a.follow-button');
    expect(link?.getAttribute('aria-label')).toBe('Follow Noa Cohen');
    expect(link?.getAttribute('href')).toBe(GUEST_FOLLOW_PATH);
    act(() => root?.unmount());
    document.body.innerHTML = '';
    reader.id = 'b';
    container = await render();
    expect(container.querySelector('.follow-button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
