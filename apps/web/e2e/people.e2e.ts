import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember } from './helpers';

const LONG =
  'I grew up in a house by the harbour, where my grandmother kept the keys of every boat in a tin box and knew each captain by name.';

/** A surname of letters only, new to this run, so the search finds exactly our members. */
function uniqueSurname(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let name = 'Pag';
  for (let i = 0; i < 8; i++) name += letters[Math.floor(Math.random() * letters.length)];
  return name;
}

test('the people directory pages through a search with real links, newest first', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const surname = uniqueSurname();
  // 25 published members with that surname: one more than a page holds.
  for (let i = 0; i < 25; i++) {
    const member = await playwrightRequest.newContext({ baseURL });
    await registerMember(member, newPerson(), { lastname: surname });
    expect(
      (
        await member.post('/api/meAnswers/saveLive', {
          data: { questionId: 'roots', answerData: { 'roots-1': LONG }, version: 0 },
        })
      ).status(),
    ).toBe(200);
    expect(
      (
        await member.post('/api/meAnswers/togglePublishAsPost', { data: { questionId: 'roots' } })
      ).status(),
    ).toBe(200);
    await member.dispose();
  }
  // The directory is for members.
  await registerMember(page.request, newPerson());
  await expect
    .poll(async () => {
      const answer = await page.request.post('/api/users/getPublishedUsers', {
        data: { searchValue: surname, limit: 50 },
      });
      return ((await answer.json()) as { total: number }).total;
    })
    .toBe(25);

  await page.goto(`/people?searchValue=${surname}`);
  await hydrated(page);
  await expect(page.locator('.card-grid > li')).toHaveCount(24);
  await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
  const next = page.getByRole('link', { name: 'Next page' });
  await expect(next).toHaveAttribute('href', `/people?searchValue=${surname}&page=2`);
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/people\\?searchValue=${surname}&page=2$`));
  await expect(page.locator('.card-grid > li')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await expect(page.getByText('Page 2')).toBeVisible();
  await expectAccessible(page);

  // The second page is a page of its own, rendered on the server.
  const html = await (await page.request.get(`/he/people?searchValue=${surname}&page=2`)).text();
  expect(html.match(/class="card person-card"/g)).toHaveLength(1);
  await page.goto(`/he/people?searchValue=${surname}&page=2`);
  await expect(page.getByRole('link', { name: 'העמוד הקודם' })).toHaveAttribute(
    'href',
    `/he/people?searchValue=${surname}`,
  );
});

test('people search in Hebrew and in English finds the demo community by name, with or without niqqud', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  const cards = page.locator('.card-grid > li');

  // Hebrew, through the page's own search form (the header has one too).
  await page.goto('/he/people');
  await hydrated(page);
  await page.locator('#people-search').fill('נועה');
  await page
    .getByRole('search')
    .filter({ has: page.locator('#people-search') })
    .getByRole('button', { name: 'חיפוש', exact: true })
    .click();
  await expect(page).toHaveURL(/\/he\/people\?searchValue=%D7%A0%D7%95%D7%A2%D7%94/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('נועה ברק');
  await expectAccessible(page);

  // Pointed, the same name is found: niqqud is not part of what is compared.
  await page.goto(`/he/people?searchValue=${encodeURIComponent('נוֹעָה')}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('נועה ברק');

  // Nothing matches: said in Hebrew, with the words searched for isolated in the sentence.
  await page.goto(`/he/people?searchValue=${encodeURIComponent('שםשאיננו')}`);
  await expect(page.getByRole('heading', { name: 'לא נמצאו אנשים' })).toBeVisible();
  await expect(page.locator('bdi').filter({ hasText: 'שםשאיננו' })).toHaveCount(1);

  // English, whatever the case.
  await page.goto('/people?searchValue=pryce');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Margaret Pryce');
});
