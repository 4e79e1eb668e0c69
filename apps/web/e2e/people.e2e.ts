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

test('the people page searches with the search service: 24 at a time, More people in place, its link a page of its own', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
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
  await registerMember(page.request, newPerson());
  // The search service hears of each member by an event: until it has heard of all 25.
  await expect
    .poll(
      async () => {
        const answer = await page.request.post('/api/search/searchPeople', {
          data: { query: surname, limit: 50 },
        });
        return ((await answer.json()) as { people: unknown[] }).people.length;
      },
      { timeout: 60_000, intervals: [500, 1_000] },
    )
    .toBe(25);

  await page.goto(`/people?searchValue=${surname}`);
  await hydrated(page);
  const people = page.locator('.search-people > li');
  await expect(people).toHaveCount(24);
  // Each found by their name, marked, with the Follow button; in order of best match, so the
  // directory's order and numbered pages are not offered.
  await expect(people.first().locator('mark')).toHaveText(surname);
  await expect(people.first().getByRole('button', { name: /^Follow Dana / })).toBeVisible();
  await expect(page.getByLabel('Sort by')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Search the stories too' })).toHaveAttribute(
    'href',
    `/search?q=${surname}`,
  );
  const more = page.getByRole('link', { name: 'More people' });
  const second = await more.getAttribute('href');
  expect(second).toMatch(new RegExp(`^/people\\?searchValue=${surname}&cursor=[^&]+$`));
  // In place: the 25th under the others, the focus on it, and said politely.
  await more.click();
  await expect(people).toHaveCount(25);
  await expect(people.nth(24).getByRole('link')).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/people\\?searchValue=${surname}$`));
  await expect(page.getByRole('status').filter({ hasText: '25 people shown' })).toBeAttached();
  await expect(more).toHaveCount(0);
  await expectAccessible(page);

  // The next page's link is a page of its own, drawn on the server, in either language.
  const html = await (await page.request.get(`/he${second ?? ''}`)).text();
  expect(html.match(/class="card search-person"/g)).toHaveLength(1);
  await page.goto(`/he${second ?? ''}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(people).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'עוד אנשים' })).toHaveCount(0);
  // Its form holds the words: searching again starts from the first page.
  await expect(page.locator('#people-search')).toHaveValue(surname);
});

test('people search in Hebrew and in English finds the demo community by name, with or without niqqud', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  const people = page.locator('.search-people > li');

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
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText('נועה ברק');
  await expect(people.first().locator('mark')).toHaveText('נועה');
  await expectAccessible(page);

  // Pointed, the same name is found and marked: the search service does not compare niqqud.
  await page.goto(`/he/people?searchValue=${encodeURIComponent('נוֹעָה')}`);
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText('נועה ברק');
  await expect(people.first().locator('mark')).toHaveText('נועה');

  // Nothing matches: said in Hebrew, with the words searched for isolated in the sentence.
  await page.goto(`/he/people?searchValue=${encodeURIComponent('שםשאיננו')}`);
  await expect(page.getByRole('heading', { name: 'לא נמצאו אנשים' })).toBeVisible();
  await expect(page.locator('bdi').filter({ hasText: 'שםשאיננו' })).toHaveCount(1);
  await expect(people).toHaveCount(0);

  // English, whatever the case.
  await page.goto('/people?searchValue=pryce');
  await expect(people).toHaveCount(1);
  await expect(people.first()).toContainText('Margaret Pryce');
  await expect(people.first().locator('mark')).toHaveText('Pryce');
});
