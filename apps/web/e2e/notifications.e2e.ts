import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  knownToNotifications,
  newPerson,
  registerMember,
  uploadImage,
} from './helpers';

/** The words the pages say, per language. */
const WORDS = {
  en: {
    prefix: '',
    bell: 'Notifications',
    bellUnread: (count: number) => `Notifications, ${count} unread`,
    rose: (count: number) =>
      count === 1 ? 'New notification: 1 unread' : `New notifications: ${count} unread`,
    commented: (name: string, title: string) => `${name} commented on ${title}`,
    unread: 'Unread:',
    title: 'Notifications',
    empty: 'No notifications yet',
    reason: 'Log in to read your notifications',
  },
  he: {
    prefix: '/he',
    bell: 'התראות',
    bellUnread: (count: number) =>
      count === 1
        ? 'התראות, אחת שלא נקראה'
        : count === 2
          ? 'התראות, שתיים שלא נקראו'
          : `התראות, ${count} שלא נקראו`,
    rose: (count: number) =>
      count === 1 ? 'התראה חדשה: אחת שלא נקראה' : `התראה חדשה: ${count} שלא נקראו`,
    commented: (name: string, title: string) => `תגובה חדשה מאת ${name} על ${title}`,
    unread: 'לא נקראה:',
    title: 'התראות',
    empty: 'עדיין אין התראות',
    reason: 'התחברו כדי לקרוא את ההתראות שלכם',
  },
} as const;

/** A public post by the member whose cookies `request` carries: its id. */
async function publish(request: APIRequestContext, title: string): Promise<string> {
  const image = await uploadImage(request);
  const created = await request.post('/api/posts/create', {
    data: {
      title,
      content:
        '<p>Every summer we drove north with the windows down, and my mother sang the same three songs until the car smelled of oranges and dust.</p>',
      image,
      credit: 'Family album',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { postId: string }).postId;
}

async function noSidewaysScroll(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${page.url()} at ${width}`).toBeLessThanOrEqual(clientWidth);
  }
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];
  test(`the bell's count rises when another member comments, the page lists it, reading clears it (${locale})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    // B, who comments: a name in the page's language, so the page holds text of both directions.
    const commenter = await playwrightRequest.newContext({ baseURL });
    const bName = locale === 'he' ? 'נועה כהן' : 'Noa Cohen';
    const { userId: b } = await registerMember(
      commenter,
      newPerson(),
      locale === 'he'
        ? { firstname: 'נועה', lastname: 'כהן', language: 'he' }
        : { firstname: 'Noa', lastname: 'Cohen' },
    );
    // A, whose story it is, signed in in the browser.
    const { userId: a } = await registerMember(page.request, newPerson());
    await knownToNotifications(page.request, a);
    await knownToNotifications(page.request, b);
    const title = `Summer roads ${locale} ${Date.now()}`;
    const postId = await publish(page.request, title);

    // A's home: the bell, with nothing unread, and a live region that says nothing yet.
    const stream = page.waitForResponse((answer) =>
      answer.url().includes('/api/notifications/stream'),
    );
    await page.goto(`${words.prefix}/`);
    await hydrated(page);
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: words.bell, exact: true })).toHaveAttribute(
      'href',
      `${words.prefix}/notifications`,
    );
    // The stream is open before B comments.
    expect((await stream).headers()['content-type']).toContain('text/event-stream');
    await expect(header.getByRole('status')).toHaveText('');

    // B comments on A's story; A's bell rises without a reload, and says so politely.
    const comment = await commenter.post('/api/feedMessages/sendMessage', {
      data: { message: 'What a drive. We sang the same songs!', tag: null, postId },
    });
    expect(comment.status(), await comment.text()).toBe(201);
    const bell = header.getByRole('link', { name: words.bellUnread(1) });
    await expect(bell).toBeVisible({ timeout: 10_000 });
    await expect(header.getByRole('status')).toHaveText(words.rose(1));

    // The page lists it, unread, linking to the comment.
    await bell.click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/notifications$`));
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    const item = page.getByRole('link', {
      name: `${words.unread} ${words.commented(bName, title)}`,
    });
    await expect(item).toHaveAttribute(
      'href',
      new RegExp(`${words.prefix}/post/${postId}#comment-`),
    );
    await expect(page.locator('.notification-unread')).toHaveCount(1);
    await expect(page.locator('.notification-name').first()).toHaveAttribute('dir', 'auto');
    await expectAccessible(page);
    await noSidewaysScroll(page);
    // The server draws the same list (no script needed to read it), and no search engine may.
    const html = await (await page.request.get(`${words.prefix}/notifications`)).text();
    expect(html).toContain(title);
    expect(html).toContain('name="robots" content="noindex"');

    // Opening it reads it: the bell has nothing unread, and neither has the page.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/post/${postId}`));
    await expect(header.getByRole('link', { name: words.bell, exact: true })).toBeVisible();
    await page.goBack();
    await expect(
      page.getByRole('link', { name: words.commented(bName, title), exact: true }),
    ).toBeVisible();
    await expect(page.locator('.notification-unread')).toHaveCount(0);

    // A guest is sent to sign in, told why.
    const guestContext = await page.context().browser()!.newContext({ baseURL });
    const guest = await guestContext.newPage();
    await guest.goto(`${words.prefix}/notifications`);
    await expect(guest).toHaveURL(/\/auth\?modal=login&reason=notifications&returnTo=/);
    await expect(guest.getByText(words.reason)).toBeVisible();
    await expect(
      guest.locator('header.site-header').getByRole('link', { name: words.bell }),
    ).toHaveCount(0);
    await guestContext.close();
    await commenter.dispose();
  });
}
