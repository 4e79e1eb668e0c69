import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

// What the pages say where people found them saying it wrong (issue 31, point 11), in both
// languages: a page's empty states in the one designed form, a credit without its label twice,
// a button's sentence without gaps in it.

/** The designed empty state (components/empty-state.tsx): its picture, title, text and action. */
async function expectEmptyState(
  page: Page,
  state: { title: string; text: RegExp; action: string; href: string },
) {
  const main = page.getByRole('main');
  const empty = main.locator('.empty-state');
  await expect(empty).toHaveCount(1);
  await expect(empty.locator('.empty-state-mark svg')).toHaveCount(1);
  await expect(empty.getByRole('heading', { level: 2, name: state.title })).toBeVisible();
  await expect(empty.locator('.empty-state-text')).toHaveText(state.text);
  const action = empty.locator('.empty-state-action').getByRole('link', { name: state.action });
  await expect(action).toHaveClass(/\bbutton\b/);
  await expect(action).toHaveAttribute('href', state.href);
}

/** The same parts, laid out the same, as email-verification's incomplete link (the model). */
async function expectSameDesignAsEmailVerification(page: Page, path: string, prefix: string) {
  const shapeOf = () =>
    page
      .locator('main .empty-state')
      .evaluate((node) =>
        [...node.querySelectorAll('*')]
          .filter((element) => element.className && typeof element.className === 'string')
          .map((element) => `${element.tagName} ${element.className}`),
      );
  await page.goto(`${prefix}/email-verification`);
  const model = await shapeOf();
  await page.goto(`${prefix}${path}`);
  expect(await shapeOf()).toEqual(model);
}

for (const { prefix, language, words } of [
  {
    prefix: '',
    language: 'English',
    words: {
      verifyTitle: 'Nothing to verify here yet',
      verifyText: /^This page continues a registration, with the code we send by SMS\./,
      logIn: 'Log in',
      unsubscribeTitle: 'This link is not complete',
      unsubscribeText: /^Part of it is missing.*straight from the email\.$/,
      home: 'To the home page',
      unsubscribe: 'Unsubscribe',
      incomplete: /incomplete/i,
    },
  },
  {
    prefix: '/he',
    language: 'Hebrew',
    words: {
      verifyTitle: 'אין כאן עדיין מה לאמת',
      verifyText: /^הדף הזה ממשיך הרשמה, עם הקוד שנשלח ב-SMS\./,
      logIn: 'התחברות',
      unsubscribeTitle: 'הקישור אינו שלם',
      unsubscribeText: /^חסר בו חלק.*ישירות מהאימייל\.$/,
      home: 'לדף הבית',
      unsubscribe: 'הסרה',
      incomplete: /קישור האימות הזה אינו שלם/,
    },
  },
]) {
  test(`bare /verification says there is nothing to verify yet, in the designed empty state (${language})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/verification`);
    await hydrated(page);
    await expectEmptyState(page, {
      title: words.verifyTitle,
      text: words.verifyText,
      action: words.logIn,
      href: `${prefix}/auth?modal=login`,
    });
    // It is the code page, not a link: no word of an incomplete link.
    await expect(page.getByRole('main')).not.toContainText(words.incomplete);
    await expectAccessible(page);
    await expectSameDesignAsEmailVerification(page, '/verification', prefix);
  });

  test(`an unsubscribe link without its signature shows the designed empty state (${language})`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/unsubscribe?email=dana.levi%40example.com`);
    await hydrated(page);
    await expectEmptyState(page, {
      title: words.unsubscribeTitle,
      text: words.unsubscribeText,
      action: words.home,
      href: prefix || '/',
    });
    // Nothing to press but the way home: without its signature the link can unsubscribe nobody.
    await expect(
      page.getByRole('main').getByRole('button', { name: words.unsubscribe, exact: true }),
    ).toHaveCount(0);
    await expectAccessible(page);
    await expectSameDesignAsEmailVerification(page, '/unsubscribe', prefix);
  });
}

test('a credit typed with its own "Photo:" reads "Image: <name>", and the hint asks for the name alone', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  const image = await uploadImage(page.request);
  const created = await page.request.post('/api/posts/create', {
    data: {
      title: 'The harbour at dawn',
      content:
        '<p>We went down to the harbour before anyone else was up, and watched the boats come in one by one with the light behind them.</p>',
      image,
      credit: 'Photo: Dana Levi',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };

  for (const [prefix, shown] of [
    ['', 'Image: Dana Levi'],
    ['/he', 'תמונה: Dana Levi'],
  ] as const) {
    await page.goto(`${prefix}/post/${postId}`);
    const caption = page.locator('article figcaption');
    await expect(caption).toHaveText(shown);
    await expect(caption).not.toContainText('Photo');
    await hydrated(page);
    await expect(caption).toHaveText(shown);
  }

  for (const [prefix, label, hint] of [
    ['', 'Image credit', /^Just the name of who took it, or where it comes from/],
    ['/he', 'קרדיט לתמונה', /^רק שם הצלם, או מאיפה התמונה/],
  ] as const) {
    await page.goto(`${prefix}/profile/write-post`);
    await hydrated(page);
    const field = page.getByRole('textbox', { name: label });
    await expect(field).toBeVisible();
    await expect(field).toHaveAccessibleDescription(hint);
    await expect(field).not.toHaveAccessibleDescription(/Photo|צילום:/);
  }
  await expectAccessible(page);
});

test('the locked question’s button reads "Go to question 2: …" without gaps, in both languages', async ({
  page,
}) => {
  await registerMember(page.request, newPerson());
  expect(
    (
      await page.request.post('/api/meAnswers/saveLive', {
        data: { questionId: 'roots', answerData: { 'roots-1': 'Haifa.' }, version: 0 },
      })
    ).status(),
  ).toBe(200);
  for (const [prefix, name] of [
    ['', "Go to question 2: The places I've called home"],
    ['/he', 'מעבר לשאלה 2: המקומות שהיו לי בית'],
  ] as const) {
    await page.goto(`${prefix}/profile/edit-me/3`);
    await hydrated(page);
    const link = page.getByRole('main').getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    // As seen, too: one run of text, no gap around the number or before the colon.
    expect(await link.innerText()).toBe(name);
    // The button lays its children out as flex items with a gap between them: the sentence is
    // one of them, the number inside it, so nothing is laid out between its words.
    expect(await link.evaluate((node) => [...node.children].map((child) => child.tagName))).toEqual(
      ['SPAN'],
    );
    await expect(link.locator('span > bdi')).toHaveText('2');
    await expectAccessible(page);
  }
});
