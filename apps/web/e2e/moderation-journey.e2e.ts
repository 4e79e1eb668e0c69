import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  outbox,
  registerMember,
  uploadImage,
} from './helpers';

// The moderators' journey (issue 35), in both languages: a member reports another's comment from
// the story's page; a moderator (appointed by the operator's command, through the running site's
// folder) opens the case from the queue and removes the comment with a statement of reasons; its
// author receives the statement by email, reads it on their decisions page and appeals; the
// comment is gone for everyone else, the reporter and a guest. The site keeps its database in a
// folder of its own so that `npm run admin` reaches it (site-server.ts, 'folder').

test.use({ site: 'folder' });

const root = resolve(__dirname, '../../..');

const WORDS = {
  en: {
    prefix: '',
    author: { firstname: 'Gil', lastname: 'Katz' },
    report: 'Report the comment by Gil Katz',
    reason: 'Harassment or bullying',
    send: 'Send the report',
    received: 'Thank you: we received your report',
    caseLink: 'Comment by Gil Katz',
    remove: 'Remove',
    rule: 'The rule it breaks',
    statement: 'Statement of reasons',
    decide: 'Record the decision',
    decided: 'Your decision was recorded.',
    subject: 'Your comment was removed',
    appealWords: 'Why is this decision wrong?',
    appeal: 'Send the appeal',
    appealSent: 'Your appeal was sent.',
  },
  he: {
    prefix: '/he',
    author: { firstname: 'גיל', lastname: 'כץ' },
    report: 'דיווח על התגובה של גיל כץ',
    reason: 'הטרדה או בריונות',
    send: 'שליחת הדיווח',
    received: 'תודה: הדיווח שלך התקבל',
    caseLink: 'תגובה מאת גיל כץ',
    remove: 'הסרה',
    rule: 'הכלל שהופר',
    statement: 'נימוק ההחלטה',
    decide: 'רישום ההחלטה',
    decided: 'ההחלטה נרשמה.',
    subject: 'הסרנו את התגובה שלך',
    appealWords: 'למה ההחלטה הזאת שגויה?',
    appeal: 'שליחת הערעור',
    appealSent: 'הערעור נשלח.',
  },
} as const;

/** A public story by `writer`, and a comment on it by `author`. */
async function storyWithComment(
  writer: APIRequestContext,
  author: APIRequestContext,
  words: string,
) {
  await registerMember(writer, newPerson());
  const created = await writer.post('/api/posts/create', {
    data: {
      title: `A story with a talk ${Date.now().toString(36)}`,
      content: `<p>${'A story told for everyone to read and talk about. '.repeat(3)}</p>`,
      image: await uploadImage(writer),
      credit: 'Album',
      privacy: 'public',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { postId } = (await created.json()) as { postId: string };
  const comment = await author.post('/api/feedMessages/sendMessage', {
    data: { postId, message: words, tag: null },
  });
  expect(comment.status(), await comment.text()).toBe(201);
  return postId;
}

for (const locale of ['en', 'he'] as const) {
  const w = WORDS[locale];

  test(`a reported comment is removed by a moderator, its author told why and appeals, and it is gone for everyone else (${locale})`, async ({
    page,
    browser,
    baseURL,
    playwright,
    sites,
  }) => {
    test.setTimeout(300_000);
    const insult = `You are a fool ${Date.now().toString(36)}`;
    const writer = await playwright.request.newContext({ baseURL });
    const author = await browser.newContext({ baseURL });
    const authorPerson = { ...newPerson(), ...w.author };
    await registerMember(author.request, authorPerson, { language: locale });
    const postId = await storyWithComment(writer, author.request, insult);

    // The reporter, on the story's page: the comment's own Report control.
    await registerMember(page.request, newPerson());
    await page.goto(`${w.prefix}/post/${postId}`);
    await hydrated(page);
    await expect(page.getByText(insult)).toBeVisible();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: w.report }).click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('radio', { name: w.reason }).check();
          await dialog.getByRole('button', { name: w.send }).click();
          const said = await dialog
            .getByRole('status')
            .or(dialog.getByRole('alert'))
            .first()
            .textContent({ timeout: 10_000 });
          // Until the moderation service has heard of the comment, the report is refused as
          // nothing: try again after the dialog closes.
          if (!said?.includes(w.received)) await page.keyboard.press('Escape');
          return said?.includes(w.received) ?? false;
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
    await page.keyboard.press('Escape');

    // A moderator, appointed by the operator's command on the running site's folder.
    const moderator = await browser.newContext({ baseURL });
    const moderatorPerson = newPerson();
    await registerMember(moderator.request, moderatorPerson);
    const dataDir = await sites.dataDir('folder');
    if (!dataDir) throw new Error('the folder site has no folder');
    execFileSync(
      process.execPath,
      [join(root, 'dist/apps/users/src/admin.js'), 'grant', 'moderator', moderatorPerson.email],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: 'pipe' },
    );
    const desk = await moderator.newPage();
    await expect
      .poll(async () => (await desk.goto(`${w.prefix}/moderation`))?.status(), { timeout: 30_000 })
      .toBe(200);
    await hydrated(desk);
    await desk.getByRole('link', { name: w.caseLink }).click();
    await hydrated(desk);
    await expect(desk.getByText(insult).first()).toBeVisible();
    await desk.getByRole('radio', { name: w.remove, exact: true }).check();
    await desk.getByLabel(w.rule).selectOption('harassment');
    await desk.getByLabel(w.statement).fill('Insults aimed at another member, against our rules.');
    await expectAccessible(desk);
    await desk.getByRole('button', { name: w.decide }).click();
    await expect(desk.getByRole('status').filter({ hasText: w.decided })).toBeVisible();

    // Its author is told why, by email in their language, and appeals from their decisions page.
    const statement = await outbox(
      author.request,
      (m) => m.channel === 'email' && m.to === authorPerson.email && m.subject === w.subject,
    );
    expect(statement.text).toContain('Insults aimed at another member');
    const mine = await author.newPage();
    await mine.goto(`${w.prefix}/moderation/decisions`);
    await hydrated(mine);
    await expect(mine.getByText('Insults aimed at another member')).toBeVisible();
    await mine.getByLabel(w.appealWords).fill('It was a joke between old friends.');
    await mine.getByRole('button', { name: w.appeal }).click();
    await expect(mine.getByText(w.appealSent)).toBeVisible();
    await expectAccessible(mine);

    // Gone for everyone else: the reporter, and a guest.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText(insult)).toHaveCount(0);
    const guest = await browser.newContext({ baseURL });
    const guestPage = await guest.newPage();
    await guestPage.goto(`${w.prefix}/post/${postId}`);
    await hydrated(guestPage);
    await expect(guestPage.getByText(insult)).toHaveCount(0);

    await Promise.all([author.close(), moderator.close(), guest.close(), writer.dispose()]);
  });
}
