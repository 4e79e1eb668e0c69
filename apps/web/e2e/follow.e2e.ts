import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  knownToNotifications,
  newPerson,
  registerMember,
  uploadImage,
} from './helpers';

/** The words the pages say, per language. */
const WORDS = {
  en: {
    prefix: '',
    follow: (name: string) => `Follow ${name}`,
    following: (name: string) => `Following ${name}`,
    followers: (count: number) => (count === 1 ? '1 follower' : `${count} followers`),
    feed: 'From people you follow',
    none: (name: string) => `No one follows ${name} yet.`,
    reason: 'Sign up to follow people',
    more: 'More stories',
  },
  he: {
    prefix: '/he',
    follow: (name: string) => `מעקב אחרי ${name}`,
    following: (name: string) => `במעקב אחרי ${name}`,
    followers: (count: number) =>
      count === 1 ? 'עוקב אחד' : count === 2 ? 'שני עוקבים' : `${count} עוקבים`,
    feed: 'מאנשים שבמעקב שלך',
    none: (name: string) => `עדיין אין עוקבים אחרי ${name}.`,
    reason: 'הירשמו כדי לעקוב אחרי אנשים',
    more: 'עוד סיפורים',
  },
} as const;

/** A public post by the member whose cookies `request` carries: its title. */
async function publish(request: APIRequestContext, title: string): Promise<string> {
  const image = await uploadImage(request);
  const created = await request.post('/api/posts/create', {
    data: {
      title,
      content:
        '<p>My grandfather kept bees on the roof of a city building, and every spring the whole street got a jar of honey with a note in his careful hand.</p>',
      image,
      credit: 'Family album',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status()).toBe(201);
  return title;
}

async function noSidewaysScroll(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${page.url()} at ${width}`).toBeLessThanOrEqual(clientWidth);
  }
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];
  test(`a member follows another from their profile, sees them among the followers and their new story on the home page, then unfollows (${locale})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(420_000);
    // B, the member followed: a name in the page's language, so the lists hold text of both directions.
    const author = await playwrightRequest.newContext({ baseURL });
    const bName = locale === 'he' ? 'נועה כהן' : 'Noa Cohen';
    const { userId: b } = await registerMember(
      author,
      newPerson(),
      locale === 'he'
        ? { firstname: 'נועה', lastname: 'כהן', language: 'he' }
        : { firstname: 'Noa', lastname: 'Cohen' },
    );
    // A, the reader, signed in in the browser.
    const { userId: a } = await registerMember(page.request, newPerson());
    const aName = 'Dana Levi';
    await knownToNotifications(page.request, b);
    await knownToNotifications(page.request, a);

    // A's home before following anyone: the section invites to meet people.
    await page.goto(`${words.prefix}/`);
    const feed = page.getByRole('region', { name: words.feed });
    await expect(
      feed.getByRole('link', { name: locale === 'he' ? 'להכיר אנשים' : 'Meet people' }),
    ).toHaveAttribute('href', `${words.prefix}/people`);

    await page.goto(`${words.prefix}/profile/${b}`);
    await hydrated(page);
    const follow = page.getByRole('button', { name: words.follow(bName) });
    await expect(follow).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('link', { name: words.followers(0) })).toBeVisible();
    await follow.focus();
    await page.keyboard.press('Enter');
    const following = page.getByRole('button', { name: words.following(bName) });
    await expect(following).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('link', { name: words.followers(1) })).toBeVisible();
    // The service has it: a new drawing of the page says so from the server.
    const html = await (await page.request.get(`${words.prefix}/profile/${b}`)).text();
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain(words.followers(1));
    await expectAccessible(page);

    // B's followers list shows A, with a Follow button of their own (A's row: none, it is A).
    await page.getByRole('link', { name: words.followers(1) }).click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/profile/${b}/followers$`));
    const rows = page.locator('.member-list > li');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByRole('link', { name: aName })).toHaveAttribute(
      'href',
      `${words.prefix}/profile/${a}`,
    );
    await expect(rows.first().getByRole('button')).toHaveCount(0);
    await expectAccessible(page);
    await noSidewaysScroll(page);

    // B writes; A's home shows it under "From people you follow" (the feed hears of the follow by events).
    const title = await publish(author, `Honey on the roof ${locale} ${Date.now()}`);
    await expect
      .poll(
        async () => {
          await page.goto(`${words.prefix}/`);
          return page
            .getByRole('region', { name: words.feed })
            .getByRole('link', { name: title })
            .count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await hydrated(page);
    await expectAccessible(page);
    await noSidewaysScroll(page);

    // Unfollow, from the profile: the count goes down, and the list is empty again.
    await page.goto(`${words.prefix}/profile/${b}`);
    await hydrated(page);
    await page.getByRole('button', { name: words.following(bName) }).click();
    await expect(page.getByRole('button', { name: words.follow(bName) })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByRole('link', { name: words.followers(0) })).toBeVisible();
    await page.goto(`${words.prefix}/profile/${b}/followers`);
    await expect(page.getByText(words.none(bName))).toBeVisible();
    await expectAccessible(page);

    // On A's own profile there is nothing to follow.
    await page.goto(`${words.prefix}/profile/${a}`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: words.follow(aName) })).toHaveCount(0);

    // A guest is offered Follow, which leads to registration with the reason.
    const guestContext = await page.context().browser()!.newContext({ baseURL });
    const guest = await guestContext.newPage();
    const errors: string[] = [];
    guest.on('pageerror', (error) => errors.push(error.message));
    await guest.goto(`${words.prefix}/profile/${b}`);
    await guest.getByRole('link', { name: words.follow(bName) }).click();
    await expect(guest).toHaveURL(/\/auth\?modal=register&reason=follow$/);
    await expect(guest.getByText(words.reason)).toBeVisible();
    expect(errors).toEqual([]);
    await guestContext.close();
    await author.dispose();
  });
}

test('follow lists: an unknown member is the 404 page, and a person found on the people page is followed in place', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  for (const path of ['/profile/0123456789abcdef01234567/followers', '/he/profile/nope/following'])
    expect((await page.request.get(path)).status(), path).toBe(404);

  // A member in the directory (it lists members who published an answer), with a surname of
  // this run only.
  const surname = `Fol${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  const other = await playwrightRequest.newContext({ baseURL });
  const { userId: b } = await registerMember(other, newPerson(), {
    firstname: 'Yael',
    lastname: surname,
  });
  expect(
    (
      await other.post('/api/meAnswers/saveLive', {
        data: {
          questionId: 'roots',
          answerData: {
            'roots-1':
              'I grew up in a house by the harbour, where my grandmother kept the keys of every boat in a tin box and knew each captain by name.',
          },
          version: 0,
        },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await other.post('/api/meAnswers/togglePublishAsPost', { data: { questionId: 'roots' } })
    ).status(),
  ).toBe(200);
  await other.dispose();
  const { userId: reader } = await registerMember(page.request, newPerson());
  // Both known to the follows service: the lists show only members it has heard of.
  await knownToNotifications(page.request, b);
  await knownToNotifications(page.request, reader);
  // The people page's words go to the search service, which hears of B by an event.
  await expect
    .poll(
      async () => {
        const answer = await page.request.post('/api/search/searchPeople', {
          data: { query: surname },
        });
        return ((await answer.json()) as { people: Array<{ id: string }> }).people.map(
          (person) => person.id,
        );
      },
      { timeout: 60_000, intervals: [500, 1_000] },
    )
    .toEqual([b]);
  // What the browser asks of the follows service (the loader's calls are the server's).
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/follows/')) asked.push(path);
  });
  await page.goto(`/people?searchValue=${surname}`);
  await hydrated(page);
  const button = page
    .locator('.search-people > li')
    .filter({ has: page.locator(`a[href="/profile/${b}"]`) })
    .getByRole('button', { name: `Follow Yael ${surname}` });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toBeEnabled();
  // The page's one call (getFollowStates, in its loader) gave every result its state: none asks.
  expect(asked).toEqual([]);
  // The page shows the follow before the service has it: the list below is read after it does.
  const followed = page.waitForResponse((answer) => answer.url().endsWith('/api/follows/follow'));
  await button.click();
  await expect(page.getByRole('button', { name: `Following Yael ${surname}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Still on the people page: the button is not the result's link.
  await expect(page).toHaveURL(/\/people\?/);
  await expect.poll(() => asked).toEqual(['/api/follows/follow']);
  expect((await followed).status()).toBe(200);
  await page.goto(`/profile/${b}/followers`);
  await expect(page.locator('.member-list > li')).toHaveCount(1);

  // B's self-interview: the reader follows B from beside the byline too (after the page is up).
  await page.goto(`/me/${b}`);
  await hydrated(page);
  const onMe = page
    .locator('.me-byline')
    .getByRole('button', { name: `Following Yael ${surname}` });
  await expect(onMe).toHaveAttribute('aria-pressed', 'true');
  await onMe.click();
  await expect(
    page.locator('.me-byline').getByRole('button', { name: `Follow Yael ${surname}` }),
  ).toHaveAttribute('aria-pressed', 'false');
});
