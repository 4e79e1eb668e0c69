// @vitest-environment jsdom
import type { CircleInvitationPreview } from '@mepedia/contracts';
import { errorMessagesEn, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { act, type ComponentProps } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import { PENDING_RETRIES_MS } from '../lib/account-pending';
import CircleJoin, { loader, type CircleJoinData } from './circle-join';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Who reads: the root loader's member (null for a guest).
const reader = vi.hoisted((): { id: string | null } => ({ id: null }));
vi.mock('../root', () => ({
  useRootData: () => ({ user: reader.id ? { id: reader.id } : null }),
}));

const TOKEN = 'Tok_en-123';
const INVITATION: CircleInvitationPreview = {
  inviter: { userId: 'owner-1', fullname: 'נועה כהן', profileImage: null },
  kind: 'email',
  email: 'dana@example.com',
  message: 'Hello Dana,\nCome and read my stories.',
  expiresAt: '2026-12-17T10:00:00.000Z',
};
const OWNER = { userId: 'owner-1', fullname: 'נועה כהן', profileImage: null, since: '2026-12-03' };

type Answer = { status: number; body: unknown };
let root: Root | null = null;
let calls: Array<{ path: string; body: unknown }> = [];

/** The page with `data` at the invitation's address, over a gateway answering from `answers`. */
async function render(locale: 'en' | 'he', data: CircleJoinData, answers: Answer[] = []) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      calls.push({
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const props = { loaderData: data } as unknown as ComponentProps<typeof CircleJoin>;
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <CircleJoin {...props} />
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([
    { path: '/circle/join/:token', Component: Page },
    { path: '/he/circle/join/:token', Component: Page },
  ]);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <Stub initialEntries={[`${locale === 'he' ? '/he' : ''}/circle/join/${TOKEN}`]} />,
    );
  });
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}

const button = (container: HTMLElement, name: string) => {
  const found = [...container.querySelectorAll('button')].find((b) => b.textContent === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const linkTo = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('a')].find((a) => a.textContent === name)?.getAttribute('href');
const refused = (code: string): Answer => ({
  status: 409,
  body: { code, message: 'server words', requestId: 'r' },
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  reader.id = null;
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('the invitation’s page for a guest', () => {
  it('says who invites, their words as plain text, until when and for which address', async () => {
    const page = await render('he', { state: 'open', invitation: INVITATION });
    const heading = page.querySelector('h1');
    expect(heading?.textContent).toBe('נועה כהן מזמינים אותך למעגל שלהם');
    // The name keeps its own direction inside the sentence.
    expect(heading?.querySelector('bdi[dir="auto"]')?.textContent).toBe('נועה כהן');
    const words = page.querySelector('blockquote');
    expect(words?.getAttribute('dir')).toBe('auto');
    expect(words?.textContent).toBe(INVITATION.message);
    expect(page.textContent).toContain('אפשר לקבל את ההזמנה הזאת עד');
    expect(page.querySelector('bdi[dir="ltr"]')?.textContent).toBe('dana@example.com');
    // Nothing to press: a guest registers or signs in first.
    expect(page.querySelectorAll('button')).toHaveLength(0);
    expect(calls).toEqual([]);
  });

  it('sends them to register or sign in with the address, to come back to this page', async () => {
    const page = await render('he', { state: 'open', invitation: INVITATION });
    const back = `returnTo=${encodeURIComponent(`/he/circle/join/${TOKEN}`)}`;
    expect(linkTo(page, 'הצטרפות למפדיה וקבלת ההזמנה')).toBe(
      `/he/auth?modal=register&reason=circle&${back}&email=dana%40example.com`,
    );
    expect(linkTo(page, 'יש לי חשבון: התחברות')).toBe(
      `/he/auth?modal=login&reason=circle&${back}&email=dana%40example.com`,
    );
  });
});

describe('the invitation’s page for a member', () => {
  it('accepts, says so politely, moves focus there and links to the inviter’s profile', async () => {
    reader.id = 'me-1';
    const page = await render('en', { state: 'open', invitation: INVITATION }, [
      { status: 200, body: { owner: OWNER } },
    ]);
    await act(async () => button(page, 'Accept the invitation').click());
    await until(() => page.textContent?.includes('You are in נועה כהן’s circle now.') ?? false);
    expect(calls).toEqual([{ path: '/api/circles/acceptInvitation', body: { token: TOKEN } }]);
    const joined = page.querySelector('.circle-join-joined');
    expect(joined?.closest('[role="status"]')).not.toBeNull();
    expect(document.activeElement).toBe(joined);
    expect(linkTo(page, 'Visit נועה כהן’s profile')).toBe('/profile/owner-1');
  });

  it('tries again while a new account is being set up, then joins', async () => {
    reader.id = 'me-1';
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const page = await render('en', { state: 'open', invitation: INVITATION }, [
      refused('CIRCLE_ACCOUNT_PENDING'),
      refused('CIRCLE_ACCOUNT_PENDING'),
      { status: 200, body: { owner: OWNER } },
    ]);
    await act(async () => button(page, 'Accept the invitation').click());
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(page.textContent).toContain('Your account is still being set up. Trying again');
    expect(page.querySelector('[role="alert"]')).toBeNull();
    await act(async () => vi.advanceTimersByTimeAsync(PENDING_RETRIES_MS[0]));
    await act(async () => vi.advanceTimersByTimeAsync(PENDING_RETRIES_MS[1]));
    expect(page.textContent).toContain('You are in נועה כהן’s circle now.');
    expect(calls).toHaveLength(3);
  });

  it('says so after the last try, and the button stays to try once more', async () => {
    reader.id = 'me-1';
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const page = await render('en', { state: 'open', invitation: INVITATION }, [
      refused('CIRCLE_ACCOUNT_PENDING'),
    ]);
    await act(async () => button(page, 'Accept the invitation').click());
    for (const wait of PENDING_RETRIES_MS) await act(async () => vi.advanceTimersByTimeAsync(wait));
    expect(calls).toHaveLength(PENDING_RETRIES_MS.length + 1);
    expect(page.querySelector('[role="alert"]')?.textContent).toBe(
      errorMessagesEn['error.CIRCLE_ACCOUNT_PENDING'],
    );
    expect(button(page, 'Accept the invitation').disabled).toBe(false);
  });

  it('words a refusal from its code in the page’s language, with the next step', async () => {
    reader.id = 'me-1';
    const page = await render('he', { state: 'open', invitation: INVITATION }, [
      { ...refused('INVITATION_FOR_ANOTHER_EMAIL'), status: 403 },
    ]);
    await act(async () => button(page, 'קבלת ההזמנה').click());
    await until(() => page.querySelector('[role="alert"]') !== null);
    expect(page.querySelector('[role="alert"]')?.textContent).toBe(
      errorMessagesHe['error.INVITATION_FOR_ANOTHER_EMAIL'],
    );
    expect(page.textContent).toContain('להתחבר או להירשם עם dana@example.com');
    // Trying again cannot help: the way on is home, or another account.
    expect(page.querySelectorAll('button')).toHaveLength(0);
  });

  it('offers nothing to accept on the member’s own invitation', async () => {
    reader.id = 'owner-1';
    const page = await render('en', { state: 'open', invitation: INVITATION });
    expect(page.textContent).toContain('This is your own invitation.');
    expect(page.querySelectorAll('button')).toHaveLength(0);
    expect(linkTo(page, 'Your circle in the settings')).toBe('/profile/settings#circle');
  });
});

describe('an invitation that is gone', () => {
  it('is the not-found state for a token that matches nothing, not a crash', async () => {
    const page = await render('en', { state: 'notFound' });
    expect(page.querySelector('h1')?.textContent).toBe('Invitation not found');
    expect(page.textContent).toContain('Error 404');
    expect(page.textContent).toContain(errorMessagesEn['error.INVITATION_NOT_FOUND']);
    expect(linkTo(page, 'Go to the home page')).toBe('/');
  });

  it('says an expired one has expired, and what to do', async () => {
    const page = await render('he', { state: 'expired' });
    expect(page.querySelector('h1')?.textContent).toBe('תוקף ההזמנה פג');
    expect(page.textContent).toContain('אפשר לבקש הזמנה חדשה ממי ששלח אותה.');
  });
});

describe('the invitation’s loader', () => {
  /** The loader over a gateway answering `answer`, with the visitor's cookie on the request. */
  async function load(answer: Answer) {
    const asked: Array<{ url: string; cookie: string | null }> = [];
    const apiFetch: typeof fetch = async (url, init) => {
      asked.push({
        url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
        cookie: new Headers(init?.headers).get('cookie'),
      });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    };
    const result = (await loader({
      request: new Request(`http://site/circle/join/${TOKEN}`, {
        headers: { cookie: 'mepedia_session=secret' },
      }),
      params: { token: TOKEN },
      context: {
        web: { apiBaseUrl: 'http://api', apiFetch } as never,
        cspNonce: 'n',
        clientIp: '1.2.3.4',
      },
    } as never)) as unknown as {
      data: CircleJoinData;
      init: { status?: number; headers?: Record<string, string> } | null;
    };
    return { asked, result };
  }

  it('reads the invitation as a guest would, never kept by a shared cache', async () => {
    const { asked, result } = await load({ status: 200, body: INVITATION });
    expect(asked).toEqual([{ url: 'http://api/api/circles/getInvitation', cookie: null }]);
    expect(result.data).toEqual({ state: 'open', invitation: INVITATION });
    expect(result.init?.headers).toEqual({ 'cache-control': 'private, no-store' });
  });

  it('answers 404 for a token that matches nothing and 410 for one that is gone', async () => {
    for (const [code, state, status] of [
      ['INVITATION_NOT_FOUND', 'notFound', 404],
      ['VALIDATION_FAILED', 'notFound', 404],
      ['INVITATION_EXPIRED', 'expired', 410],
      ['INVITATION_REVOKED', 'revoked', 410],
      ['INVITATION_USED', 'used', 410],
    ] as const) {
      const { result } = await load({ status: 404, body: { code, message: '', requestId: '' } });
      expect({ code, data: result.data, status: result.init?.status }).toEqual({
        code,
        data: { state },
        status,
      });
    }
  });

  it('lets any other failure reach the error page', async () => {
    await expect(
      load({ status: 429, body: { code: 'RATE_LIMITED', message: '', requestId: '' } }),
    ).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
