import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, newPerson, registerMember, uploadImage } from './helpers';

/** What these pages read: their loaders ask it; the browser must not ask it again. */
const READS = [
  '/api/users/getHomepageUsers',
  '/api/posts/getPosts',
  '/api/posts/getPostById',
  '/api/meAnswers/getUserAnswers',
  '/api/profileQuestions/getQuestions',
  '/api/userViews/toggleView',
  '/api/posts/updatePostPrivacy',
];

/** The calls of READS the browser makes from now on, by path (the shell's own are not counted). */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (READS.includes(pathname)) calls.push(pathname);
  });
  return calls;
}

/** Whatever the page would still ask for on load has been asked. */
async function loaded(page: Page) {
  await hydrated(page);
  await page.waitForLoadState('networkidle');
}

// Home, a profile and the writing page read through the query layer: their loaders hand the
// browser's cache what the page shows, so the browser does not ask for it again (issue 31).
test('home, a profile and the writing page ask nothing again on load: the server’s reads come with the page', async ({
  page,
}) => {
  const member = page.request;
  const { userId } = await registerMember(member, newPerson());
  const image = await uploadImage(member);
  const created = await member.post('/api/posts/create', {
    data: {
      title: 'A story read once',
      content:
        '<p>My grandmother kept every letter in a tin box under the stairs, and read them aloud each winter to whoever sat by the stove.</p>',
      image,
      credit: 'Family',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  const calls = apiCalls(page);
  await page.goto('/');
  await loaded(page);
  await expect(page.getByText('A story read once').first()).toBeVisible();
  expect(calls).toEqual([]);

  await page.goto(`/profile/${userId}`);
  await loaded(page);
  await expect(page.locator('.profile-post')).toHaveCount(1);
  // Only the views are asked, in the browser, and their count shown (headless Chromium is taken
  // for a crawler and counted as none; a first count from a browser without a visitor cookie
  // goes twice: the client's `counts`).
  await expect(page.locator('.profile-views')).toHaveText(/\bviews?\b/);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.filter((path) => path !== '/api/userViews/toggleView')).toEqual([]);

  calls.length = 0;
  await page.goto(`/profile/${userId}?tab=answers`);
  await loaded(page);
  expect(calls.filter((path) => path !== '/api/userViews/toggleView')).toEqual([]);

  calls.length = 0;
  await page.goto(`/profile/write-post/${postId}`);
  await loaded(page);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('A story read once');
  expect(calls).toEqual([]);

  // The privacy change shows at once and stays with the service's answer.
  await page.getByRole('radio', { name: 'Only me' }).check();
  await page.getByRole('button', { name: 'Change who can read it' }).click();
  await expect(page.locator('.write-post-privacy')).toHaveText(/private/i);
  expect(calls).toEqual(['/api/posts/updatePostPrivacy']);
});
