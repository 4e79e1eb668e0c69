import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  outbox,
  registerMember,
  uploadImage,
} from './helpers';

// Trust and safety on the web (issue 35), in both languages: a member reports another's story
// from its page with the keyboard (the dialog, its result, focus back; a second report refused in
// the page's language) and finds it in My reports; the moderators' queue is the 404 page to them;
// a guest sends a notice of illegal content from the story's quiet link and reads the
// confirmation; a guest on a member's moderation page is asked to sign in; the transparency page
// is public and linked from the footer. axe stays at zero on the way. (A moderator's journey
// needs a moderator: the operator's `npm run admin -- grant moderator` is not in this tree yet.)

const WORDS = {
  en: {
    prefix: '',
    report: 'Report this story',
    dialog: 'Report a story',
    reason: 'Harassment or bullying',
    words: 'The third insult this week.',
    send: 'Send the report',
    received: 'Thank you: we received your report, and a moderator will look at it.',
    close: 'Close',
    already: 'You have already reported this',
    myReports: 'My reports',
    waiting: 'Waiting for a decision',
    notFound: 'This page could not be found',
    illegal: 'Report illegal content',
    noticeTitle: 'Report illegal content',
    explanation: 'Why is it illegal?',
    name: 'Your name',
    email: 'Your email address',
    goodFaith: 'I believe in good faith',
    sendNotice: 'Send the notice',
    noticeSent: 'We received your notice',
    signIn: 'Log in to open this page',
    transparency: 'Transparency',
  },
  he: {
    prefix: '/he',
    report: 'דיווח על הסיפור הזה',
    dialog: 'דיווח על סיפור',
    reason: 'הטרדה או בריונות',
    words: 'העלבון השלישי השבוע.',
    send: 'שליחת הדיווח',
    received: 'תודה: הדיווח שלך התקבל, ומנהל תוכן יבדוק אותו.',
    close: 'סגירה',
    already: 'כבר דיווחת על זה',
    myReports: 'הדיווחים שלי',
    waiting: 'ממתין להחלטה',
    notFound: 'הדף לא נמצא',
    illegal: 'דיווח על תוכן בלתי חוקי',
    noticeTitle: 'דיווח על תוכן בלתי חוקי',
    explanation: 'למה זה לא חוקי?',
    name: 'השם שלך',
    email: 'כתובת הדוא״ל שלך',
    goodFaith: 'אני מצהיר/ה בתום לב',
    sendNotice: 'שליחת ההודעה',
    noticeSent: 'ההודעה שלך התקבלה',
    signIn: 'התחברו כדי לפתוח את הדף הזה',
    transparency: 'שקיפות',
  },
} as const;

/** Focus on `control`, then Enter: the keyboard's way. */
async function press(page: Page, control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press('Enter');
}

/** A public story by a new member, and its id, once the moderation service has heard of it. */
async function storyToReport(request: APIRequestContext, witness: APIRequestContext) {
  await registerMember(request, newPerson());
  const created = await request.post('/api/posts/create', {
    data: {
      title: `A story to report ${Date.now().toString(36)}`,
      content: `<p>${'Words somebody finds hurtful, written for everyone to read. '.repeat(3)}</p>`,
      image: await uploadImage(request),
      credit: 'Album',
      privacy: 'public',
    },
  });
  expect(created.status()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };
  // The service learns of posts by events: a witness's own report says when it has.
  await registerMember(witness, newPerson());
  await expect
    .poll(
      async () =>
        (
          await witness.post('/api/moderation/report', {
            data: { itemKind: 'post', itemId: postId, reason: 'spam' },
          })
        ).status(),
      { timeout: 20_000 },
    )
    .toBe(201);
  return postId;
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];

  test(`a member reports a story with the keyboard, once, and follows it in My reports (${locale})`, async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const author = await browser.newContext({ baseURL });
    const witness = await playwright.request.newContext({ baseURL });
    const postId = await storyToReport(author.request, witness);
    await registerMember(page.request, newPerson());

    await page.goto(`${words.prefix}/post/${postId}`);
    await hydrated(page);
    const report = page.getByRole('button', { name: words.report });
    await press(page, report);
    const dialog = page.getByRole('dialog', { name: words.dialog });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: words.reason }).check();
    await dialog.getByRole('textbox').fill(words.words);
    await expectAccessible(page);
    await press(page, dialog.getByRole('button', { name: words.send }));
    await expect(dialog.getByRole('status')).toContainText(words.received);
    await expect(dialog.getByRole('button', { name: words.close })).toBeFocused();
    await expect(dialog.getByRole('link', { name: words.myReports })).toHaveAttribute(
      'href',
      `${words.prefix}/moderation/reports`,
    );
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(report).toBeFocused();

    // Again, after a reload: refused, in the page's language, the form kept.
    await page.reload();
    await hydrated(page);
    await press(page, page.getByRole('button', { name: words.report }));
    await dialog.getByRole('radio', { name: words.reason }).check();
    await press(page, dialog.getByRole('button', { name: words.send }));
    await expect(dialog.getByRole('alert')).toContainText(words.already);
    await expect(dialog.getByRole('radio', { name: words.reason })).toBeChecked();
    await page.keyboard.press('Escape');

    // My reports lists it, waiting; the moderators' queue does not exist for a member.
    await page.goto(`${words.prefix}/moderation/reports`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const mine = page.locator('.moderation-list > li');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(words.waiting);
    await expectAccessible(page);
    const queue = await page.goto(`${words.prefix}/moderation`);
    expect(queue?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.notFound);
    await author.close();
    await witness.dispose();
  });

  test(`a guest sends a notice of illegal content, and reads the counts (${locale})`, async ({
    page,
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const author = await browser.newContext({ baseURL });
    const witness = await playwright.request.newContext({ baseURL });
    const postId = await storyToReport(author.request, witness);

    await page.goto(`${words.prefix}/post/${postId}`);
    await hydrated(page);
    await expect(page.getByRole('button', { name: words.report })).toHaveCount(0);
    await press(page, page.getByRole('link', { name: words.illegal }));
    await expect(page).toHaveURL(
      new RegExp(`${words.prefix}/moderation/notice\\?kind=post&id=${postId}$`),
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.noticeTitle);
    await hydrated(page);
    const sender = newPerson();
    await page
      .getByLabel(words.explanation)
      .fill('It publishes a neighbour’s home address and telephone number without consent.');
    await page.getByLabel(words.name).fill(`${sender.firstname} ${sender.lastname}`);
    await page.getByLabel(words.email).fill(sender.email);
    await page.getByLabel(words.goodFaith).check();
    await expectAccessible(page);
    await press(page, page.getByRole('button', { name: words.sendNotice }));
    await expect(page.getByRole('heading', { name: words.noticeSent })).toBeFocused();
    await outbox(page.request, (m) => m.channel === 'email' && m.to === sender.email);

    // A member's own moderation page asks a guest to sign in, and says why.
    await page.goto(`${words.prefix}/moderation/decisions`);
    await expect(page).toHaveURL(/\/auth\?modal=login&reason=moderation&returnTo=/);
    await expect(page.getByText(words.signIn)).toBeVisible();

    // The public counts, from the footer.
    await page.goto(`${words.prefix}/about`);
    await page.getByRole('contentinfo').getByRole('link', { name: words.transparency }).click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/transparency$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.transparency);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await expectAccessible(page);
    await author.close();
    await witness.dispose();
  });
}
