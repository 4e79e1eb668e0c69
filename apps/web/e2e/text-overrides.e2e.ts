import { expect, test } from './fixtures';
import { expectAccessible, hydrated } from './helpers';

// The site service's interface text overrides (docs/api/site.md): its migrations write the
// footer's credit line in both languages; the browser tests' server adds broken ones
// (SITE_TEXT_OVERRIDES in playwright.config.ts), which the pages must leave out.

test('the site service answers its overrides, the broken ones included', async ({ request }) => {
  const response = await request.get('/api/applicationText/getFormattedText');
  expect(response.status()).toBe(200);
  const text = (await response.json()) as Record<'en' | 'he', Record<string, string>>;
  expect(text.en['footer.credit']).toBe('Made with care by the Mepedia team');
  expect(text.he['footer.credit']).toBe('נבנה באהבה בידי צוות מפדיה');
  expect(text.en['footer.copyright']).toBe('© {yeer} Broken');
  expect(text.he['footer.privacy']).toBe('<b>מדיניות שבורה</b>');
});

test("the footer shows the site's credit line in English, and the built-in texts for broken overrides", async ({
  page,
}) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const check = async () => {
    await expect(footer.getByText('Made with care by the Mepedia team')).toBeVisible();
    await expect(footer.getByText('Designed and developed by the Mepedia team')).toHaveCount(0);
    // A wrong placeholder and broken ICU: the built-in messages, never the raw override.
    await expect(footer).toContainText(
      `© ${new Date().getFullYear()} Mepedia. All rights reserved.`,
    );
    await expect(footer.getByRole('link', { name: 'Terms of service' })).toBeVisible();
    await expect(footer).not.toContainText('Broken');
    await expect(footer).not.toContainText('{');
    // A good override with a plural: formatted on the server, and in the browser from the
    // server's parse (the browser has no ICU parser).
    await expect(footer).toContainText(/No stories told yet|[\d,]+ stor(y|ies) told so far/);
  };
  await check();
  // The browser's translator has the same overrides: hydration changes nothing.
  await hydrated(page);
  await check();
  await expectAccessible(page);
});

test("the footer shows the site's credit line in Hebrew, and the built-in text for a broken one", async ({
  page,
}) => {
  await page.goto('/he/about');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('נבנה באהבה בידי צוות מפדיה')).toBeVisible();
  await expect(footer.getByText('עוצב ופותח בידי צוות מפדיה')).toHaveCount(0);
  // Markup: the built-in words, neither the tags nor their text.
  await expect(footer.getByRole('link', { name: 'מדיניות פרטיות' })).toBeVisible();
  await expect(footer).not.toContainText('שבורה');
  await expect(footer).not.toContainText('<b>');
  await hydrated(page);
  await expect(footer.getByText('נבנה באהבה בידי צוות מפדיה')).toBeVisible();
  await expectAccessible(page);
});
