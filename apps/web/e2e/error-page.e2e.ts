import { expect, test } from './fixtures';
import { expectAccessible, hydrated } from './helpers';

// The magazine's loader asks the posts service for a page at the address's cursor: a cursor the
// service did not make is refused with the coded error INVALID_CURSOR (400).
const BAD_CURSOR = 'mepedia-magazine?cursor=not-a-cursor-the-service-made';

test("the error page says the coded error's message, with its status, in English", async ({
  page,
}) => {
  const response = await page.goto(`/${BAD_CURSOR}`);
  expect(response?.status()).toBe(400);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(page.getByText('Error 400')).toBeVisible();
  await expect(
    page.getByText('This list position is not valid. Please start again from the first page'),
  ).toBeVisible();
  // The generic words give way to the error's own, and nothing of the server's shows.
  await expect(page.getByText('An error has occurred. Please try again')).toHaveCount(0);
  await hydrated(page);
  await expect(page.getByText('Error 400')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
    'href',
    '/',
  );
  // The address is what is wrong: trying it again would not help, so it is not offered.
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveCount(0);
  await expectAccessible(page);
});

test("the error page says the coded error's message in Hebrew, right to left", async ({ page }) => {
  const response = await page.goto(`/he/${BAD_CURSOR}`);
  expect(response?.status()).toBe(400);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(
    page.getByText('מיקום זה ברשימה אינו תקין. יש להתחיל שוב מהדף הראשון'),
  ).toBeVisible();
  await expect(page.getByText('This list position is not valid')).toHaveCount(0);
  await hydrated(page);
  await expectAccessible(page);
});

test('a coded error met on a move inside the app is worded the same way', async ({ page }) => {
  await page.goto('/he/mepedia-magazine');
  await hydrated(page);
  // Back to an address the app has not drawn: React Router loads it with a data request, and the
  // error comes back through it, not in a whole page.
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  await page.evaluate((bad) => {
    window.history.pushState(null, '', bad);
    window.history.pushState(null, '', '/he/mepedia-magazine');
    window.history.back();
  }, `/he/${BAD_CURSOR}`);
  await expect(
    page.getByText('מיקום זה ברשימה אינו תקין. יש להתחיל שוב מהדף הראשון'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('משהו השתבש');
  expect(documents).toEqual([]);
});
