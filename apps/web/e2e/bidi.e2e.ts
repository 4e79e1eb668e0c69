import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  registerMember,
  registerUnverified,
  uploadImage,
} from './helpers';

// Hebrew and English side by side: a name, a date or a phone number inside a sentence keeps its
// own direction and the sentence keeps the page's. Checked in the DOM (isolation, direction,
// logical order), not in pixels.

const STORY =
  '<p>We sailed every Friday, from the old port to the lighthouse and back, and every time the sea was a different colour than the week before.</p>';

async function expectIsolated(piece: Locator, text: string, lang?: string) {
  await expect(piece).toHaveText(text);
  expect(await piece.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('isolate');
  if (lang) await expect(piece).toHaveAttribute('lang', lang);
}

async function direction(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((node) => getComputedStyle(node).direction);
}

test('a Hebrew name in an English page and an English name in a Hebrew page, each with its date, read in order', async ({
  page,
  browser,
}) => {
  // A Hebrew-speaking author, with an English title.
  const yossi = newPerson();
  await registerMember(
    page.request,
    { ...yossi, firstname: 'יוסי', lastname: 'כהן' },
    { language: 'he', firstname: 'יוסי', lastname: 'כהן' },
  );
  const image = await uploadImage(page.request);
  const english = await page.request.post('/api/posts/create', {
    data: {
      title: 'Sea days',
      content: STORY,
      image,
      credit: 'צילום: יוסי',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(english.status()).toBe(201);
  const { postId } = (await english.json()) as { postId: string };

  // The post's author arrives with the posts service's copy of the member (an event away).
  await expect
    .poll(async () => {
      await page.goto(`/post/${postId}`);
      return page.locator('article .byline').count();
    })
    .toBe(1);
  await hydrated(page);
  const byline = page.locator('article .byline');
  expect(await direction(page, 'article .byline')).toBe('ltr');
  await expect(byline).not.toHaveAttribute('dir', 'auto');
  await expectIsolated(byline.locator('bdi').first(), 'יוסי כהן', 'he');
  const date = byline.locator('time bdi');
  expect(await date.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('isolate');
  // In logical order: "By", the name, then the date.
  const text = (await byline.innerText()).replace(/\s+/g, ' ');
  expect(text.indexOf('By')).toBeLessThan(text.indexOf('יוסי כהן'));
  expect(text.indexOf('יוסי כהן')).toBeLessThan(text.indexOf(await date.innerText()));
  // The credit, Hebrew inside an English sentence, is isolated too (its "צילום:" is dropped:
  // the page says "Image:" itself).
  await expectIsolated(page.locator('figcaption bdi'), 'יוסי', 'he');
  await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
  await expectAccessible(page);

  // An English-named author seen in Hebrew, on a card in the magazine.
  const dana = await browser.newContext();
  const danaPage = await dana.newPage();
  await registerMember(danaPage.request, newPerson());
  const danaImage = await uploadImage(danaPage.request, '#8a5a2b');
  expect(
    (
      await danaPage.request.post('/api/posts/create', {
        data: {
          title: 'ימי ים',
          content: STORY,
          image: danaImage,
          credit: 'Family album',
          privacy: 'public',
          destination: 'magazine',
        },
      })
    ).status(),
  ).toBe(201);
  await dana.close();

  const card = page.locator('article.post-card', { hasText: 'ימי ים' });
  await expect
    .poll(async () => {
      await page.goto('/he/mepedia-magazine');
      return card.locator('.byline').count();
    })
    .toBe(1);
  await hydrated(page);
  const cardByline = card.locator('.byline');
  expect(await cardByline.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
  await expectIsolated(cardByline.locator('bdi').first(), 'Dana Levi', 'en');
  const hebrewText = (await cardByline.innerText()).replace(/\s+/g, ' ');
  expect(hebrewText.indexOf('מאת')).toBeLessThan(hebrewText.indexOf('Dana Levi'));
  // The relative date, in Hebrew, isolated and after the name.
  await expect(cardByline.locator('time bdi')).toHaveText(/עכשיו|לפני/);
  // An English title among Hebrew ones reads and aligns in its own direction (issue 33): it
  // starts on the left, as English does, in the right-to-left magazine.
  const englishCard = page.locator('article.post-card', { hasText: 'Sea days' });
  await expectOwnDirection(englishCard, 'en', 'ltr');
  await expectAccessible(page);

  // And the reverse: a Hebrew title and excerpt in the English magazine start on the right.
  await page.goto('/mepedia-magazine');
  await hydrated(page);
  await expectOwnDirection(page.locator('article.post-card', { hasText: 'ימי ים' }), 'he', 'rtl');
});

/**
 * A card's title computes the direction of its own text, and its alignment resolves to the start
 * of that direction: the left for English, the right for Hebrew, whatever the page's. Its excerpt
 * does the same by its own language (these stories are told in English).
 */
async function expectOwnDirection(card: Locator, lang: 'en' | 'he', direction: 'ltr' | 'rtl') {
  await expect(card.locator('.post-card-title')).toHaveAttribute('lang', lang);
  await expect(card.locator('.post-card-excerpt')).toHaveAttribute('lang', 'en');
  for (const [piece, own] of [
    [card.locator('.post-card-title'), direction],
    [card.locator('.post-card-excerpt'), 'ltr'],
  ] as const) {
    await expect(piece).toHaveAttribute('dir', 'auto');
    const style = await piece.evaluate((node) => {
      const computed = getComputedStyle(node);
      return { direction: computed.direction, textAlign: computed.textAlign };
    });
    expect(style.direction).toBe(own);
    expect(['start', own === 'ltr' ? 'left' : 'right']).toContain(style.textAlign);
  }
  // Where the text begins on screen: at the card's start side of that direction.
  const box = await card.locator('.post-card-title a').boundingBox();
  const frame = await card.locator('.post-card-title').boundingBox();
  if (!box || !frame) throw new Error('the title is not drawn');
  if (direction === 'ltr') expect(box.x - frame.x).toBeLessThan(2);
  else expect(frame.x + frame.width - (box.x + box.width)).toBeLessThan(2);
}

test('a phone number reads left to right in a Hebrew sentence', async ({ page }) => {
  const { userId } = await registerUnverified(page.request, newPerson(), {
    language: 'he',
    firstname: 'דנה',
    lastname: 'לוי',
    country: 'IL',
  });
  await page.goto(`/he/verification?userId=${userId}`);
  const phone = page.locator('.phone-number');
  await expect(phone).toHaveAttribute('dir', 'ltr');
  await expect(phone).toHaveText(/^\+972 5\d+$/);
  expect(await phone.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
  expect(await phone.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('isolate');
  expect(await direction(page, 'main')).toBe('rtl');
});

test('an email address reads left to right in a Hebrew sentence', async ({ page }) => {
  await page.goto('/he/unsubscribe?email=dana.levi%40example.com&signature=x');
  const email = page.locator('main p bdi');
  await expect(email).toHaveText('dana.levi@example.com');
  await expect(email).toHaveAttribute('dir', 'ltr');
  expect(await email.evaluate((node) => getComputedStyle(node).unicodeBidi)).toBe('isolate');
  // The sentence around it stays Hebrew, right to left.
  expect(await direction(page, 'main p')).toBe('rtl');
});

test('Hebrew is never slanted: its emphasis is weight, while an English story keeps its italics in the Hebrew interface', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  const image = await uploadImage(page.request);
  const story = async (title: string, content: string) => {
    const created = await page.request.post('/api/posts/create', {
      data: { title, content, image, credit: 'Album', privacy: 'public' },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { postId: string }).postId;
  };
  const hebrew = await story(
    'ימי הים',
    '<p>הפלגנו בכל יום שישי מהנמל הישן אל המגדלור וחזרה, ו<em>בכל פעם</em> הים היה בצבע אחר מהשבוע שלפני: פעם אפור, פעם ירוק, ופעם כחול כמו בגלויות.</p>',
  );
  const english = await story(
    'Sea days',
    '<p>We sailed every Friday from the old port to the lighthouse and back, and <em>every time</em> the sea was another colour than the week before: grey, green, or blue as on the postcards.</p>',
  );
  const emphasis = (postId: string) => async () => {
    await page.goto(`/he/post/${postId}`);
    await hydrated(page);
    return page
      .locator('.prose em')
      .evaluate((node) => [getComputedStyle(node).fontStyle, getComputedStyle(node).fontWeight]);
  };
  expect(await emphasis(hebrew)()).toEqual(['normal', '600']);
  expect(await emphasis(english)()).toEqual(['italic', expect.not.stringMatching(/^600$/)]);
});
