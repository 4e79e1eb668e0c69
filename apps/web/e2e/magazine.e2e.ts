import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

const STORY =
  'We sailed it on the lake the summer I turned twelve, and the whole street came along to watch it float. ';

/** Letters only, new to this run: filters then find exactly this test's stories. */
function unique(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

/**
 * How many magazine stories the author filter finds for `surname`, asked until it finds `count`:
 * the posts service learns a new member's name from the users service's events, a moment later.
 */
async function untilFound(request: APIRequestContext, surname: string, count: number) {
  await expect
    .poll(
      async () => {
        const answer = await request.post('/api/posts/getPosts', {
          data: { magazine: true, authorSearchValue: surname, limit: count },
        });
        return ((await answer.json()) as { posts?: unknown[] }).posts?.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBe(count);
}

test('the magazine filters by author and topic, orders either way, and says when nothing matches', async ({
  page,
  baseURL,
}) => {
  const surname = unique('Mag');
  const topic = unique('topic');
  const titles = [`The ${topic} of the old harbour`, `Letters from the ${topic} road`];
  for (const title of titles) {
    const writer = await playwrightRequest.newContext({ baseURL });
    await registerMember(writer, newPerson(), { lastname: surname });
    const created = await writer.post('/api/posts/create', {
      data: {
        title,
        content: `<p>${STORY.repeat(2)}</p>`,
        image: await uploadImage(writer),
        credit: 'Album',
        privacy: 'public',
        destination: 'magazine',
      },
    });
    expect(created.status()).toBe(201);
    await writer.dispose();
  }
  await untilFound(page.request, surname, titles.length);
  const cards = page.locator('.card-grid .post-card-title');

  await page.goto('/mepedia-magazine');
  await page.getByLabel('Author').fill(surname);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`author=${surname}`));
  await expect(cards).toHaveText([titles[1]!, titles[0]!]);

  await page.getByLabel('Sort by').selectOption('oldest');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(cards).toHaveText([titles[0]!, titles[1]!]);

  await page.goto(`/mepedia-magazine?topic=${encodeURIComponent('old harbour')}&author=${surname}`);
  await expect(cards).toHaveText([titles[0]!]);
  await expectAccessible(page);

  await page.goto(`/he/mepedia-magazine?author=${surname}&topic=nothingmatcheshere`);
  await expect(page.getByText('אין סיפור שמתאים לסינון הזה.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'הצגת כל הסיפורים' })).toHaveAttribute(
    'href',
    '/he/mepedia-magazine',
  );
  await expect(page.getByLabel('כותב/ת')).toHaveValue(surname);
  await expectAccessible(page);
});

// Issue 31: "More stories" loads the next page under the others (an infinite query), and focus
// goes to the first new story; the link is still the next page's own address, for a new tab or a
// browser without scripts.
test('More stories adds the next page in place, focus on the first new story, in both languages', async ({
  page,
  baseURL,
}) => {
  const surname = unique('More');
  const writer = await playwrightRequest.newContext({ baseURL });
  await registerMember(writer, newPerson(), { lastname: surname });
  const image = await uploadImage(writer);
  // Thirteen: a page of twelve and one more.
  for (let n = 1; n <= 13; n++) {
    const created = await writer.post('/api/posts/create', {
      data: {
        title: `Story ${n} of the long street`,
        content: `<p>${STORY.repeat(2)}</p>`,
        image,
        credit: 'Album',
        privacy: 'public',
        destination: 'magazine',
      },
    });
    expect(created.status()).toBe(201);
  }
  await writer.dispose();
  await untilFound(page.request, surname, 13);
  const cards = page.locator('.card-grid .post-card-title');

  for (const { prefix, more } of [
    { prefix: '', more: 'More stories' },
    { prefix: '/he', more: 'עוד סיפורים' },
  ]) {
    const address = `${prefix}/mepedia-magazine?author=${surname}&sortBy=oldest`;
    await page.goto(address);
    await hydrated(page);
    await expect(cards).toHaveCount(12);
    const link = page.getByRole('link', { name: more });
    const next = await link.getAttribute('href');
    expect(next).toMatch(
      new RegExp(`^${prefix}/mepedia-magazine\\?author=${surname}&sortBy=oldest&cursor=.+&asOf=`),
    );
    await link.click();
    await expect(cards).toHaveCount(13);
    await expect(cards.nth(12)).toHaveText('Story 13 of the long street');
    await expect(cards.nth(0)).toHaveText('Story 1 of the long street');
    await expect(page.getByRole('link', { name: 'Story 13 of the long street' })).toBeFocused();
    // Loaded in place: the address is the first page's; nothing more to load.
    expect(new URL(page.url()).search).toBe(`?author=${surname}&sortBy=oldest`);
    await expect(page.getByRole('link', { name: more })).toHaveCount(0);
    await expectAccessible(page);
    // The next page's address is a page of its own.
    await page.goto(next!);
    await expect(cards).toHaveText(['Story 13 of the long street']);
  }
});

// Issue 33: the reader's language first. A Hebrew story published before an English one still
// comes first in the Hebrew magazine; the English magazine has the English one first.
test('the magazine puts stories in the reader’s language first, then the others', async ({
  page,
  baseURL,
}) => {
  const surname = unique('Lang');
  const writer = await playwrightRequest.newContext({ baseURL });
  await registerMember(writer, newPerson(), { lastname: surname });
  const image = await uploadImage(writer);
  const hebrew = 'הסירה של סבא על האגם';
  const english = 'Grandpa’s boat on the lake';
  for (const [title, content] of [
    [
      hebrew,
      'שטנו בה על האגם בקיץ שבו מלאו לי שתים־עשרה, וכל הרחוב בא לראות אותה צפה על המים. סבא עמד על החוף וחייך.',
    ],
    [english, STORY.repeat(2)],
  ] as const) {
    const created = await writer.post('/api/posts/create', {
      data: {
        title,
        content: `<p>${content}</p>`,
        image,
        credit: 'Album',
        privacy: 'public',
        destination: 'magazine',
      },
    });
    expect(created.status()).toBe(201);
  }
  await writer.dispose();
  await untilFound(page.request, surname, 2);
  const cards = page.locator('.card-grid .post-card-title');

  await page.goto(`/he/mepedia-magazine?author=${surname}`);
  await hydrated(page);
  await expect(cards).toHaveText([hebrew, english]);
  await expectAccessible(page);

  await page.goto(`/mepedia-magazine?author=${surname}`);
  await hydrated(page);
  await expect(cards).toHaveText([english, hebrew]);
});
