import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

// Issue 33: the lists of stories and people look edited, not templated (the magazine, the home
// page, the people and a profile). In either language, on a
// phone and a wide screen: nothing scrolls sideways; a grid's rows are full but for the last (no
// column left empty in the middle); every card picture of a list, a photo or a typographic
// cover, has one shape; and the titles of a row start on one line.

const STORY =
  'We sailed it on the lake the summer I turned twelve, and the whole street came along to watch it float. ';

/** A surname of letters only, new to this run: the filters then find this test's members. */
function unique(prefix: string): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: sideways scroll`).toBeLessThanOrEqual(clientWidth);
}

type Box = { x: number; y: number; width: number; height: number };

/** A grid's items by row (their top edge), each row's boxes, and the grid's own width. */
async function rowsOf(grid: Locator): Promise<{ width: number; gap: number; rows: Box[][] }> {
  return grid.evaluate((list) => {
    const style = getComputedStyle(list);
    const boxes = [...list.children].map((item) => {
      const { x, y, width, height } = item.getBoundingClientRect();
      return { x, y, width, height };
    });
    const rows: { x: number; y: number; width: number; height: number }[][] = [];
    for (const box of boxes) {
      const row = rows.find((candidate) => Math.abs(candidate[0]!.y - box.y) < 1);
      if (row) row.push(box);
      else rows.push([box]);
    }
    return {
      width: list.getBoundingClientRect().width,
      gap: parseFloat(style.columnGap) || 0,
      rows,
    };
  });
}

/**
 * Every row of `grid` but the last is full (its items and gaps span the grid's width): no column
 * is left empty in the middle of a list.
 */
async function rowsFull(grid: Locator, where: string) {
  const { width, gap, rows } = await rowsOf(grid);
  expect(rows.length, `${where}: a grid with items`).toBeGreaterThan(0);
  rows.slice(0, -1).forEach((row, index) => {
    const spanned = row.reduce((sum, box) => sum + box.width, 0) + gap * (row.length - 1);
    expect(spanned, `${where}: row ${index + 1} full`).toBeGreaterThan(width - 2);
  });
}

/** Every one of `pictures` has the shape of the first (width / height within 1%). */
async function oneShape(pictures: Locator, where: string) {
  const boxes = await pictures.evaluateAll((nodes) =>
    nodes.map((node) => {
      const { width, height } = node.getBoundingClientRect();
      return { width, height };
    }),
  );
  expect(boxes.length, `${where}: pictures`).toBeGreaterThan(0);
  const ratio = boxes[0]!.width / boxes[0]!.height;
  for (const box of boxes)
    expect(Math.abs(box.width / box.height / ratio - 1), `${where}: one shape`).toBeLessThan(0.01);
}

/** The titles of the cards of one row start at the same height. */
async function titlesAligned(grid: Locator, title: string, where: string) {
  const tops = await grid.evaluate(
    (list, selector) =>
      [...list.children].map((item) => ({
        row: Math.round(item.getBoundingClientRect().y),
        top: item.querySelector(selector)?.getBoundingClientRect().y ?? Number.NaN,
      })),
    title,
  );
  const byRow = new Map<number, number[]>();
  for (const { row, top } of tops) byRow.set(row, [...(byRow.get(row) ?? []), top]);
  for (const [row, titles] of byRow) {
    expect(
      titles.every((top) => !Number.isNaN(top)),
      `${where}: every card has a title`,
    ).toBe(true);
    expect(
      Math.max(...titles) - Math.min(...titles),
      `${where}: titles of row ${row}`,
    ).toBeLessThan(1);
  }
}

async function storyGrid(grid: Locator, where: string) {
  await rowsFull(grid, where);
  await oneShape(grid.locator('.post-card-media'), where);
  await titlesAligned(grid, '.post-card-title', where);
}

async function peopleGrid(grid: Locator, where: string) {
  await rowsFull(grid, where);
  // One avatar size, and the names of a row on one line.
  await oneShape(grid.locator('.person-card .avatar'), where);
  await titlesAligned(grid, '.person-card-name', where);
  const heights = await grid.evaluate((list) =>
    [...list.querySelectorAll('.person-card')].map((card) => {
      const { y, height } = card.getBoundingClientRect();
      return { y: Math.round(y), height };
    }),
  );
  for (const card of heights)
    for (const other of heights.filter((candidate) => candidate.y === card.y))
      expect(Math.abs(card.height - other.height), `${where}: cards of a row alike`).toBeLessThan(
        1,
      );
}

test('the magazine, the home page (a guest’s and a member’s), the people and a profile line up in both languages and widths', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const surname = unique('Lay');
  // An English writer with three stories with pictures, and another whose Hebrew answer is
  // published as a post: a typographic cover (an answer's picture is its author's face or the
  // answers' default, never its own).
  const writer = await playwrightRequest.newContext({ baseURL });
  const { userId: writerId } = await registerMember(writer, newPerson(), { lastname: surname });
  const image = await uploadImage(writer);
  for (const title of [
    'The harbour at dawn',
    'Letters from the north road',
    'A very long title that goes on about the summer we built the boat and sailed it on the lake',
  ]) {
    const created = await writer.post('/api/posts/create', {
      data: {
        title,
        content: `<p>${STORY.repeat(title.length % 3 === 0 ? 1 : 6)}</p>`,
        image,
        credit: 'Album',
        privacy: 'public',
        destination: 'magazine',
      },
    });
    expect(created.status()).toBe(201);
  }
  await writer.dispose();
  const answerer = await playwrightRequest.newContext({ baseURL });
  await registerMember(answerer, newPerson(), {
    firstname: 'Noa',
    lastname: surname,
  });
  expect(
    (
      await answerer.post('/api/meAnswers/saveLive', {
        data: {
          questionId: 'roots',
          answerData: {
            'roots-1':
              'גדלתי בבית ליד הנמל, שבו סבתא שמרה את המפתחות של כל הסירות בקופסת פח והכירה כל רב חובל בשמו. בכל קיץ ירדנו איתה לרציף לפני הזריחה.',
          },
          version: 0,
        },
      })
    ).status(),
  ).toBe(200);
  const published = await answerer.post('/api/meAnswers/togglePublishAsPost', {
    data: { questionId: 'roots' },
  });
  expect(published.status(), await published.text()).toBe(200);
  await answerer.dispose();
  await expect
    .poll(
      async () => {
        const answer = await page.request.post('/api/posts/getPosts', {
          data: { magazine: true, authorSearchValue: surname, limit: 10 },
        });
        return ((await answer.json()) as { posts?: unknown[] }).posts?.length ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBe(4);

  for (const prefix of ['', '/he']) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const at = (what: string) => `${what} ${prefix || '/en'} at ${width}`;

      // This run's four stories: the featured one across the row, then three alike.
      await page.goto(`${prefix}/mepedia-magazine?author=${surname}`);
      await hydrated(page);
      const ours = page.locator('main .card-grid');
      await expect(ours.locator('.post-card')).toHaveCount(4);
      // The answer's cover is its title, not its author's picture.
      const cover = ours.locator('.story-cover');
      await expect(cover).toHaveCount(1);
      await expect(cover).toContainText(/./);
      await expect(ours.locator('.post-card-media img')).toHaveCount(3);
      await storyGrid(ours, at('magazine (filtered)'));
      await noSidewaysScroll(page, at('magazine'));
      await expectAccessible(page);

      // The whole magazine's first page, whatever else is in it.
      await page.goto(`${prefix}/mepedia-magazine`);
      await hydrated(page);
      await storyGrid(page.locator('main .card-grid'), at('magazine'));
      await noSidewaysScroll(page, at('magazine'));

      // A guest's home page: the magazine's three newest in one row, and the recommended people.
      await page.goto(`${prefix}/`);
      await hydrated(page);
      const grids = page.locator('main .card-grid');
      // The demo site has stories and published members: both lists are there.
      const stories = grids.filter({ has: page.locator('.post-card') });
      await expect(stories).not.toHaveCount(0);
      await storyGrid(stories.first(), at('home stories'));
      const people = grids.filter({ has: page.locator('.person-card') });
      await expect(people).not.toHaveCount(0);
      await peopleGrid(people.first(), at('home people'));
      await noSidewaysScroll(page, at('home'));
      await expectAccessible(page);
    }
  }

  // The people directory is for members.
  await registerMember(page.request, newPerson());
  for (const prefix of ['', '/he']) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const at = (what: string) => `${what} ${prefix || '/en'} at ${width}`;
      await page.goto(`${prefix}/people`);
      await hydrated(page);
      await peopleGrid(page.locator('main .card-grid'), at('people'));
      await noSidewaysScroll(page, at('people'));
      await expectAccessible(page);

      // A member's own home: its parts, then the magazine's stories and the people, lined up.
      await page.goto(`${prefix}/`);
      await hydrated(page);
      await expect(page.locator('.member-home-next')).toBeVisible();
      const grids = page.locator('main .card-grid');
      const stories = grids.filter({ has: page.locator('.post-card') });
      await expect(stories).not.toHaveCount(0);
      await storyGrid(stories.first(), at('member home stories'));
      await peopleGrid(
        grids.filter({ has: page.locator('.person-card') }).first(),
        at('member home people'),
      );
      await noSidewaysScroll(page, at('member home'));

      // A writer's profile: the header, then their stories in rows that line up.
      await page.goto(`${prefix}/profile/${writerId}`);
      await hydrated(page);
      const profileStories = page.locator('main .card-grid');
      await expect(profileStories.locator('.post-card')).toHaveCount(3);
      await storyGrid(profileStories, at('profile'));
      await noSidewaysScroll(page, at('profile'));
      await expectAccessible(page);
    }
  }
});
