// @vitest-environment jsdom
import { errorMessages, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import type { MemberView } from '../../lib/member';
import { ReportControl, type ReportTarget } from '../report-control';
import { reportResolver } from './report-dialog';

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

const member = (fields: Partial<MemberView> = {}): MemberView => ({
  id: 'me',
  firstname: 'Yael',
  lastname: 'Barak',
  fullname: 'Yael Barak',
  image: null,
  language: 'en',
  roles: [],
  suspendedUntil: null,
  ...fields,
});

const COMMENT: ReportTarget = { kind: 'comment', itemId: 'c-1', ownerId: 'noa', name: 'Noa Levi' };

type Answer = { status: number; body: unknown };
let root: Root | null = null;
let calls: Array<{ path: string; body: unknown }> = [];

/** The control for `user` (null: a guest) over a gateway that answers every call with `answer`. */
async function render(
  user: MemberView | null,
  {
    locale = 'en',
    target = COMMENT,
    answer,
  }: { locale?: Locale; target?: ReportTarget; answer?: Answer } = {},
) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url;
      calls.push({ path, body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') });
      const { status, body } = answer ?? {
        status: 201,
        body: { reportId: 'r-1', receivedAt: '2026-12-01T10:00:00.000Z' },
      };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <ReportControl target={target} />
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([
    { id: 'root', path: '/', Component: Outlet, children: [{ index: true, Component: Page }] },
  ]);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { user, locale } } }} />,
    );
  });
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}
const press = async (element: Element | null | undefined) =>
  act(async () => (element as HTMLElement).click());
async function type(element: HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(
      element,
      value,
    );
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const dialogOf = (container: HTMLElement) => container.querySelector('dialog');
const radio = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('label.radio')]
    .find((l) => l.textContent === label)
    ?.querySelector('input') ?? null;
const buttonNamed = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  ) ?? null;

/** Opens the dialog (its module comes when first asked for, as in the browser). */
async function open(container: HTMLElement, name = 'Report the comment by Noa Levi') {
  await press(buttonNamed(container, name));
  await until(() => dialogOf(container)?.open === true);
  return dialogOf(container)!;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
});

describe('the Report control', () => {
  it('offers a guest the notice of illegal content, quietly, and no dialog', async () => {
    const page = await render(null, { target: { kind: 'post', itemId: 'p 1', ownerId: 'noa' } });
    const link = page.querySelector('a');
    expect(link?.textContent).toBe('Report illegal content');
    expect(link?.getAttribute('href')).toBe('/moderation/notice?kind=post&id=p%201');
    expect(link?.getAttribute('rel')).toBe('nofollow');
    expect(page.querySelector('button')).toBeNull();
  });

  it('is the notice’s link in Hebrew under /he', async () => {
    const page = await render(null, { locale: 'he' });
    expect(page.querySelector('a')?.textContent).toBe('דיווח על תוכן בלתי חוקי');
    expect(page.querySelector('a')?.getAttribute('href')).toBe(
      '/he/moderation/notice?kind=comment&id=c-1',
    );
  });

  it('is not offered to the owner, nor to a suspended member', async () => {
    expect((await render(member({ id: 'noa' }))).innerHTML).toBe('');
    act(() => root?.unmount());
    document.body.innerHTML = '';
    const suspended = await render(member({ suspendedUntil: '2026-12-20T10:00:00.000Z' }));
    expect(suspended.innerHTML).toBe('');
  });

  it('is a button named with what it reports, the visible word first', async () => {
    const page = await render(member());
    const button = buttonNamed(page, 'Report the comment by Noa Levi');
    expect(button?.textContent).toBe('Report');
    expect(button?.getAttribute('aria-haspopup')).toBe('dialog');
  });
});

describe('the Report dialog', () => {
  it('asks for a reason first, then sends the reason and the words as the contract takes them', async () => {
    const page = await render(member());
    const dialog = await open(page);
    expect(dialog.querySelector('h2')?.textContent).toBe('Report a comment');
    expect(dialog.querySelector('legend')?.textContent).toBe('What is wrong with it?');
    expect(dialog.querySelectorAll('input[type="radio"]')).toHaveLength(7);
    await press(buttonNamed(dialog, 'Send the report'));
    await until(() => dialog.textContent?.includes('Choose what is wrong with it') ?? false);
    expect(calls).toHaveLength(0);
    expect(radio(dialog, 'Harassment or bullying')?.getAttribute('aria-invalid')).toBe('true');

    await press(radio(dialog, 'Harassment or bullying'));
    await type(dialog.querySelector('textarea')!, 'Third insult today');
    expect(dialog.textContent).toContain('18 of 1000 characters');
    await press(buttonNamed(dialog, 'Send the report'));
    await until(() => calls.length === 1);
    expect(calls[0]).toEqual({
      path: '/api/moderation/report',
      body: {
        itemKind: 'comment',
        itemId: 'c-1',
        reason: 'harassment',
        words: 'Third insult today',
      },
    });
  });

  it('says the report was received, politely, with the way to My reports, and hands focus to Close', async () => {
    const page = await render(member());
    const dialog = await open(page);
    await press(radio(dialog, 'Spam or advertising'));
    await press(buttonNamed(dialog, 'Send the report'));
    const status = () => dialog.querySelector('[role="status"]');
    await until(() => status()?.textContent?.includes('we received your report') ?? false);
    expect(status()?.querySelector('a')?.getAttribute('href')).toBe('/moderation/reports');
    // No words: none sent.
    expect(calls[0]?.body).toEqual({ itemKind: 'comment', itemId: 'c-1', reason: 'spam' });
    expect(dialog.querySelector('form')).toBeNull();
    expect(document.activeElement?.textContent).toBe('Close');
    await press(buttonNamed(dialog, 'Close'));
    expect(dialog.open).toBe(false);
    // Focus is back on the button that opened it.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Report the comment by Noa Levi',
    );
  });

  it('refuses words over the limit before sending', async () => {
    const page = await render(member());
    const dialog = await open(page);
    await press(radio(dialog, 'Something else'));
    await type(dialog.querySelector('textarea')!, 'x'.repeat(1003));
    expect(dialog.textContent).toContain('3 characters too many: at most 1000');
    await press(buttonNamed(dialog, 'Send the report'));
    await until(
      () => dialog.querySelector('.field .error')?.textContent === 'At most 1000 characters',
    );
    expect(calls).toHaveLength(0);
  });

  it.each([
    ['en', 'ALREADY_REPORTED', 409, errorMessages.en['error.ALREADY_REPORTED']],
    ['he', 'ALREADY_REPORTED', 409, errorMessagesHe['error.ALREADY_REPORTED']],
    ['en', 'REPORT_ITEM_NOT_FOUND', 404, errorMessages.en['error.REPORT_ITEM_NOT_FOUND']],
    ['he', 'REPORT_ITEM_NOT_FOUND', 404, errorMessagesHe['error.REPORT_ITEM_NOT_FOUND']],
    ['he', 'CANNOT_REPORT_OWN_ITEM', 400, errorMessagesHe['error.CANNOT_REPORT_OWN_ITEM']],
  ] as const)(
    'in %s, words %s from its code in the page’s language, above the form, which stays',
    async (locale, code, status, words) => {
      const page = await render(member(), {
        locale,
        answer: { status, body: { code, message: 'the server’s own words', requestId: 'r' } },
      });
      const dialog = await open(
        page,
        locale === 'he' ? 'דיווח על התגובה של Noa Levi' : 'Report the comment by Noa Levi',
      );
      await press(dialog.querySelector('input[type="radio"]'));
      await press(dialog.querySelector('button[type="submit"]'));
      await until(() => dialog.querySelector('[role="alert"]') !== null);
      expect(words).toBeTruthy();
      expect(dialog.querySelector('[role="alert"]')?.textContent).toBe(words);
      expect(dialog.querySelector('form')).not.toBeNull();
    },
  );

  it('asks for a reason in Hebrew', async () => {
    const page = await render(member(), { locale: 'he' });
    const dialog = await open(page, 'דיווח על התגובה של Noa Levi');
    expect(dialog.querySelector('h2')?.textContent).toBe('דיווח על תגובה');
    await press(buttonNamed(dialog, 'שליחת הדיווח'));
    await until(() => dialog.textContent?.includes('יש לבחור מה לא בסדר') ?? false);
  });
});

describe('the report’s rules', () => {
  it('are the contract’s: a reason, and words only when there are some', async () => {
    const check = (values: Parameters<typeof reportResolver>[0]) =>
      reportResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    const blank = await check({ itemKind: 'post', itemId: 'p1', reason: '', words: '  ' });
    expect(Object.keys(blank.errors)).toEqual(['reason']);
    expect(
      (await check({ itemKind: 'post', itemId: 'p1', reason: 'hate', words: ' ' })).values,
    ).toEqual({ itemKind: 'post', itemId: 'p1', reason: 'hate' });
    // Counted as the service counts: an emoji is one character.
    const emoji = await check({
      itemKind: 'post',
      itemId: 'p1',
      reason: 'hate',
      words: '😀'.repeat(1000),
    });
    expect(emoji.errors).toEqual({});
  });
});
