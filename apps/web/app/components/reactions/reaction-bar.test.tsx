// @vitest-environment jsdom
import type { LottiesState } from '@mepedia/contracts';
import { errorMessages, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { reactionQueries } from '@mepedia/web-api/queries';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { ReactionBar } from './reaction-bar';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../toasts', () => ({ useToasts: () => toasts }));

const none = { heart: 0, clap: 0, laugh: 0, wow: 0, hug: 0 };
const start: LottiesState = { counts: { ...none, clap: 4 }, mine: [] };

let root: Root | null = null;
let answers: Array<(status: number, body: unknown) => void> = [];

async function render(locale: 'en' | 'he' = 'en'): Promise<HTMLElement> {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: () =>
      new Promise<Response>((resolve) => {
        answers.push((status, body) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          ),
        );
      }),
  });
  // The page's loader put the counts in the cache.
  const queryClient = new QueryClient();
  queryClient.setQueryData(reactionQueries.state(api, 'posts', 'p1').queryKey, start);
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          <ReactionBar collectionName="posts" objectId="p1" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  // The sign-in prompt's links need a router.
  const Stub = createRoutesStub([{ path: '/', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={['/']} />);
  });
  return container;
}

/**
 * Lets the calls on their way and React's updates run until `done` holds: a condition, not a
 * time (it gives up after some two seconds and the assertions after it say what is wrong).
 */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}
const clap = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('button[data-reaction="clap"]')!;

beforeEach(() => {
  answers = [];
  toasts.error.mockClear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('ReactionBar', () => {
  const pressed = (container: HTMLElement) => clap(container).getAttribute('aria-pressed');

  it('shows a reaction at once, then the service’s counts', async () => {
    const container = await render();
    expect(clap(container).textContent).toContain('4');
    await act(async () => clap(container).click());
    await until(() => answers.length === 1 && pressed(container) === 'true');
    // Before any answer: pressed, and one more.
    expect(pressed(container)).toBe('true');
    expect(clap(container).textContent).toContain('5');
    // One toggle of a reaction at a time: a second click while the first is on its way asks
    // nothing (every promise it could start has run by the next task).
    await act(async () => clap(container).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(answers).toHaveLength(1);
    answers[0]!(200, { counts: { ...none, clap: 9 }, mine: ['clap'], reacted: true });
    await until(() => clap(container).textContent?.includes('9') ?? false);
    expect(clap(container).textContent).toContain('9');
    expect(pressed(container)).toBe('true');
  });

  it('takes a reaction back when the service fails, and says so', async () => {
    const container = await render();
    await act(async () => clap(container).click());
    await until(() => answers.length === 1 && pressed(container) === 'true');
    expect(pressed(container)).toBe('true');
    answers[0]!(500, { code: 'INTERNAL', message: 'Something broke.', requestId: 'r' });
    await until(() => toasts.error.mock.calls.length > 0 && pressed(container) === 'false');
    expect(pressed(container)).toBe('false');
    expect(clap(container).textContent).toContain('4');
    // The catalogue's words for the code, in the page's language, as for any refusal.
    expect(toasts.error).toHaveBeenCalledWith(errorMessages.en['error.INTERNAL']);
  });

  it('says a reaction refused for a block (issue 35) in the page’s language', async () => {
    const container = await render('he');
    await act(async () => clap(container).click());
    await until(() => answers.length === 1 && pressed(container) === 'true');
    answers[0]!(403, { code: 'MEMBER_BLOCKED', message: 'In English', requestId: 'r' });
    await until(() => toasts.error.mock.calls.length > 0 && pressed(container) === 'false');
    expect(toasts.error).toHaveBeenCalledWith(errorMessagesHe['error.MEMBER_BLOCKED']);
  });

  it('asks a guest to sign in, in place, and takes the reaction back', async () => {
    const container = await render();
    await act(async () => clap(container).click());
    await until(() => answers.length === 1 && pressed(container) === 'true');
    answers[0]!(401, { code: 'AUTH_REQUIRED', message: 'Sign in to react.', requestId: 'r' });
    await until(() => pressed(container) === 'false');
    expect(pressed(container)).toBe('false');
    expect(container.textContent).toContain('Sign in to react.');
    expect(toasts.error).not.toHaveBeenCalled();
  });
});
