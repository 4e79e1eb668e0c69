// @vitest-environment jsdom
import { createApi } from '@mepedia/web-api';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import { notificationBus } from '../lib/notification-bus';
import { BADGE_MAX, NotificationBell } from './notification-bell';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The live connection (its own tests: notifications/live.test.ts) stands in: the bell starts it
// for its member and stops it when it goes; the test publishes what the stream would.
const live = vi.hoisted(() => ({
  started: [] as string[],
  stopped: 0,
}));
vi.mock('./notifications/live', () => ({
  connectNotifications: (member: string) => {
    live.started.push(member);
    return () => void live.stopped++;
  },
}));

let root: Root | null = null;

async function render(locale: 'en' | 'he' = 'en') {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async () => {
      throw new Error('the bell asks nothing itself: the live connection does');
    },
  });
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <NotificationBell memberId="m1" />
      </I18nProvider>
    </ApiProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[locale === 'he' ? '/he' : '/']} />);
  });
  // The live connection's chunk is imported once the bell is up.
  for (let turn = 0; turn < 400 && live.started.length === 0; turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  return container;
}

/** What the stream says: the unread count, with its stamp. */
async function heard(unread: number) {
  await act(async () => {
    notificationBus.publish({ type: 'unread', count: { unread, stamp: `s${unread}` } });
  });
}

const link = (container: HTMLElement) => container.querySelector('a.header-bell');
const badge = (container: HTMLElement) => container.querySelector('.header-bell-badge');
const region = (container: HTMLElement) => container.querySelector('[role="status"]');

beforeEach(() => {
  live.started = [];
  live.stopped = 0;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('NotificationBell', () => {
  it('links to the notifications page, named with the count, and shows no count at zero', async () => {
    const container = await render();
    expect(live.started).toEqual(['m1']);
    expect(link(container)?.getAttribute('href')).toBe('/notifications');
    // Nothing heard yet (the server's page, or the stream not yet open): the bell alone.
    expect(link(container)?.getAttribute('aria-label')).toBe('Notifications');
    expect(badge(container)).toBeNull();
    await heard(0);
    expect(link(container)?.getAttribute('aria-label')).toBe('Notifications');
    expect(badge(container)).toBeNull();
    // The live region is polite, read whole, and says nothing until the count rises.
    expect(region(container)?.getAttribute('aria-live')).toBe('polite');
    expect(region(container)?.getAttribute('aria-atomic')).toBe('true');
    expect(region(container)?.textContent).toBe('');
  });

  it('shows the count as it is first heard, and says so in the live region when it rises', async () => {
    const container = await render();
    await heard(3);
    expect(link(container)?.getAttribute('aria-label')).toBe('Notifications, 3 unread');
    expect(badge(container)?.textContent).toBe('3');
    // The badge is for the eye: the link's name says the count.
    expect(badge(container)?.getAttribute('aria-hidden')).toBe('true');
    // First heard (the page just opened): nothing said.
    expect(region(container)?.textContent).toBe('');
    await heard(4);
    expect(region(container)?.textContent).toBe('New notifications: 4 unread');
    expect(badge(container)?.textContent).toBe('4');
    // Falling (read elsewhere) says nothing new; at zero the badge goes.
    await heard(0);
    expect(region(container)?.textContent).toBe('New notifications: 4 unread');
    expect(badge(container)).toBeNull();
    expect(link(container)?.getAttribute('aria-label')).toBe('Notifications');
    await heard(BADGE_MAX + 20);
    expect(badge(container)?.textContent).toBe(`${BADGE_MAX}+`);
    expect(link(container)?.getAttribute('aria-label')).toBe(
      `Notifications, ${BADGE_MAX + 20} unread`,
    );
  });

  it('in Hebrew: the localized address, and the words with their one and two', async () => {
    const container = await render('he');
    expect(link(container)?.getAttribute('href')).toBe('/he/notifications');
    expect(link(container)?.getAttribute('aria-label')).toBe('התראות');
    await heard(1);
    expect(link(container)?.getAttribute('aria-label')).toBe('התראות, אחת שלא נקראה');
    await heard(2);
    expect(link(container)?.getAttribute('aria-label')).toBe('התראות, שתיים שלא נקראו');
    expect(region(container)?.textContent).toBe('התראה חדשה: שתיים שלא נקראו');
    await heard(5);
    expect(region(container)?.textContent).toBe('התראה חדשה: 5 שלא נקראו');
    expect(badge(container)?.textContent).toBe('5');
  });

  it('stops the live connection and forgets the count when it goes', async () => {
    const container = await render();
    await heard(2);
    expect(badge(container)?.textContent).toBe('2');
    act(() => root?.unmount());
    root = null;
    expect(live.stopped).toBe(1);
    expect(notificationBus.unread()).toBeNull();
  });
});
