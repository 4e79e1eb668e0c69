// @vitest-environment jsdom
import type { Decision, Transparency } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { monthName } from '../components/moderation/format';
import { DecisionFacts } from '../components/moderation/parts';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import { isModerationPath } from '../lib/navigation';
import routes from '../routes';
import NoticePage, { loader as noticeLoader } from './moderation-notice';
import { CountsTable } from './transparency';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let calls: Array<{ path: string; body: unknown }> = [];

/** `page` in `locale`, signed out, over a gateway answering every call with a 201. */
async function render(locale: Locale, page: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
      calls.push({ path, body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') });
      return new Response(
        JSON.stringify({ reportId: 'n-1', receivedAt: '2026-12-01T10:00:00.000Z' }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      );
    },
  });
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>{page}</I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([
    { id: 'root', path: '/', Component: Outlet, children: [{ index: true, Component: Page }] },
  ]);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { user: null } } }} />,
    ),
  );
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}
function control(container: HTMLElement, label: string) {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const element = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!element) throw new Error(`no control labelled ${label}`);
  return element as HTMLInputElement | HTMLTextAreaElement;
}
async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const press = async (element: Element | null | undefined) =>
  act(async () => (element as HTMLElement).click());

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
});

describe('the moderation routes', () => {
  it('are in both languages, and all but the notice and the counts ask a guest to sign in', () => {
    const paths: string[] = [];
    const walk = (entries: typeof routes, base: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${base}/${entry.path}` : base;
        if (entry.children) walk(entry.children, path);
        else paths.push(path);
      }
    };
    walk(routes, '');
    const ours = paths.filter((path) => /\/(moderation|transparency)/.test(path));
    expect(ours.filter((path) => path.startsWith('/he/'))).toHaveLength(ours.length / 2);
    expect(ours.filter((path) => isModerationPath(path.replace(':caseId', 'c1')))).toHaveLength(12);
  });
});

describe('the notice of illegal content', () => {
  const page = (locale: Locale) => (
    <NoticePage
      {...({ loaderData: { kind: 'comment', id: 'c-9' } } as Parameters<typeof NoticePage>[0])}
      key={locale}
    />
  );

  it('is the 404 page for an address that names no item', () => {
    const load = (query: string) =>
      noticeLoader({
        request: new Request(`https://mepedia.test/moderation/notice${query}`),
      } as Parameters<typeof noticeLoader>[0]);
    expect(load('?kind=comment&id=c-9')).toEqual({ kind: 'comment', id: 'c-9' });
    for (const query of ['', '?kind=user&id=c-9', '?kind=post', '?kind=post&id=../x'])
      expect(() => load(query)).toThrow();
  });

  it('asks for the good-faith statement, then sends the notice in the page’s language and confirms it', async () => {
    const container = await render('he', page('he'));
    expect(container.querySelector('h1')?.textContent).toBe('דיווח על תוכן בלתי חוקי');
    await type(control(container, 'למה זה לא חוקי?'), 'התגובה מפרסמת את כתובת המגורים של אדם אחר.');
    await type(control(container, 'השם שלך'), 'רות כהן');
    await type(control(container, 'כתובת הדוא״ל שלך'), 'ruth@example.com');
    await press(container.querySelector('button[type="submit"]'));
    await until(
      () => container.textContent?.includes('יש לאשר את ההצהרה כדי לשלוח את ההודעה') ?? false,
    );
    expect(calls).toHaveLength(0);

    await press(container.querySelector('input[type="checkbox"]'));
    await press(container.querySelector('button[type="submit"]'));
    await until(() => calls.length === 1);
    expect(calls[0]).toEqual({
      path: '/api/moderation/notice',
      body: {
        itemKind: 'comment',
        itemId: 'c-9',
        reason: 'illegal',
        name: 'רות כהן',
        email: 'ruth@example.com',
        explanation: 'התגובה מפרסמת את כתובת המגורים של אדם אחר.',
        goodFaith: true,
        language: 'he',
      },
    });
    await until(() => container.querySelector('form') === null);
    const status = container.querySelector('[role="status"]');
    expect(status?.querySelector('h2')?.textContent).toBe('ההודעה שלך התקבלה');
    expect(status?.textContent).toContain('ruth@example.com');
    expect(document.activeElement).toBe(status?.querySelector('h2'));
  });

  it('asks for an explanation of twenty characters at least', async () => {
    const container = await render('en', page('en'));
    await type(control(container, 'Why is it illegal?'), 'Too short');
    await press(container.querySelector('button[type="submit"]'));
    await until(() => container.textContent?.includes('At least 20 characters') ?? false);
    expect(calls).toHaveLength(0);
  });
});

describe('the transparency table', () => {
  const MONTHS: Transparency['months'] = [
    {
      month: '2026-11',
      notices: 1200,
      reports: 34,
      actions: { dismiss: 3, hide: 1, remove: 5, restore: 0, warn: 2, suspend: 1, ban: 0 },
      automaticHolds: 2,
      reviewHolds: 7,
      appeals: 1,
      reversed: 0,
      medianHoursToDecision: 4.25,
    },
    {
      month: '2026-10',
      notices: 0,
      reports: 0,
      actions: { dismiss: 0, hide: 0, remove: 0, restore: 0, warn: 0, suspend: 0, ban: 0 },
      automaticHolds: 0,
      reviewHolds: 0,
      appeals: 0,
      reversed: 0,
      medianHoursToDecision: null,
    },
  ];

  it('names the months and formats the numbers in the page’s language', async () => {
    expect(monthName('2026-11', 'en')).toBe('November 2026');
    expect(monthName('2026-11', 'he')).toBe('נובמבר 2026');
    const container = await render('en', <CountsTable months={MONTHS} />);
    const rows = [...container.querySelectorAll('tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows[0]).toEqual([
      'November 2026',
      '1,200',
      '34',
      '3',
      '1',
      '5',
      '0',
      '2',
      '1',
      '0',
      '2',
      '7',
      '1',
      '0',
      '4.3',
    ]);
    expect(rows[1]?.at(-1)).toBe('none');
    // A table a screen reader can walk: the month heads each row, each count has its column.
    expect(container.querySelector('tbody th[scope="row"] time')?.getAttribute('datetime')).toBe(
      '2026-11',
    );
    expect(container.querySelectorAll('thead th[scope="col"]')).toHaveLength(15);
    expect(container.querySelector('[role="region"]')?.getAttribute('tabindex')).toBe('0');
  });

  it('in Hebrew', async () => {
    const container = await render('he', <CountsTable months={MONTHS} />);
    const first = container.querySelector('tbody tr');
    expect(first?.querySelector('th')?.textContent).toBe('נובמבר 2026');
    expect(container.querySelector('caption')?.textContent).toBe('ניהול תוכן, לפי חודש (UTC)');
  });
});

describe('a decision’s facts', () => {
  const held: Decision = {
    decisionId: 'd-2',
    caseId: 'case-2',
    action: 'hide',
    rule: null,
    statement: '',
    moderatorId: null,
    automatic: true,
    heldFor: 'firstLinks',
    suspendedUntil: null,
    decidedAt: '2026-12-01T10:00:00.000Z',
    item: null,
    appeal: null,
  };

  it('says why a hold was automatic: a new member’s link, or members’ reports, in each language', async () => {
    const en = await render('en', <DecisionFacts decision={held} />);
    expect(en.textContent).toContain('a new member’s first posts and comments with a link wait');
    expect(en.textContent).not.toContain('several members reported it');
    const he = await render('he', <DecisionFacts decision={held} />);
    expect(he.textContent).toContain('של חברים חדשים שיש בהם קישור');
    const reported = await render(
      'en',
      <DecisionFacts decision={{ ...held, heldFor: 'reports' }} />,
    );
    expect(reported.textContent).toContain('several members reported it');
  });
});
