import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hydrated, newPerson, openMenu, registerMember, uploadImage } from './helpers';

// The look, kept as reviewed pictures: home, the magazine, a post, a profile, sign-in, the menu
// and the toolbar, in English and Hebrew, on a phone (390 px) and a laptop (1366 px). A change
// to the look fails here until its new pictures are looked at and accepted
// (`npx playwright test -c apps/web/playwright.config.ts appearance --update-snapshots`).
// This file sorts first, so it draws the demo community (the server starts with the demo seed)
// and its own three stories, not other tests'.

const WIDTHS = [390, 1366] as const;
const STORIES = [
  ['Letters from my grandmother', '#8a5a2b'],
  ['הקיץ שבו בנינו סירה', '#2f6f62'],
  ['The summer we built the boat', '#1f4e79'],
] as const;
const STORY =
  '<p>My father and I built a wooden boat in the yard, one plank every Saturday, until the whole street came to see it sail. It leaked, and we loved it anyway.</p>';

/** What changes from run to run (how long ago, the year, view counts) is covered, not compared. */
async function expectLook(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, {
    // Dates, the footer and the counters change from run to run (views count when the page is up).
    mask: [
      page.locator('time'),
      page.locator('.site-footer'),
      page.locator('.post-counts'),
      page.locator('.profile-views'),
    ],
    maxDiffPixelRatio: 0.01,
  });
}

test.describe.configure({ mode: 'serial' });

let postId = '';
let profileId = '';

test('seed: one member and three stories', async ({ page }) => {
  const { userId } = await registerMember(page.request, newPerson());
  profileId = userId;
  for (const [title, colour] of STORIES) {
    const image = await uploadImage(page.request, colour);
    const created = await page.request.post('/api/posts/create', {
      data: {
        title,
        content: STORY,
        image,
        credit: 'Family album',
        privacy: 'public',
        destination: 'magazine',
      },
    });
    expect(created.status()).toBe(201);
    postId = ((await created.json()) as { postId: string }).postId;
  }
  // Each story shows its author once the posts service has the member's name.
  await expect
    .poll(async () => {
      const page1 = await page.request.post('/api/posts/getPosts', {
        data: { magazine: true, publisherId: profileId },
      });
      const { posts } = (await page1.json()) as { posts: Array<{ publisher: unknown }> };
      return posts.filter((post) => post.publisher !== null).length;
    })
    .toBe(3);
});

for (const locale of ['en', 'he'] as const) {
  const at = (path: string) => (locale === 'he' ? `/he${path === '/' ? '' : path}` : path);
  for (const width of WIDTHS) {
    test(`the look in ${locale} at ${width} px`, async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: locale === 'he' ? 'he-IL' : 'en-US',
        colorScheme: 'light',
      });
      const page = await context.newPage();
      const shot = (name: string) => expectLook(page, `${name}-${locale}-${width}`);
      try {
        await page.goto(at('/'));
        await hydrated(page);
        await shot('home');
        await page.goto(at('/mepedia-magazine'));
        await hydrated(page);
        await shot('magazine');
        await page.goto(at(`/post/${postId}`));
        await hydrated(page);
        await shot('post');
        await page.goto(at(`/profile/${profileId}`));
        await hydrated(page);
        await shot('profile');
        await page.goto(at('/auth?modal=login'));
        await hydrated(page);
        await shot('sign-in');
        await openMenu(page);
        await shot('menu');
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: /^(Accessibility|נגישות)$/ }).click();
        await shot('toolbar');
      } finally {
        await context.close();
      }
    });
  }
}
