import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember } from './helpers';

const ANSWER = 'I was born in Haifa, by the sea, in a house full of books.';

/** Saves `ANSWER` as the live answer to question 1 for the member `request` is signed in as. */
async function answerFirstQuestion(request: Parameters<typeof registerMember>[0]) {
  const saved = await request.post('/api/meAnswers/saveLive', {
    data: { questionId: 'roots', answerData: { 'roots-1': ANSWER }, version: 0 },
  });
  expect(saved.status()).toBe(200);
}

test("/me/{questionIndex} without an id opens the signed-in member's own answer, in both languages", async ({
  page,
}) => {
  const { userId } = await registerMember(page.request, newPerson());
  await answerFirstQuestion(page.request);

  const english = await page.goto('/me/1');
  expect(english?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/me/${userId}/1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where I come from');
  await expect(page.getByText(ANSWER)).toBeVisible();
  await expectAccessible(page);

  const hebrew = await page.goto('/he/me/1');
  expect(hebrew?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/he/me/${userId}/1$`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('מאיפה באתי');
  await expect(page.getByText(ANSWER)).toBeVisible();
  await expectAccessible(page);

  // A question the member has not answered is no page, as with the id.
  expect((await page.goto('/me/7'))?.status()).toBe(404);
});

test('a guest at /me/{questionIndex} signs in and comes back to their own answer', async ({
  page,
  request,
}) => {
  const person = newPerson();
  const { userId } = await registerMember(request, person);
  await answerFirstQuestion(request);

  // The Hebrew address keeps its language on the way to sign-in.
  const hebrew = await page.request.get('/he/me/1', { maxRedirects: 0 });
  expect(hebrew.status()).toBe(302);
  expect(hebrew.headers()['location']).toBe(
    `/he/auth?modal=login&returnTo=${encodeURIComponent('/he/me/1')}`,
  );

  await page.goto('/me/1');
  await expect(page).toHaveURL(`/auth?modal=login&returnTo=${encodeURIComponent('/me/1')}`);
  await hydrated(page);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/me/${userId}/1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Where I come from');
  await expect(page.getByText(ANSWER)).toBeVisible();
});
