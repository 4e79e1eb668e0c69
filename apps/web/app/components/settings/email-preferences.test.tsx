// @vitest-environment jsdom
import { EMAIL_FREQUENCY_DEFAULTS, type EmailPreferences } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { EmailPreferencesSection, emailPreferencesResolver } from './email-preferences';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../toasts', () => ({ useToasts: () => toasts }));

const CHOSEN: EmailPreferences = {
  kinds: { ...EMAIL_FREQUENCY_DEFAULTS, reaction: 'never' },
  digestHour: 19,
  digestWeekday: 5,
  timeZone: 'Asia/Jerusalem',
};

let root: Root | null = null;
let calls: Array<{ method: string; path: string; body: unknown }> = [];

async function render(locale: 'en' | 'he', answer: (path: string, body: unknown) => unknown) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method: init?.method ?? 'GET', path, body });
      return new Response(JSON.stringify(answer(path, body)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          <EmailPreferencesSection memberId="m1" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={['/profile/settings']} />);
  });
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}

const select = (container: HTMLElement, label: string) => {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const control = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!(control instanceof HTMLSelectElement)) throw new Error(`no select labelled ${label}`);
  return control;
};

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
  vi.clearAllMocks();
});

describe('notifications by email in the settings', () => {
  it('checks the form with the change call’s contract', async () => {
    const values = {
      ...Object.fromEntries(Object.entries(EMAIL_FREQUENCY_DEFAULTS)),
      digestHour: '8',
      digestWeekday: '0',
      timeZone: 'Mars/Olympus',
    } as Parameters<typeof emailPreferencesResolver>[0];
    const checked = await emailPreferencesResolver(values, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(Object.keys(checked.errors)).toEqual(['timeZone']);
  });

  it('shows each kind’s choice, labelled, and saves a change with the hour and zone', async () => {
    const page = await render('en', (path, body) =>
      path.endsWith('setEmailPreferences') ? { ...CHOSEN, ...(body as object) } : CHOSEN,
    );
    await until(() => page.querySelector('form') !== null);
    const reactions = select(page, 'reactions to your stories and answers');
    expect(reactions.value).toBe('never');
    expect([...reactions.options].map((option) => option.textContent)).toEqual([
      'At once',
      'In a daily summary',
      'In a weekly summary',
      'Never',
    ]);
    expect(() => select(page, 'your answers added to the magazine')).toThrow();
    expect(() => select(page, 'your answers taken out of the magazine')).toThrow();
    expect(page.querySelectorAll('fieldset')[0]?.querySelectorAll('select')).toHaveLength(6);
    expect(select(page, 'Hour').value).toBe('19');
    expect(select(page, 'Time zone').value).toBe('Asia/Jerusalem');
    const follower = select(page, 'new followers');
    await act(async () => {
      follower.value = 'immediate';
      follower.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => page.querySelector('form')?.requestSubmit());
    await until(() => calls.some((call) => call.path.endsWith('setEmailPreferences')));
    const sent = calls.find((call) => call.path.endsWith('setEmailPreferences'));
    expect(sent?.method).toBe('POST');
    // The magazine's kinds are not offered (only the member puts an answer there yet), so the
    // change leaves them as they are.
    const { magazineAdded, magazineRemoved, ...offered } = CHOSEN.kinds;
    expect([magazineAdded, magazineRemoved]).toEqual(['immediate', 'immediate']);
    expect(sent?.body).toEqual({
      kinds: { ...offered, follower: 'immediate' },
      digestHour: 19,
      digestWeekday: 5,
      timeZone: 'Asia/Jerusalem',
    });
    await until(() => toasts.success.mock.calls.length > 0);
  });

  it('speaks Hebrew: the kinds, the choices and the fieldsets’ legends', async () => {
    const page = await render('he', () => CHOSEN);
    await until(() => page.querySelector('form') !== null);
    expect(select(page, 'עוקבים חדשים').value).toBe(CHOSEN.kinds.follower);
    expect([...page.querySelectorAll('legend')].map((legend) => legend.textContent)).toEqual([
      'על מה לשלוח לך אימייל',
      'מתי מגיעים הסיכומים',
    ]);
  });
});
