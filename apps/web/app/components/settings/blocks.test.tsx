// @vitest-environment jsdom
import type { MyBlocks } from '@mepedia/contracts';
import { errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { BlocksSection } from './blocks';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const member = (userId: string, fullname: string, since: string) => ({ userId, fullname, since });
const LISTS: MyBlocks = {
  blocked: [
    member('m-noa', 'Noa Cohen', '2026-12-03T09:00:00.000Z'),
    member('m-yossi', 'יוסי לוי', '2026-11-20T09:00:00.000Z'),
  ],
  muted: [member('m-dan', 'Dan Bar', '2026-10-01T09:00:00.000Z')],
};

type Answer = { status: number; body: unknown };
type Answers = Record<string, Answer | ((body: unknown) => Answer)>;
let root: Root | null = null;
let calls: Array<{ name: string; body: unknown }> = [];

/** The tab over a fake gateway answering each call by its name (the path's end). */
async function render(locale: 'en' | 'he', answers: Answers, ready = 'section h3') {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      const name = path.split('/').pop() ?? '';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ name, body });
      const found = answers[name];
      const answer = typeof found === 'function' ? found(body) : found;
      if (!answer) throw new Error(`no answer for ${name}`);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          <BlocksSection memberId="me" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <Stub initialEntries={[locale === 'he' ? '/he/profile/settings' : '/profile/settings']} />,
    );
  });
  await until(() => container.querySelector(ready) !== null);
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}

const ok = (body: unknown): Answer => ({ status: 200, body });
/** The moderation service as the tab meets it: reads answer what the calls changed. */
function service(): Answers {
  let lists: MyBlocks = structuredClone(LISTS);
  const without = (list: MyBlocks['blocked'], userId: string) =>
    list.filter((row) => row.userId !== userId);
  return {
    getMyBlocks: () => ok(lists),
    unblock: (body) => {
      const { userId } = body as { userId: string };
      lists = { ...lists, blocked: without(lists.blocked, userId) };
      return ok({ userId, blocked: false, muted: lists.muted.some((m) => m.userId === userId) });
    },
    unmute: (body) => {
      const { userId } = body as { userId: string };
      lists = { ...lists, muted: without(lists.muted, userId) };
      return ok({ userId, blocked: lists.blocked.some((m) => m.userId === userId), muted: false });
    },
  };
}

const section = (container: HTMLElement, title: string) =>
  [...container.querySelectorAll('section')].find(
    (part) => part.querySelector('h3')?.textContent === title,
  ) ?? null;
const named = (container: ParentNode, name: string) =>
  [...container.querySelectorAll('button')].find(
    (button) => button.getAttribute('aria-label') === name,
  ) ?? null;
const press = async (element: Element | null | undefined) => {
  expect(element).toBeTruthy();
  await act(async () => (element as HTMLElement).click());
};

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
});

describe('the settings’ Blocked and muted tab', () => {
  it('lists the people blocked and muted: names linking to their profiles, since when', async () => {
    const container = await render('en', service());
    const blocked = section(container, 'People you blocked')!;
    const rows = [...blocked.querySelectorAll('li')];
    expect(rows.map((row) => row.querySelector('a')?.textContent)).toEqual([
      'Noa Cohen',
      'יוסי לוי',
    ]);
    expect(rows[0]?.querySelector('a')?.getAttribute('href')).toBe('/profile/m-noa');
    expect(rows[1]?.querySelector('bdi')?.getAttribute('dir')).toBe('auto');
    expect(rows[0]?.textContent).toContain('Blocked since 3 Dec 2026');
    const unblock = named(blocked, 'Unblock Noa Cohen');
    expect(unblock?.textContent).toBe('Unblock');
    const muted = section(container, 'People you muted')!;
    expect(muted.querySelector('a')?.getAttribute('href')).toBe('/profile/m-dan');
    expect(muted.textContent).toContain('Muted since 1 Oct 2026');
    expect(named(muted, 'Unmute Dan Bar')?.textContent).toBe('Unmute');
    expect(calls.map((call) => call.name)).toEqual(['getMyBlocks']);
  });

  it('unblocks at once: the row goes, it is said politely, focus goes to the list’s heading', async () => {
    const container = await render('en', service());
    const blocked = section(container, 'People you blocked')!;
    await press(named(blocked, 'Unblock Noa Cohen'));
    await until(() => named(blocked, 'Unblock Noa Cohen') === null);
    expect(calls).toContainEqual({ name: 'unblock', body: { userId: 'm-noa' } });
    expect(blocked.querySelector('[role="status"]')?.textContent).toBe(
      'You unblocked Noa Cohen. A follow the block ended does not come back by itself.',
    );
    expect(document.activeElement?.textContent).toBe('People you blocked');
    expect(blocked.querySelectorAll('li')).toHaveLength(1);
    // The muted list is the muted list still.
    expect(section(container, 'People you muted')!.querySelectorAll('li')).toHaveLength(1);
  });

  it('says each list is empty, and how to fill it', async () => {
    const answers = service();
    const container = await render('en', {
      ...answers,
      getMyBlocks: ok({ blocked: [], muted: [] }),
    });
    expect(section(container, 'People you blocked')?.textContent).toContain(
      'You have not blocked anyone. You can block someone from their profile.',
    );
    expect(section(container, 'People you muted')?.textContent).toContain(
      'You have not muted anyone.',
    );
    expect(container.querySelector('li')).toBeNull();
  });

  it('unmutes the last one and says the list is empty now', async () => {
    const container = await render('en', service());
    const muted = section(container, 'People you muted')!;
    await press(named(muted, 'Unmute Dan Bar'));
    await until(() => muted.textContent?.includes('You have not muted anyone') ?? false);
    expect(muted.querySelector('[role="status"]')?.textContent).toBe(
      'You unmuted Dan Bar: their stories show in your feeds again.',
    );
  });

  it('in Hebrew: the titles, the dates, and a refusal in the catalogue’s words, the row kept', async () => {
    const container = await render('he', {
      ...service(),
      unblock: {
        status: 404,
        body: { code: 'USER_NOT_FOUND', message: 'the server’s words', requestId: 'r' },
      },
    });
    const blocked = section(container, 'אנשים שחסמת')!;
    expect(blocked).not.toBeNull();
    expect(section(container, 'אנשים שהשתקת')).not.toBeNull();
    expect(blocked.textContent).toContain('בחסימה מאז');
    await press(named(blocked, 'ביטול חסימה של Noa Cohen'));
    await until(() => blocked.querySelector('[role="alert"]') !== null);
    expect(blocked.querySelector('[role="alert"]')?.textContent).toBe(
      errorMessagesHe['error.USER_NOT_FOUND'],
    );
    expect(named(blocked, 'ביטול חסימה של Noa Cohen')).not.toBeNull();
  });

  it('offers to try again when the lists cannot be read', async () => {
    let fail = true;
    const answers = service();
    const container = await render(
      'en',
      {
        ...answers,
        getMyBlocks: () =>
          fail
            ? { status: 503, body: { code: 'UNAVAILABLE', message: 'down', requestId: 'r' } }
            : ok(LISTS),
      },
      '.empty-state',
    );
    expect(container.textContent).toContain('These lists could not be loaded just now.');
    fail = false;
    await press(
      [...container.querySelectorAll('button')].find((b) => b.textContent === 'Try again'),
    );
    await until(() => section(container, 'People you blocked') !== null);
    expect(section(container, 'People you blocked')?.querySelectorAll('li')).toHaveLength(2);
  });
});
