// @vitest-environment jsdom
import type { PublicProfile } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import Me from './me';
import type { Route } from './+types/me';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../components/toasts', () => ({ useToasts: () => toasts }));
// Who reads: the root loader's member (null for a guest).
const reader = vi.hoisted((): { id: string | null } => ({ id: 'a' }));
vi.mock('../root', () => ({
  useRootData: () => ({ user: reader.id ? { id: reader.id } : null }),
}));

const NOA = '0b0d6a51-5d1c-4f5e-9a57-1f2e3d4c5b6a';

const profile: PublicProfile = {
  id: NOA,
  firstname: 'Noa',
  lastname: 'Cohen',
  fullname: 'Noa Cohen',
  language: 'en',
  country: 'IL',
  profileImage: null,
  croppedProfileImage: null,
  moto: null,
  aboutMe: null,
  videoUrl: null,
  websiteLink: null,
  facebookLink: null,
  instagramLink: null,
  linkedinLink: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The loader's answer for a member who has answered nothing yet (the page's byline stays). */
const loaderData = {
  profile,
  shared: [] as Array<{ questionIndex: number; questionTitle: string }>,
  contents: [],
  titles: {},
  answer: null,
  question: null,
  previous: null,
  next: null,
} as const;

let root: Root | null = null;
let calls: Array<{ path: string; body: unknown }> = [];

async function render(locale: 'en' | 'he' = 'en', data: typeof loaderData = loaderData) {
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
      return new Response(JSON.stringify({ followers: 2, following: 0, followedByMe: true }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const props = { loaderData: data } as unknown as Route.ComponentProps;
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <Me {...props} />
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[locale === 'he' ? `/he/me/${NOA}` : `/me/${NOA}`]} />);
  });
  return container;
}

/** Lets the lazy part load and its call run until `done` holds (gives up after some four seconds). */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 800 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}

/** Gives the page time to load what it would (the lazy part, its call), then reads it. */
async function settled() {
  for (let turn = 0; turn < 40; turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}

const followButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('header button.follow-button');

beforeEach(() => {
  reader.id = 'a';
  calls = [];
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the self-interview’s Follow button', () => {
  it('lets a member reading another member’s page follow them, beside the byline', async () => {
    const container = await render();
    await until(() => followButton(container)?.disabled === false);
    const button = followButton(container);
    expect(button?.getAttribute('aria-label')).toBe('Following Noa Cohen');
    expect(button?.getAttribute('aria-pressed')).toBe('true');
    expect(calls.map((call) => [call.path, call.body])).toEqual([
      ['/api/follows/getFollowCounts', { userId: NOA }],
    ]);
  });

  it('speaks Hebrew on the Hebrew page', async () => {
    const container = await render('he');
    await until(() => followButton(container)?.disabled === false);
    expect(followButton(container)?.textContent).toBe('במעקב');
    expect(followButton(container)?.getAttribute('aria-label')).toBe('במעקב אחרי Noa Cohen');
  });

  it('is not on the member’s own page, and not for a guest, who asks nothing', async () => {
    reader.id = NOA;
    let container = await render();
    await settled();
    expect(container.querySelector('.follow-button')).toBeNull();
    act(() => root?.unmount());
    document.body.innerHTML = '';
    reader.id = null;
    container = await render();
    await settled();
    expect(container.querySelector('.follow-button')).toBeNull();
    // The guest is still invited to join, at the page's end.
    expect(container.querySelector('.me-invite a')?.getAttribute('href')).toBe(
      '/auth?modal=register',
    );
    expect(calls).toEqual([]);
  });
});

describe('another member’s own questions on their self-interview', () => {
  // What getSharedAnswers gave this reader: the loader keeps their places and titles.
  const withShared = {
    ...loaderData,
    shared: [
      { questionIndex: 2, questionTitle: 'What did the sea teach me?' },
      { questionIndex: 5, questionTitle: 'מה למדתי מאבא?' },
    ],
  };
  const section = (container: HTMLElement) =>
    container.querySelector<HTMLElement>('section[aria-labelledby="me-shared-title"]');

  it('lists those shared with the reader, each a link to its page', async () => {
    reader.id = null;
    const container = await render('en', withShared);
    expect(section(container)?.querySelector('h2')?.textContent).toBe('Noa Cohen’s own questions');
    const links = [...(section(container)?.querySelectorAll('a') ?? [])];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['What did the sea teach me?', `/me/${NOA}/custom-question/2`],
      ['מה למדתי מאבא?', `/me/${NOA}/custom-question/5`],
    ]);
    // Each title in its own language, whatever the page's.
    expect(links[1]?.querySelector('bdi')?.getAttribute('lang')).toBe('he');
  });

  it('speaks Hebrew and keeps the Hebrew address on the Hebrew page', async () => {
    const container = await render('he', withShared);
    expect(section(container)?.querySelector('h2')?.textContent).toBe(
      'השאלות האישיות של Noa Cohen',
    );
    expect(section(container)?.querySelector('a')?.getAttribute('href')).toBe(
      `/he/me/${NOA}/custom-question/2`,
    );
  });

  it('is not there when none is shared, nor on the owner’s own page (theirs is a link)', async () => {
    let container = await render('en');
    expect(section(container)).toBeNull();
    act(() => root?.unmount());
    document.body.innerHTML = '';
    reader.id = NOA;
    container = await render('en', withShared);
    expect(section(container)).toBeNull();
    expect(container.querySelector(`a[href="/me/${NOA}/custom-question"]`)).not.toBeNull();
  });
});

describe('the owner’s own answer that moderation holds or removed (issue 35)', () => {
  const question = {
    questionId: 'q1',
    index: 1,
    title: { en: 'Where do I come from?', he: 'מאיפה אני בא?' },
    prompt: { en: 'Your roots.', he: 'השורשים שלך.' },
    subQuestions: [{ subQuestionId: 's1', text: { en: 'The place', he: 'המקום' } }],
  };
  const answered = (moderation?: { state: 'held' | 'removed'; caseId: string }) =>
    ({
      ...loaderData,
      contents: [{ index: 1, questionId: 'q1' }],
      titles: { q1: question.title },
      question,
      answer: {
        meAnswerId: 'a1',
        userId: NOA,
        questionId: 'q1',
        index: 1,
        answerData: { s1: 'A village by the sea.' },
        privacy: 'public',
        publishedAsPost: false,
        views: 0,
        updatedAt: '2026-11-01T10:00:00.000Z',
        ...(moderation ? { moderation } : {}),
      },
    }) as unknown as typeof loaderData;
  const mark = (container: HTMLElement) => container.querySelector('.own-moderation');

  it('tells the owner their held answer is hidden from others, with the way to why', async () => {
    reader.id = NOA;
    const container = await render('en', answered({ state: 'held', caseId: 'c1' }));
    expect(mark(container)?.textContent).toContain(
      'This answer is hidden from others while moderators review it.',
    );
    expect(mark(container)?.querySelector('a')?.getAttribute('href')).toBe('/moderation/decisions');
  });

  it('in Hebrew, that moderators removed it and only they see it', async () => {
    reader.id = NOA;
    const container = await render('he', answered({ state: 'removed', caseId: 'c1' }));
    expect(mark(container)?.textContent).toContain(
      'התשובה הזאת הוסרה בידי מנהלי התוכן: רק לך היא גלויה.',
    );
    expect(mark(container)?.querySelector('a')?.getAttribute('href')).toBe(
      '/he/moderation/decisions',
    );
  });

  it('marks nothing for anyone else, nor on an answer moderation leaves alone', async () => {
    let container = await render('en', answered({ state: 'held', caseId: 'c1' }));
    expect(mark(container)).toBeNull();
    act(() => root?.unmount());
    document.body.innerHTML = '';
    reader.id = NOA;
    container = await render('en', answered());
    expect(mark(container)).toBeNull();
    expect(container.textContent).toContain('A village by the sea.');
  });
});
