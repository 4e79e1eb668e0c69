// @vitest-environment jsdom
import type { WeeklyQuestionSettings } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import {
  hourNames,
  weekdayNames,
  WeeklyQuestionSection,
  weeklyQuestionResolver,
} from './weekly-question';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../toasts', () => ({ useToasts: () => toasts }));

const OFF: WeeklyQuestionSettings = {
  state: 'off',
  weekday: null,
  hour: null,
  timeZone: null,
  language: null,
  nextSendAt: null,
  skipping: false,
  nextQuestion: {
    kind: 'questionnaire',
    questionId: 'roots',
    index: 1,
    title: { en: 'Where I come from', he: 'מאיפה באתי' },
  },
  lastSentAt: null,
};
const ON: WeeklyQuestionSettings = {
  ...OFF,
  state: 'on',
  weekday: 4,
  hour: 18,
  timeZone: 'Asia/Jerusalem',
  language: 'he',
  nextSendAt: '2026-12-03T16:00:00.000Z',
};

let root: Root | null = null;
let calls: Array<{ method: string; path: string; body: unknown }> = [];

/** The section over a fake gateway that answers each call from `answers` by its path's end. */
async function render(locale: 'en' | 'he', answers: Record<string, WeeklyQuestionSettings>) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      calls.push({
        method: init?.method ?? 'GET',
        path,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      });
      const name = path.split('/').pop()?.split('?')[0] ?? '';
      return new Response(JSON.stringify(answers[name]), {
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
          <WeeklyQuestionSection memberId="m1" />
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

describe('the weekly question in the settings', () => {
  it('names weekdays and hours in the member’s language, Sunday first', () => {
    expect(weekdayNames('en')[0]).toBe('Sunday');
    expect(weekdayNames('en')[4]).toBe('Thursday');
    expect(weekdayNames('he')[0]).toBe('יום ראשון');
    expect(hourNames('en')).toHaveLength(24);
    expect(hourNames('en')[18]).toMatch(/6:00\s?PM/);
  });

  it('checks the schedule with the contract: a made-up time zone is refused at its field', async () => {
    const refused = await weeklyQuestionResolver(
      { weekday: '4', hour: '18', timeZone: 'Mars/Olympus' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(refused.errors).toHaveProperty('timeZone');
    const accepted = await weeklyQuestionResolver(
      { weekday: '4', hour: '18', timeZone: 'Asia/Jerusalem' },
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    expect(accepted.values).toEqual({ weekday: 4, hour: 18, timeZone: 'Asia/Jerusalem' });
  });

  it('starts it with the chosen day, hour and the browser’s time zone, then shows the next send', async () => {
    const container = await render('en', { getSettings: OFF, schedule: { ...ON, language: 'en' } });
    await until(() => container.textContent?.includes('Off: no weekly question') ?? false);
    expect(container.textContent).toContain('Next question: Where I come from');
    const zone = select(container, 'Time zone');
    expect(zone.value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await act(async () => {
      select(container, 'Day').value = '4';
      select(container, 'Hour').value = '18';
      zone.value = 'Asia/Jerusalem';
      for (const name of ['Day', 'Hour', 'Time zone'])
        select(container, name).dispatchEvent(new Event('change', { bubbles: true }));
    });
    const start = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Send me a question every week',
    );
    await act(async () => start?.click());
    await until(() => calls.some((call) => call.path.endsWith('/schedule')));
    expect(calls.find((call) => call.path.endsWith('/schedule'))?.body).toEqual({
      weekday: 4,
      hour: 18,
      timeZone: 'Asia/Jerusalem',
      language: 'en',
    });
    // Thursday 3 December 2026, 18:00 on Jerusalem's clock.
    await until(() => container.textContent?.includes('The next question goes') ?? false);
    expect(container.querySelector('[role="status"]')?.textContent).toMatch(
      /Thursday, December 3, 2026.*6:00\s?PM/,
    );
  });

  it('pauses, in Hebrew, right to left, and offers to resume', async () => {
    const container = await render('he', {
      getSettings: ON,
      pause: { ...ON, state: 'paused', nextSendAt: null },
    });
    await until(() => container.textContent?.includes('פעיל. השאלה הבאה תישלח') ?? false);
    expect(container.textContent).toContain('השאלה הבאה: מאיפה באתי');
    expect(select(container, 'אזור זמן').getAttribute('dir')).toBe('ltr');
    const pause = [...container.querySelectorAll('button')].find((b) => b.textContent === 'השהיה');
    await act(async () => pause?.click());
    await until(() => container.textContent?.includes('מושהה') ?? false);
    expect(calls.at(-1)).toMatchObject({ method: 'POST' });
    expect(calls.at(-1)?.path).toMatch(/\/api\/weeklyQuestion\/pause$/);
    expect([...container.querySelectorAll('button')].map((b) => b.textContent)).toContain('חידוש');
  });

  it('names a private question as the member’s own, its words in their own direction', async () => {
    const container = await render('he', {
      getSettings: {
        ...ON,
        nextQuestion: {
          kind: 'private',
          questionId: '0190c3f2-7a1b-7c00-8000-000000000001',
          index: 2,
          title: { en: 'The summer of 1999', he: 'The summer of 1999' },
        },
      },
    });
    await until(() => container.textContent?.includes('אחת משלך') ?? false);
    const next = container.querySelector('.weekly-question-next');
    expect(next?.textContent).toBe('השאלה הבאה, אחת משלך: The summer of 1999');
    expect(next?.querySelector('bdi')?.getAttribute('dir')).toBe('auto');
  });

  it('says when every question is answered, with nothing left to start', async () => {
    const container = await render('en', {
      getSettings: { ...OFF, state: 'finished', nextQuestion: null },
    });
    await until(() => container.textContent?.includes('answered every question') ?? false);
    expect(container.querySelector('form')).toBeNull();
  });
});
