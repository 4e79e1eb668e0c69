import { expect, test } from './fixtures';
import { expectAccessible, hydrated, openMenu } from './helpers';

test.describe('the site, before any script runs', () => {
  test('the home page HTML carries its heading and language alternates', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<h1[^>]*>Everyone has a story\. Write yours\.<\/h1>/);
    expect(html).toMatch(
      /<link rel="alternate" hreflang="he" href="http:\/\/localhost:\d+\/he"\/>/i,
    );
    expect(html).toMatch(/<link rel="alternate" hreflang="x-default"/i);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"\/>/);
    const he = await (await request.get('/he')).text();
    expect(he).toContain('<html lang="he" dir="rtl">');
    expect(he).toContain('לכל אחד יש סיפור. כתבו את שלכם.');
  });

  test('robots.txt and sitemap.xml list the pages', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap: http://localhost');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/he/terms-of-service</loc>');
    expect(sitemap).toContain('hreflang="x-default"');
  });
});

test.describe('in the browser', () => {
  test('home reads in English, left to right', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Everyone has a story. Write yours.',
    );
    await expect(page.getByRole('complementary', { name: 'In memory of Efi' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Read the tribute' })).toHaveAttribute(
      'href',
      '/efi',
    );
    await expect(page.getByText(`© ${new Date().getFullYear()} Mepedia`)).toBeVisible();
  });

  test('home reads in Hebrew, right to left', async ({ page }) => {
    await page.goto('/he');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'לכל אחד יש סיפור. כתבו את שלכם.',
    );
  });

  test('switching the language sticks across reloads', async ({ page }) => {
    await page.goto('/about');
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: /Language/ }).click();
    await menu.getByRole('link', { name: 'עברית' }).click();
    await expect(page).toHaveURL(/\/he\/about$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await page.goto('/');
    await expect(page).toHaveURL(/\/he$/);
    const cookies = await page.context().cookies();
    const locale = cookies.find((cookie) => cookie.name === 'mepedia_locale');
    expect(locale?.value).toBe('he');
    expect(locale!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  });

  test('a guest opening a members-only page is sent to registration, and told why', async ({
    page,
  }) => {
    await page.goto('/people');
    await expect(page).toHaveURL(/\/auth\?modal=register&reason=people$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    await expect(
      page.getByRole('status').filter({ hasText: 'Sign up to meet the people of Mepedia' }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.goto('/he/people');
    await expect(page).toHaveURL(/\/he\/auth\?modal=register&reason=people$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'הירשמו כדי להכיר את האנשים של מפדיה' }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('the guard also holds for navigation inside the page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Meet people' }).click();
    await expect(page).toHaveURL(/\/auth\?modal=register&reason=people$/);
    await expect(page.getByText('Sign up to meet the people of Mepedia')).toBeVisible();
  });

  test('a mistyped address shows a guest the 404 page, not the sign-up form', async ({ page }) => {
    for (const [path, title] of [
      ['/no-such-page', 'This page could not be found'],
      ['/he/no-such-page', 'הדף לא נמצא'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expectAccessible(page);
    }
  });

  test('an unknown page says so, with a title, whichever way it is unknown', async ({ page }) => {
    const response = await page.goto('/about/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This page could not be found',
    );
    await expect(page).toHaveTitle(/^This page could not be found \| Mepedia$/);
    // A post that is not there is answered by the error page: the same design and a title.
    const missing = await page.goto('/he/post/00000000-0000-7000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('הדף לא נמצא');
    await expect(page).toHaveTitle(/^הדף לא נמצא \| מפדיה$/);
    await expectAccessible(page);
    await page.goto('/about/no-such-page');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a guest menu offers register and login, not member pages', async ({ page }) => {
    await page.goto('/');
    const menu = await openMenu(page);
    await expect(menu.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Magazine' })).toHaveAttribute(
      'href',
      '/mepedia-magazine',
    );
    await expect(menu.getByRole('link', { name: 'People' })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Log out' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('the accessibility toolbar stays on a phone’s screen in Hebrew, and Escape closes it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/he/about');
    const toggle = page.getByRole('button', { name: 'נגישות' });
    // There from the first paint, before the page comes alive.
    await expect(toggle).toBeVisible();
    await hydrated(page);
    await toggle.click();
    const panel = page.getByRole('group', { name: 'אפשרויות נגישות' });
    await expect(panel).toBeVisible();
    const box = await panel.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('an email link that lost its code, or does not work, says what to do', async ({ page }) => {
    await page.goto('/email-verification');
    await expect(page.getByRole('heading', { name: 'This link is not complete' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue verification' })).toHaveAttribute(
      'href',
      '/auth?modal=login',
    );
    // A code the server does not know is one that ran out (it says no more than that).
    await page.goto('/he/email-verification?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'תוקף הקישור פג' })).toBeVisible();
  });

  test('the accessibility toolbar changes the page and remembers it', async ({ page }) => {
    await page.goto('/about');
    const toggle = page.getByRole('button', { name: 'Accessibility' });
    await expect(toggle).toBeVisible();
    await hydrated(page);
    await toggle.click();
    const contrast = page.getByRole('button', { name: 'High contrast' });
    await contrast.click();
    await expect(contrast).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveClass(/a11y-contrast/);
    await page.getByRole('button', { name: 'Larger text' }).click();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/a11y-contrast/);
    await hydrated(page);
    expect(
      await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--text-scale').trim(),
      ),
    ).toBe('1.1');
    await page.getByRole('button', { name: 'Accessibility' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.locator('html')).not.toHaveClass(/a11y-contrast/);
  });

  test('go back returns to the previous page, and home has none', async ({ page }) => {
    await page.goto('/');
    // A click while React takes over the page can be lost under load: wait for it.
    await hydrated(page);
    await expect(page.getByRole('button', { name: 'Go back' })).toHaveCount(0);
    await page.getByRole('link', { name: 'More about us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await hydrated(page);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the skip link and the menu work from the keyboard', async ({ page }) => {
    await page.goto('/about');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test('the memorial page: the portrait, the name, and the way to share a memory, in both languages', async ({
  page,
  request,
}) => {
  for (const { path, alt, heading, share, support } of [
    {
      path: '/efi',
      alt: 'A memorial candle',
      heading: 'In memory of Efi',
      share: 'Share a memory through the support page',
      support: '/support',
    },
    {
      path: '/he/efi',
      alt: 'נר זיכרון',
      heading: 'לזכרו של אפי',
      share: 'לשיתוף זיכרון דרך דף התמיכה',
      support: '/he/support',
    },
  ]) {
    await page.goto(path);
    // Until the family gives a portrait, the candle holds its place: a picture that loads.
    const portrait = page.getByRole('img', { name: alt });
    await expect(portrait).toBeVisible();
    await expect
      .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const link = page.getByRole('link', { name: share });
    await expect(link).toHaveAttribute('href', support);
    expect((await request.get(support)).status()).toBe(200);
    await expectAccessible(page);
  }
});

const PAGES = [
  '/',
  '/about',
  '/efi',
  '/support',
  '/terms-of-service',
  '/privacy-policy',
  '/unsubscribe?email=a%40example.com&signature=x',
  '/auth?modal=login',
  '/auth?modal=register',
  '/verification',
  '/email-verification',
  '/password-reset',
  '/mepedia-magazine',
  '/about/no-such-page',
];

// Every page, both languages, on a phone and a laptop, with the WCAG 2.2 rules (target size...).
for (const locale of ['en', 'he'] as const) {
  for (const width of [390, 1366]) {
    test.describe(`accessibility in ${locale === 'he' ? 'Hebrew' : 'English'} at ${width} px`, () => {
      for (const path of PAGES) {
        test(`${path} has no serious or critical axe violations`, async ({ page }) => {
          await page.setViewportSize({ width, height: 900 });
          const target = locale === 'he' ? (path === '/' ? '/he' : `/he${path}`) : path;
          await page.goto(target);
          await page.waitForLoadState('networkidle');
          await expectAccessible(page);
        });
      }
    });
  }
}
