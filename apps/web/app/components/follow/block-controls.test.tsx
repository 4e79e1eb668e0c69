// @vitest-environment jsdom
import type { BlockState, FollowCounts, MyBlocks } from '@mepedia/contracts';
import { errorMessages, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { blockQueries, followQueries } from '@mepedia/web-api/queries';
import { followMessages, registerMessages } from '@mepedia/web-i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { BlockControls } from './block-controls';
import { ProfileFollow } from './profile-follow';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> without its modal methods: enough of them to open and close it.
Object.assign(HTMLDialogElement.prototype, {
  showModal(this: HTMLDialogElement) {
    this.open = true;
  },
  close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  },
});

// The profile registers the Follow button's strings (routes/profile.tsx).
registerMessages(followMessages);

vi.mock('../toasts', () => ({ useToasts: () => ({ error: vi.fn(), success: vi.fn() }) }));
// Who reads: the root loader's member (null for a guest).
const reader = vi.hoisted((): { id: string | null } => ({ id: 'me' }));
vi.mock('../../root', () => ({
  useRootData: () => ({ user: reader.id ? { id: reader.id } : null }),
}));

const NOA = { id: 'noa', name: 'Noa Cohen' };
const COUNTS: FollowCounts = { followers: 3, following: 1, followedByMe: true };

type Answer = { status: number; body: unknown };
let root: Root | null = null;
let calls: Array<{ name: string; body: unknown }> = [];
let refuse: Answer | null = null;

/** The moderation service as the controls meet it: what the calls change, it answers after. */
function service() {
  const lists: MyBlocks = { blocked: [], muted: [] };
  const state = (): BlockState => ({
    userId: NOA.id,
    blocked: lists.blocked.length > 0,
    muted: lists.muted.length > 0,
  });
  const entry = { userId: NOA.id, fullname: NOA.name, since: '2026-12-01T09:00:00.000Z' };
  return (name: string): Answer => {
    if (refuse && name !== 'getMyBlocks') return refuse;
    if (name === 'block') lists.blocked = [entry];
    if (name === 'unblock') lists.blocked = [];
    if (name === 'mute') lists.muted = [entry];
    if (name === 'unmute') lists.muted = [];
    if (name === 'getMyBlocks') return { status: 200, body: lists };
    // Read again once a block or unblock made the counts stale: the block ended the follow.
    if (name === 'getFollowCounts')
      return { status: 200, body: { followers: 2, following: 1, followedByMe: false } };
    return { status: 200, body: state() };
  };
}

/** The profile's Follow and Block parts, the reader's state with `noa` as the loader left it. */
async function render(
  locale: 'en' | 'he' = 'en',
  known: BlockState | null = { userId: NOA.id, blocked: false, muted: false },
) {
  const container = document.createElement('div');
  document.body.append(container);
  const answer = service();
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      const name = path.split('/').pop() ?? '';
      calls.push({ name, body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
      const { status, body } = answer(name);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(followQueries.counts(api, NOA.id).queryKey, COUNTS);
  if (known && reader.id)
    queryClient.setQueryData(blockQueries.state(api, reader.id, NOA.id).queryKey, known);
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          <ProfileFollow member={NOA} />
          <BlockControls member={NOA} />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[locale === 'he' ? '/he/profile/noa' : '/profile/noa']} />);
  });
  return container;
}

/** Lets calls and React's updates run until `done` holds (gives up after some two seconds). */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}
const named = (container: ParentNode, name: string) =>
  [...container.querySelectorAll('button')].find(
    (button) => (button.getAttribute('aria-label') ?? button.textContent) === name,
  ) ?? null;
const press = async (element: Element | null | undefined) => {
  expect(element).toBeTruthy();
  await act(async () => (element as HTMLElement).click());
};
const said = (container: HTMLElement) =>
  container.querySelector('.block-said[role="status"]')?.textContent ?? '';
const dialogOf = (container: HTMLElement) => container.querySelector('dialog');

beforeEach(() => {
  calls = [];
  refuse = null;
  reader.id = 'me';
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('Block and Mute on a profile', () => {
  it('are not offered to a guest, nor on one’s own profile', async () => {
    reader.id = null;
    let container = await render();
    expect(container.querySelector('.block-controls')).toBeNull();
    act(() => root?.unmount());
    document.body.innerHTML = '';
    reader.id = NOA.id;
    container = await render();
    expect(container.querySelector('.block-controls')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('are buttons named with the member, the visible word first, beside Follow', async () => {
    const container = await render();
    const mute = named(container, 'Mute Noa Cohen');
    const block = named(container, 'Block Noa Cohen');
    expect(mute?.textContent).toBe('Mute');
    expect(block?.textContent).toBe('Block');
    expect(block?.getAttribute('aria-haspopup')).toBe('dialog');
    expect(named(container, 'Following Noa Cohen')).not.toBeNull();
    // The loader knew the state: nothing asked.
    expect(calls).toEqual([]);
  });

  it('wait, disabled, until the reader’s state comes, read from their lists', async () => {
    const container = await render('en', null);
    await until(() => named(container, 'Block Noa Cohen')?.disabled === false);
    expect(calls.map((call) => call.name)).toEqual(['getMyBlocks']);
  });

  it('mutes at once and says so politely; Unmute undoes it', async () => {
    const container = await render();
    await press(named(container, 'Mute Noa Cohen'));
    await until(() => named(container, 'Unmute Noa Cohen') !== null);
    expect(calls).toEqual([{ name: 'mute', body: { userId: 'noa' } }]);
    expect(said(container)).toBe(
      'You muted Noa Cohen: their stories no longer show in your feeds. They are not told.',
    );
    // Muting is not blocking: Follow stays.
    expect(named(container, 'Following Noa Cohen')).not.toBeNull();
    await press(named(container, 'Unmute Noa Cohen'));
    await until(() => named(container, 'Mute Noa Cohen') !== null);
    expect(said(container)).toBe('You unmuted Noa Cohen: their stories show in your feeds again.');
  });

  it('asks before blocking, saying what a block does; Cancel blocks nothing', async () => {
    const container = await render();
    await press(named(container, 'Block Noa Cohen'));
    await until(() => dialogOf(container)?.open === true);
    const dialog = dialogOf(container)!;
    expect(dialog.querySelector('h2')?.textContent).toBe('Block Noa Cohen?');
    expect(dialog.textContent).toContain(
      'They will no longer be able to comment on or react to your stories, or follow you.',
    );
    expect(dialog.textContent).toContain(
      'You will not see each other in people, feeds, comments or notifications',
    );
    expect(dialog.textContent).toContain('They are not told.');
    await press(named(dialog, 'Cancel'));
    expect(dialog.open).toBe(false);
    expect(calls).toEqual([]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Block Noa Cohen');
  });

  it('blocks once confirmed: Follow goes, the button says Unblock and keeps the focus', async () => {
    const container = await render();
    await press(named(container, 'Block Noa Cohen'));
    await until(() => dialogOf(container)?.open === true);
    const dialog = dialogOf(container)!;
    await press(dialog.querySelector('.button-danger'));
    await until(() => dialog.open === false);
    expect(calls).toEqual([{ name: 'block', body: { userId: 'noa' } }]);
    expect(said(container)).toBe('You blocked Noa Cohen. They are not told.');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Unblock Noa Cohen');
    expect(container.querySelector('.follow-button')).toBeNull();
    // The block ended the reader's follow: the counts lose it.
    expect(container.textContent).toContain('2 followers');
    // Unblocking asks nothing, and Follow is offered again.
    await press(named(container, 'Unblock Noa Cohen'));
    await until(() => named(container, 'Block Noa Cohen') !== null);
    expect(calls.map((call) => call.name)).toContain('unblock');
    expect(said(container)).toBe(
      'You unblocked Noa Cohen. A follow the block ended does not come back by itself.',
    );
    expect(named(container, 'Follow Noa Cohen')).not.toBeNull();
  });

  it('on a profile of someone blocked already, offers Unblock and no Follow', async () => {
    const container = await render('en', { userId: NOA.id, blocked: true, muted: true });
    expect(named(container, 'Unblock Noa Cohen')).not.toBeNull();
    expect(named(container, 'Unmute Noa Cohen')).not.toBeNull();
    expect(container.querySelector('.follow-button')).toBeNull();
  });

  it.each([
    ['en', errorMessages.en['error.TOO_MANY_BLOCKS']],
    ['he', errorMessagesHe['error.TOO_MANY_BLOCKS']],
  ] as const)(
    'in %s, says a refused block in the page’s words inside the dialog, which stays',
    async (locale, words) => {
      const container = await render(locale);
      refuse = {
        status: 409,
        body: { code: 'TOO_MANY_BLOCKS', message: 'the server’s own words', requestId: 'r' },
      };
      await press(named(container, locale === 'he' ? 'חסימה של Noa Cohen' : 'Block Noa Cohen'));
      await until(() => dialogOf(container)?.open === true);
      const dialog = dialogOf(container)!;
      await press(dialog.querySelector('.button-danger'));
      await until(() => dialog.querySelector('[role="alert"]') !== null);
      expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(words);
      expect(dialog.open).toBe(true);
      expect(said(container)).toBe('');
    },
  );

  it.each([
    ['en', errorMessages.en['error.USER_NOT_FOUND']],
    ['he', errorMessagesHe['error.USER_NOT_FOUND']],
  ] as const)(
    'in %s, says a refused mute under the buttons, as an alert',
    async (locale, words) => {
      const container = await render(locale);
      refuse = {
        status: 404,
        body: { code: 'USER_NOT_FOUND', message: 'the server’s own words', requestId: 'r' },
      };
      await press(named(container, locale === 'he' ? 'השתקה של Noa Cohen' : 'Mute Noa Cohen'));
      await until(() => container.querySelector('.block-controls [role="alert"]') !== null);
      expect(container.querySelector('.block-controls [role="alert"]')?.textContent).toBe(words);
      expect(named(container, locale === 'he' ? 'השתקה של Noa Cohen' : 'Mute Noa Cohen')).not.toBe(
        null,
      );
    },
  );

  it('in Hebrew: the words, the confirmation and what was done', async () => {
    const container = await render('he');
    expect(named(container, 'השתקה של Noa Cohen')?.textContent).toBe('השתקה');
    await press(named(container, 'חסימה של Noa Cohen'));
    await until(() => dialogOf(container)?.open === true);
    const dialog = dialogOf(container)!;
    expect(dialog.querySelector('h2')?.textContent).toBe('לחסום את Noa Cohen?');
    expect(dialog.textContent).toContain('לא תישלח על כך שום הודעה.');
    await press(dialog.querySelector('.button-danger'));
    await until(() => dialog.open === false);
    expect(said(container)).toBe('חסמת את Noa Cohen. לא תישלח על כך שום הודעה.');
    expect(named(container, 'ביטול חסימה של Noa Cohen')?.textContent).toBe('ביטול חסימה');
  });
});
