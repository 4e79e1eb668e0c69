// @vitest-environment jsdom
import { errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import Unsubscribe from './unsubscribe';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TOKEN = '0b0d6a51-5d1c-4f5e-9a57-1f2e3d4c5b6a.reaction.c2lnbmF0dXJl';

let root: Root | null = null;
let calls: Array<{ path: string; body: unknown }> = [];

/** The page at `entry` over a fake gateway answering every call with `answer`. */
async function render(
  locale: 'en' | 'he',
  entry: string,
  answer: { status: number; body: unknown },
) {
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
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <Unsubscribe />
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[entry]} />);
  });
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}

const press = async (container: HTMLElement) => {
  const button = container.querySelector('button');
  if (!button) throw new Error('no button');
  await act(async () => button.click());
};

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
});

describe('the unsubscribe page with a notification email’s link', () => {
  it('says which kind it stops, asks first, then stops it and links to the settings', async () => {
    const page = await render('en', `/unsubscribe?token=${TOKEN}`, {
      status: 200,
      body: { kind: 'reaction', frequency: 'never' },
    });
    expect(page.textContent).toContain('Stop emails about reactions to your stories and answers?');
    expect(calls).toEqual([]);
    await press(page);
    await until(() => page.querySelector('[role="status"]') !== null);
    expect(calls).toEqual([
      { path: '/api/notifications/unsubscribeByLink', body: { token: TOKEN } },
    ]);
    expect(page.querySelector('[role="status"]')?.textContent).toContain(
      'no more emails about reactions to your stories and answers',
    );
    expect(page.querySelector('a[href="/profile/settings"]')?.textContent).toBe('Email settings');
  });

  it('speaks Hebrew, and shows the service’s refusal of a forged link', async () => {
    const page = await render('he', `/he/unsubscribe?token=${TOKEN}`, {
      status: 400,
      body: {
        code: 'INVALID_UNSUBSCRIBE_LINK',
        message: errorMessagesHe['error.INVALID_UNSUBSCRIBE_LINK'],
        requestId: 'r1',
      },
    });
    expect(page.textContent).toContain('תגובות רגש לסיפורים ולתשובות שלך');
    await press(page);
    await until(
      () => page.textContent?.includes(errorMessagesHe['error.INVALID_UNSUBSCRIBE_LINK']) ?? false,
    );
    expect(page.querySelector('[role="status"]')).toBeNull();
  });

  it('calls nothing for a token that names no kind of ours', async () => {
    const page = await render('en', '/unsubscribe?token=x.poke.y', { status: 200, body: {} });
    expect(page.textContent).toContain('This link is not complete');
    expect(page.querySelector('button')).toBeNull();
  });

  it('keeps the spec’s address-wide link as it was', async () => {
    const page = await render('en', '/unsubscribe?email=dana%40example.com&signature=s', {
      status: 200,
      body: {},
    });
    expect(page.textContent).toContain('Stop sending updates to dana@example.com?');
    await press(page);
    await until(() => page.querySelector('[role="status"]') !== null);
    expect(calls).toEqual([
      { path: '/api/users/unsubscribe', body: { email: 'dana@example.com', signature: 's' } },
    ]);
  });
});
