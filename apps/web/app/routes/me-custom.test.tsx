// @vitest-environment jsdom
import type { PublicProfile, SharedPrivateAnswer } from '@mepedia/contracts';
import { createApi } from '@mepedia/web-api';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import MeCustom, { loader } from './me-custom';
import type { Route } from './+types/me-custom';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../root', () => ({ useRootData: () => ({ user: null }) }));

const NOA = '0b0d6a51-5d1c-4f5e-9a57-1f2e3d4c5b6a';
const DAN = '7c1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

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

const shared = (questionIndex: number, privacy: SharedPrivateAnswer['privacy']) => ({
  questionId: `q${questionIndex}`,
  questionIndex,
  questionTitle: `Question ${questionIndex}`,
  subQuestions: [{ id: 's1', title: 'Why?' }],
  live: { s1: `Answer ${questionIndex}` },
  privacy,
  updatedAt: '2026-11-26T10:00:00.000Z',
});

/**
 * The loader over a gateway: `reader` is the session's member (null, a guest), `answers` what
 * getSharedAnswers gives them. Resolves to the loader's data, or rejects with what it threw.
 */
async function load(
  path: string,
  params: { profileId?: string; questionIndex?: string },
  reader: string | null,
  answers: SharedPrivateAnswer[] = [],
) {
  const asked: Array<{ path: string; body: unknown }> = [];
  const apiFetch: typeof fetch = async (url, init) => {
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const at = new URL(href).pathname;
    asked.push({
      path: at,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    });
    const body = at.endsWith('/users/session')
      ? reader === null
        ? 'NoSession'
        : { id: reader }
      : at.endsWith('/getSharedAnswers')
        ? { answers }
        : at.includes('/getProfileById/')
          ? profile
          : { questions: [] };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  const data = await loader({
    request: new Request(`http://site${path}`),
    params,
    context: { web: { apiBaseUrl: 'http://api', apiFetch } as never, cspNonce: 'n', clientIp: '' },
  } as never);
  return { data, asked };
}

/** What a loader threw: its status (a not-found page) or where it sends the visitor. */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get('location') };
    const { init } = error as { init?: { status?: number } };
    return { status: init?.status, location: null };
  }
  throw new Error('the loader threw nothing');
}

describe('the own questions’ loader, for a reader who is not their owner', () => {
  const answers = [shared(1, 'public'), shared(3, 'members'), shared(4, 'circle')];

  it('reads the answers shared with a member, previous and next among them alone', async () => {
    const { data, asked } = await load(
      `/me/${NOA}/custom-question/3`,
      { profileId: NOA, questionIndex: '3' },
      DAN,
      answers,
    );
    expect(data).toMatchObject({
      kind: 'shared',
      profile: { id: NOA },
      answer: { questionIndex: 3, privacy: 'members' },
      previous: 1,
      next: 4,
    });
    expect(asked.find((call) => call.path.endsWith('/getSharedAnswers'))?.body).toEqual({
      userId: NOA,
    });
    // The owner's list is theirs alone: never asked for someone else.
    expect(asked.some((call) => call.path.endsWith('/getQuestions'))).toBe(false);
  });

  it('opens at the first shared one, and lets a guest read without signing in', async () => {
    const { data } = await load(`/me/${NOA}/custom-question`, { profileId: NOA }, null, [
      shared(2, 'public'),
      shared(5, 'public'),
    ]);
    expect(data).toMatchObject({ answer: { questionIndex: 2 }, previous: null, next: 5 });
  });

  it('is not found when nothing is shared, or the place is not among the shared ones', async () => {
    for (const reader of [null, DAN]) {
      expect(
        await thrown(load(`/me/${NOA}/custom-question`, { profileId: NOA }, reader, [])),
      ).toEqual({ status: 404, location: null });
      expect(
        await thrown(
          load(
            `/me/${NOA}/custom-question/2`,
            { profileId: NOA, questionIndex: '2' },
            reader,
            answers,
          ),
        ),
      ).toEqual({ status: 404, location: null });
    }
  });

  it('still sends a guest to sign in for their own, with no member named', async () => {
    expect(await thrown(load('/he/me/custom-question', {}, null))).toEqual({
      status: 302,
      location: `/he/auth?modal=login&returnTo=${encodeURIComponent('/he/me/custom-question')}`,
    });
  });

  it('reads the owner’s own list for the owner', async () => {
    const { data, asked } = await load(`/me/${NOA}/custom-question`, { profileId: NOA }, NOA);
    expect(data).toEqual({ kind: 'own', userId: NOA, page: null, count: 0 });
    expect(asked.map((call) => call.path)).toEqual([
      '/api/users/session',
      '/api/privateQuestions/getQuestions',
    ]);
  });
});

describe('another member’s shared answer', () => {
  let root: Root | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.innerHTML = '';
  });

  async function render(locale: 'en' | 'he', answer: SharedPrivateAnswer) {
    const container = document.createElement('div');
    document.body.append(container);
    const loaderData = {
      kind: 'shared',
      profile,
      answer,
      contents: [
        { questionIndex: 1, questionTitle: 'Question 1' },
        { questionIndex: answer.questionIndex, questionTitle: answer.questionTitle },
      ],
      previous: 1,
      next: null,
    };
    const props = { loaderData } as unknown as Route.ComponentProps;
    const Page = () => (
      <ApiProvider api={createApi({ baseUrl: '' })}>
        <I18nProvider locale={locale}>
          <MeCustom {...props} />
        </I18nProvider>
      </ApiProvider>
    );
    const Stub = createRoutesStub([{ path: '*', Component: Page }]);
    root = createRoot(container);
    const prefix = locale === 'he' ? '/he' : '';
    await act(async () => {
      root?.render(<Stub initialEntries={[`${prefix}/me/${NOA}/custom-question/3`]} />);
    });
    return container;
  }

  it('shows the answer with who may read it, and the way back among the shared ones', async () => {
    const page = await render('en', shared(3, 'circle'));
    expect(page.querySelector('h1')?.textContent).toBe('Question 3');
    expect(page.querySelector('.me-answer')?.textContent).toBe('Why?Answer 3');
    expect(page.querySelector('.audience-badge')?.textContent).toBe('Who can read it: Circle only');
    expect(page.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(
      `/me/${NOA}/custom-question/1`,
    );
    expect(page.querySelector('a[rel="next"]')).toBeNull();
    expect(page.querySelector('a[aria-current="page"]')?.textContent).toBe('Question 3');
  });

  it('says nothing of its audience when everyone may read it, and speaks Hebrew', async () => {
    const page = await render('he', shared(3, 'public'));
    expect(page.querySelector('.audience-badge')).toBeNull();
    expect(page.querySelector('.me-byline')?.textContent).toContain('שאלות אישיות של Noa Cohen');
    expect(page.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe(
      `/he/me/${NOA}/custom-question/1`,
    );
  });
});
