import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

// Search (issue 36), in both languages, as members and guests meet it: the header's field on
// every page leads to the results page (`/search?q=`), people first, then stories, each a link,
// the words found marked. A story is found by a word inside it, a Hebrew word with its prefixes
// too; a guest finds only what is public; the keyboard reaches the results in order; an empty
// search and one that finds nothing say so. Search hears of a change by an event: a test waits
// for the service (expect.poll) before it looks, never for a fixed time.

const WORDS = {
  en: {
    prefix: '',
    dir: 'ltr',
    header: 'Search people and stories',
    titleFor: (query: string) => `Search: ${query}`,
    people: 'People',
    stories: 'Stories',
    post: 'Post',
    prompt: 'What are you looking for?',
    none: 'Nothing found',
    noneText: (query: string) =>
      `Nothing matches ${query}. Try fewer words, another spelling, or fewer filters.`,
    noStories: 'No stories match this search.',
  },
  he: {
    prefix: '/he',
    dir: 'rtl',
    header: 'חיפוש אנשים וסיפורים',
    titleFor: (query: string) => `חיפוש: ${query}`,
    people: 'אנשים',
    stories: 'סיפורים',
    post: 'פוסט',
    prompt: 'מה מחפשים?',
    none: 'לא נמצא דבר',
    noneText: (query: string) =>
      `שום דבר לא תואם את ${query}. כדאי לנסות פחות מילים, כתיב אחר או פחות סינונים.`,
    noStories: 'אין סיפורים שתואמים את החיפוש הזה.',
  },
} as const;

type Locale = keyof typeof WORDS;

/**
 * A word of this run only: ten letters drawn at random (not from the clock, so two words made a
 * moment apart are not alike, even to the names' trigram match). Hebrew without the letters
 * search reads as prefixes (ו ה ב כ ל מ ש), doubled or final, so the word is found as itself.
 */
function uniqueWord(locale: Locale): string {
  const letters = locale === 'he' ? 'אגדזחטסעקר' : 'bcdfghjkmnpqrstvwxz';
  let word = '';
  for (let i = 0; i < 10; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return locale === 'he' ? `ר${word}` : `Zo${word}`;
}

/** A member of `locale` with a surname of this run only, signed in on `request`. */
async function member(request: APIRequestContext, locale: Locale) {
  const lastname = uniqueWord(locale);
  const firstname = locale === 'he' ? 'רותם' : 'Rotem';
  const { userId } = await registerMember(request, newPerson(), {
    firstname,
    lastname,
    language: locale,
  });
  return { userId, lastname, name: `${firstname} ${lastname}` };
}

type Privacy = 'public' | 'members' | 'private';

/** A story by `request`'s member: its id. Public ones in the magazine, the others on the profile. */
async function write(
  request: APIRequestContext,
  title: string,
  text: string,
  privacy: Privacy = 'public',
): Promise<string> {
  const created = await request.post('/api/posts/create', {
    data: {
      title,
      content: `<p>${text}</p>`,
      image: await uploadImage(request),
      credit: 'Family album',
      privacy,
      destination: privacy === 'public' ? 'magazine' : 'profile',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { postId: string }).postId;
}

/** The ids of the stories `request`'s caller finds with `query`, once the service has them. */
async function foundStories(request: APIRequestContext, query: string): Promise<string[]> {
  const answer = await request.post('/api/search/searchStories', { data: { query, limit: 50 } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { stories: Array<{ id: string }> }).stories.map(
    (story) => story.id,
  );
}

/** The ids of the people `request`'s caller finds with `query`. */
async function foundPeople(request: APIRequestContext, query: string): Promise<string[]> {
  const answer = await request.post('/api/search/searchPeople', { data: { query, limit: 50 } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { people: Array<{ id: string }> }).people.map(
    (person) => person.id,
  );
}

/** An event's hop, on a busy machine: room to spare, asked again every second at most. */
const EVENTUALLY = { timeout: 60_000, intervals: [250, 500, 1_000] };

/** The header's search field, typed into and sent with Enter, as a person does. */
async function searchFromHeader(page: Page, locale: Locale, query: string) {
  await hydrated(page);
  const field = page.getByRole('searchbox', { name: WORDS[locale].header, exact: true });
  await field.fill(query);
  await field.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`${WORDS[locale].prefix}/search\\?q=${encodeURIComponent(query)}$`),
  );
}

/** The stories' list of results, each found by its title's link. */
const storyResult = (page: Page, title: string) =>
  page
    .locator('.search-results > li')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });

const STORY = {
  en: (word: string) =>
    `Every summer we drove north to my aunt's farm, where ${word} was the name of the old horse who pulled the cart of apples down to the village market.`,
  // מאפייה on its own: found by ובמאפייה, "and in the bakery", as every prefix is read off.
  he: () =>
    'בכל בוקר, לפני בית הספר, עצרנו ליד מאפייה קטנה בקצה הרחוב, והריח של הלחם החם ליווה אותנו עד השער של החצר.',
};

for (const locale of ['en', 'he'] as const) {
  const w = WORDS[locale];

  test(`a member finds a story by a word inside it, from the header, the word marked (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await member(page.request, locale);
    // The title does not have the word: the story is found by its text.
    const title = locale === 'he' ? `הבוקר של ${uniqueWord('he')}` : `Mornings ${uniqueWord('en')}`;
    const word = uniqueWord('en').toLowerCase();
    const query = locale === 'he' ? 'ובמאפייה' : word;
    const marked = locale === 'he' ? 'מאפייה' : word;
    const postId = await write(page.request, title, STORY[locale](word));
    await expect.poll(() => foundStories(page.request, query), EVENTUALLY).toContain(postId);

    await page.goto(`${w.prefix}/`);
    await searchFromHeader(page, locale, query);
    await expect(page.locator('html')).toHaveAttribute('dir', w.dir);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.titleFor(query));
    const stories = page.getByRole('region', { name: w.stories });
    const result = storyResult(page, title);
    await expect(result).toHaveCount(1);
    await expect(stories.locator('.search-results > li').filter({ hasText: title })).toHaveCount(1);
    await expect(result.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `${w.prefix}/post/${postId}`,
    );
    // The word as it stands in the text is marked in the words around it, not in the title.
    await expect(result.locator('.search-hit-snippet mark')).toHaveText([marked]);
    await expect(result.locator('.search-hit-title mark')).toHaveCount(0);
    await expect(result.locator('.search-hit-kind')).toHaveText(w.post);
    // The results page is accessible, in either direction.
    await expectAccessible(page);

    // The result leads to the story.
    await result.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${w.prefix}/post/${postId}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
}

test('a guest finds only public stories; a member also what members may read; the author all of theirs', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await member(page.request, 'en');
  const word = uniqueWord('en').toLowerCase();
  const text = (who: string) =>
    `The recipe for ${word} came from my grandmother, who wrote it on the back of an envelope and said it was ${who}, and no one else's.`;
  const titles = {
    public: `For everyone ${uniqueWord('en')}`,
    members: `For members ${uniqueWord('en')}`,
    private: `For me alone ${uniqueWord('en')}`,
  };
  const ids = {
    public: await write(page.request, titles.public, text('for everyone'), 'public'),
    members: await write(page.request, titles.members, text('for the members'), 'members'),
    private: await write(page.request, titles.private, text('for me alone'), 'private'),
  };
  // The author finds all three, once search has them.
  await expect
    .poll(async () => (await foundStories(page.request, word)).sort(), EVENTUALLY)
    .toEqual(Object.values(ids).sort());
  await page.goto(`/search?q=${word}`);
  await expect(page.locator('.search-results > li')).toHaveCount(3);
  for (const title of Object.values(titles)) await expect(storyResult(page, title)).toHaveCount(1);
  // Who may read each, where not everyone.
  await expect(storyResult(page, titles.private).locator('.audience-badge')).toContainText(
    'Only me',
  );
  await expect(storyResult(page, titles.members).locator('.audience-badge')).toContainText(
    'Members',
  );
  await expect(storyResult(page, titles.public).locator('.audience-badge')).toHaveCount(0);

  // Another member finds the public story and the members' one, never the private one.
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await member(other.request, 'en');
  await other.goto(`/search?q=${word}`);
  await expect(other.locator('.search-results > li')).toHaveCount(2);
  await expect(storyResult(other, titles.public)).toHaveCount(1);
  await expect(storyResult(other, titles.members)).toHaveCount(1);
  expect(await other.content()).not.toContain(titles.private);

  // A guest finds the public one alone, in either language; nothing of the others is in the page,
  // not even in the data it carries for the browser.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  for (const locale of ['en', 'he'] as const) {
    const address = `${WORDS[locale].prefix}/search?q=${word}`;
    await guest.goto(address);
    await hydrated(guest);
    await expect(guest.locator('html')).toHaveAttribute('dir', WORDS[locale].dir);
    await expect(guest.locator('.search-results > li')).toHaveCount(1);
    await expect(storyResult(guest, titles.public).getByRole('link')).toHaveAttribute(
      'href',
      `${WORDS[locale].prefix}/post/${ids.public}`,
    );
    const html = await (await guest.request.get(address)).text();
    expect(html).toContain(titles.public);
    for (const hidden of [titles.members, titles.private, ids.members, ids.private])
      expect(html).not.toContain(hidden);
  }
  expect(await foundStories(guest.request, word)).toEqual([ids.public]);

  await Promise.all([otherContext.close(), guestContext.close()]);
});

for (const locale of ['en', 'he'] as const) {
  const w = WORDS[locale];

  test(`the keyboard: from the header's field, Enter, then Tab reaches the people and the stories in order (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const me = await member(page.request, locale);
    // Two stories with the member's surname: in the title and the text of one (the better
    // match, first), in the text alone of the other.
    const first = `${locale === 'he' ? 'הקיץ של' : 'The summer of'} ${me.lastname}`;
    const second = locale === 'he' ? `החורף ${uniqueWord('he')}` : `Winter ${uniqueWord('en')}`;
    const text =
      locale === 'he'
        ? `כל המשפחה ${me.lastname} נסעה צפונה בכל קיץ, אל הבית של הדודה בגליל, עם הסלים והכלב ושירים ארוכים כל הדרך.`
        : `The whole ${me.lastname} family drove north every summer to my aunt's house in the hills, with baskets, the dog and long songs all the way.`;
    const ids = [await write(page.request, first, text), await write(page.request, second, text)];
    // The searcher finds themselves by their name, and both stories, once search has them.
    await expect
      .poll(() => foundPeople(page.request, me.lastname), EVENTUALLY)
      .toContain(me.userId);
    await expect
      .poll(async () => (await foundStories(page.request, me.lastname)).sort(), EVENTUALLY)
      .toEqual([...ids].sort());

    await page.goto(`${w.prefix}/`);
    await hydrated(page);
    await page.getByRole('searchbox', { name: w.header, exact: true }).focus();
    await page.keyboard.type(me.lastname);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`${w.prefix}/search\\?q=${encodeURIComponent(me.lastname)}$`),
    );
    // People, then stories, each a region under its heading.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      w.people,
      w.stories,
    ]);
    const people = page.getByRole('region', { name: w.people });
    const stories = page.getByRole('region', { name: w.stories });
    await expect(people.getByRole('link', { name: me.name })).toHaveAttribute(
      'href',
      `${w.prefix}/profile/${me.userId}`,
    );
    await expect(stories.getByRole('link')).toHaveText([first, second]);
    // The focus arrives on the results' heading (a screen reader says where it is), and the
    // next Tab is the page's own search field, holding the words.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('searchbox')).toBeFocused();
    await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue(me.lastname);

    // Tab until the first result, then each result in turn, and then out of the results.
    const expected = [
      `${w.prefix}/profile/${me.userId}`,
      `${w.prefix}/post/${ids[0]}`,
      `${w.prefix}/post/${ids[1]}`,
    ];
    const focusedResult = () =>
      page.evaluate(() => {
        const focused = document.activeElement;
        return focused instanceof HTMLAnchorElement && focused.closest('.search-section')
          ? focused.getAttribute('href')
          : null;
      });
    let presses = 0;
    while ((await focusedResult()) === null && presses < 60) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    const reached = [await focusedResult()];
    for (let i = 1; i <= expected.length; i++) {
      await page.keyboard.press('Tab');
      reached.push(await focusedResult());
    }
    expect(reached).toEqual([...expected, null]);
    // With both lists filled, the page is accessible, in either direction.
    await expectAccessible(page);
  });

  test(`no words, and words that find nothing, say so (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    // No words: what search does, and no lists.
    await page.goto(`${w.prefix}/search`);
    await expect(page.locator('html')).toHaveAttribute('dir', w.dir);
    await expect(page.getByRole('heading', { name: w.prompt })).toBeVisible();
    await expect(page.getByRole('region', { name: w.people })).toHaveCount(0);
    await expect(page.getByRole('region', { name: w.stories })).toHaveCount(0);
    await expectAccessible(page);

    // Words nothing matches: said once for both lists, the words isolated in the sentence.
    const nothing = uniqueWord(locale);
    await page.goto(`${w.prefix}/search?q=${encodeURIComponent(nothing)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.titleFor(nothing));
    await expect(page.getByRole('heading', { name: w.none })).toBeVisible();
    await expect(page.getByText(w.noneText(nothing))).toBeVisible();
    await expect(page.locator('.empty-state bdi')).toHaveText(nothing);
    await expect(page.getByRole('region', { name: w.stories })).toHaveCount(0);
    await expectAccessible(page);

    // A member who has written nothing yet finds themselves, and no stories: the stories' list
    // says so under its heading.
    const me = await member(page.request, locale);
    await expect
      .poll(() => foundPeople(page.request, me.lastname), EVENTUALLY)
      .toContain(me.userId);
    await page.goto(`${w.prefix}/search?q=${encodeURIComponent(me.lastname)}`);
    await expect(
      page.getByRole('region', { name: w.people }).getByRole('link', { name: me.name }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: w.stories })).toContainText(w.noStories);
    await expect(page.locator('.search-results')).toHaveCount(0);
  });
}
