import type { APIRequestContext, Dialog, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

// Issue 33: a comment or reply being written is never lost. It is kept in the browser while the
// member moves within the site (the question before leaving says so) and reloads, and goes once
// it is sent. In both languages, on a phone and a laptop.

const WORDS = {
  en: {
    prefix: '',
    comments: /Comments/,
    box: 'Your comment',
    send: 'Comment',
    reply: 'Reply',
    replyBox: 'Your reply to Dana Levi',
    sendReply: 'Send reply',
    replies: 'Replies to Dana Levi',
    leave: 'Leave before sending?',
    kept: 'It is kept as a draft in this browser',
    stay: 'Keep writing',
    go: 'Leave',
    comment: 'The chairs can wait until Sunday, ',
    more: 'I will bring the glue.',
    answer: 'And I the clamps.',
  },
  he: {
    prefix: '/he',
    comments: /תגובות/,
    box: 'התגובה שלך',
    send: 'שליחת תגובה',
    reply: 'תגובה',
    replyBox: 'התגובה שלך ל־Dana Levi',
    sendReply: 'שליחת התגובה',
    replies: 'תגובות ל־Dana Levi',
    leave: 'לצאת לפני השליחה?',
    kept: 'הוא נשמר כטיוטה בדפדפן הזה',
    stay: 'להמשיך לכתוב',
    go: 'לצאת',
    comment: 'הכיסאות יכולים לחכות ליום ראשון, ',
    more: 'אני אביא את הדבק.',
    answer: 'ואני את המלחציים.',
  },
} as const;

/** A public story of the member `request` is signed in as, with one comment of theirs on it. */
async function storyWithComment(request: APIRequestContext): Promise<string> {
  const image = await uploadImage(request, '#6b4f2a');
  const created = await request.post('/api/posts/create', {
    data: {
      title: 'Chairs mended in the courtyard',
      content:
        '<p>On Thursdays the neighbours bring their broken chairs down to the courtyard, and by evening most of them can be sat on again, with tea.</p>',
      image,
      credit: 'The courtyard',
      privacy: 'public',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };
  const comment = await request.post('/api/feedMessages/sendMessage', {
    data: { postId, message: 'Who has a saw?', tag: null },
  });
  expect(comment.status(), await comment.text()).toBe(201);
  return postId;
}

/**
 * Reloads the page with text unsent: the browser asks first (beforeunload), and the test says
 * leave. Resolves with whether it asked.
 */
async function reloadPast(page: Page): Promise<boolean> {
  let asked = false;
  const answer = (dialog: Dialog) => {
    asked = dialog.type() === 'beforeunload';
    void dialog.accept();
  };
  page.once('dialog', answer);
  await page.reload();
  await hydrated(page);
  page.off('dialog', answer);
  return asked;
}

/** Leaves the story by the site's logo, answering the question (axe-checked while it is open). */
async function leaveWithDraft(page: Page, words: (typeof WORDS)['en' | 'he'], axe: boolean) {
  await page.locator('a.logo').click();
  const question = page.getByRole('dialog', { name: words.leave });
  await expect(question).toBeVisible();
  await expect(question).toContainText(words.kept);
  // The member's first choice is to stay, and the focus is in the dialog.
  await expect(question.getByRole('button', { name: words.stay })).toBeFocused();
  if (axe) await expectAccessible(page);
  await question.getByRole('button', { name: words.go, exact: true }).click();
  // Home, in the story's language.
  await expect(page).toHaveURL((url) => url.pathname === (words.prefix || '/'));
  // The story's page is gone (the address changes first): a Back before that would still be
  // asked about by the story's guard.
  await expect(page.getByRole('region', { name: words.comments })).toHaveCount(0);
}

for (const locale of ['en', 'he'] as const) {
  for (const width of [390, 1280]) {
    const words = WORDS[locale];

    test(`a comment and a reply being written survive leaving and reloading, and go once sent (${locale}, ${width}px)`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await registerMember(page.request, newPerson());
      const postId = await storyWithComment(page.request);
      const story = `${words.prefix}/post/${postId}`;
      await page.goto(story);
      await hydrated(page);
      const discussion = page.getByRole('region', { name: words.comments });
      const box: Locator = discussion.getByRole('textbox', { name: words.box });

      // Typed (partly key by key, as a member does), then the member leaves within the site.
      await box.fill(words.comment);
      await box.pressSequentially(words.more);
      const text = `${words.comment}${words.more}`;
      await expect(box).toHaveValue(text);
      await page.locator('a.logo').click();
      const question = page.getByRole('dialog', { name: words.leave });
      await expect(question).toBeVisible();
      // Staying keeps the member on the story, in the box as it was.
      await question.getByRole('button', { name: words.stay }).click();
      await expect(question).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
      await expect(box).toHaveValue(text);
      await leaveWithDraft(page, words, true);

      // Back on the story: the text is there; after a reload (the browser asks), still there.
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
      await expect(box).toHaveValue(text);
      expect(await reloadPast(page)).toBe(true);
      await expect(box).toHaveValue(text);

      // Sent: the box is empty, and after a reload (nothing to ask about) it stays empty.
      await discussion.getByRole('button', { name: words.send, exact: true }).click();
      await expect(discussion.locator('.comment-text', { hasText: text })).toBeVisible();
      await expect(box).toHaveValue('');
      expect(await reloadPast(page)).toBe(false);
      await expect(discussion.locator('.comment-text', { hasText: text })).toBeVisible();
      await expect(box).toHaveValue('');

      // A reply: its box opens again with it after leaving and after a reload.
      const first = discussion.locator('li.comment', { hasText: 'Who has a saw?' });
      await first.getByRole('button', { name: words.reply, exact: true }).click();
      const replyBox = discussion.getByRole('textbox', { name: words.replyBox });
      await expect(replyBox).toBeFocused();
      await replyBox.pressSequentially(words.answer);
      await leaveWithDraft(page, words, false);
      await page.goto(story);
      await hydrated(page);
      await expect(replyBox).toHaveValue(words.answer);
      await expect(first.getByRole('button', { name: words.reply, exact: true })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      expect(await reloadPast(page)).toBe(true);
      await expect(replyBox).toHaveValue(words.answer);
      await discussion.getByRole('button', { name: words.sendReply }).click();
      await expect(
        discussion.getByRole('list', { name: words.replies }).getByText(words.answer),
      ).toBeVisible();
      await expect(replyBox).toHaveCount(0);
      expect(await reloadPast(page)).toBe(false);
      await expect(replyBox).toHaveCount(0);
      await expect(box).toHaveValue('');
    });
  }
}
