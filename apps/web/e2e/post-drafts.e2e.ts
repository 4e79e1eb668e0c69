import {
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember, uploadImage } from './helpers';

// Issue 33, "Never lose a word": a new post is saved as a draft on the server as it is written.
// A closed tab reopens to its draft; the drafts are on the member's own profile only (a 404 for
// anyone else); publishing makes the draft a post and takes it off the list. In both languages,
// on a phone and a laptop.

const WORDS = {
  en: {
    prefix: '',
    title: 'Title',
    story: 'Your story',
    saved: 'Saved',
    drafts: 'Drafts',
    publish: 'Publish',
    discard: 'Discard draft',
    discardTitle: 'Discard this draft?',
    discardConfirm: 'Discard',
    oneDraft: 'You have an unfinished draft',
    continue: 'Continue: ',
    notFound: 'This page could not be found',
    stale: 'This draft was changed elsewhere',
    loadNewer: 'Load the newer version',
    heading: 'The kite we mended',
    body: 'The string was knotted in three places, so we cut it, tied it again and ran down the hill until the kite caught the wind and stayed up.',
    throwAway: 'A line to throw away',
  },
  he: {
    prefix: '/he',
    title: 'כותרת',
    story: 'הסיפור שלך',
    saved: 'נשמר',
    drafts: 'טיוטות',
    publish: 'פרסום',
    discard: 'מחיקת הטיוטה',
    discardTitle: 'למחוק את הטיוטה?',
    discardConfirm: 'מחיקה',
    oneDraft: 'יש לך טיוטה אחת שלא הסתיימה',
    continue: 'להמשיך לכתוב: ',
    notFound: 'הדף לא נמצא',
    stale: 'הטיוטה הזו שונתה במקום אחר',
    loadNewer: 'טעינת הגרסה החדשה',
    heading: 'העפיפון שתיקנו',
    body: 'החוט הסתבך בשלושה מקומות, אז חתכנו אותו, קשרנו מחדש ורצנו במורד הגבעה עד שהעפיפון תפס רוח ונשאר למעלה.',
    throwAway: 'שורה שאפשר לזרוק',
  },
} as const;

type Member = { userId: string; cookies: Awaited<ReturnType<APIRequestContext['storageState']>> };

/** One member per language and site (and another, to look in from outside), made once. */
const members = new Map<string, Member>();
async function memberFor(baseURL: string, key: string): Promise<Member> {
  const known = members.get(`${baseURL}|${key}`);
  if (known) return known;
  const request = await playwrightRequest.newContext({ baseURL });
  const { userId } = await registerMember(request, newPerson());
  const member = { userId, cookies: await request.storageState() };
  await request.dispose();
  members.set(`${baseURL}|${key}`, member);
  return member;
}

async function signIn(context: BrowserContext, member: Member) {
  await context.clearCookies();
  await context.addCookies(member.cookies.cookies);
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

const status = (page: Page) => page.locator('.write-post-draft-state');

for (const locale of ['en', 'he'] as const) {
  for (const width of [390, 1280]) {
    const words = WORDS[locale];

    test(`a new post is kept as a draft: a closed tab reopens to it, only its author sees it, publishing takes it off the drafts (${locale}, ${width}px)`, async ({
      context,
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const member = await memberFor(baseURL!, locale);
      await signIn(context, member);
      await page.setViewportSize({ width, height: 900 });
      const heading = `${words.heading} ${width}`;

      // Written in a new post's page: the first save makes the draft, and the address is its own.
      await page.goto(`${words.prefix}/profile/write-post`);
      await hydrated(page);
      await page.getByRole('textbox', { name: words.title, exact: true }).fill(heading);
      await page.getByRole('textbox', { name: words.story }).click();
      await page.keyboard.type(words.body);
      await expect(status(page)).toHaveText(words.saved);
      await expect(page).toHaveURL(/\/profile\/write-post\?draft=[\w-]+$/);
      const draftUrl = new URL(page.url());
      const draftId = draftUrl.searchParams.get('draft')!;
      const draftPath = `${words.prefix}/profile/write-post?draft=${draftId}`;
      expect(`${draftUrl.pathname}${draftUrl.search}`).toBe(draftPath);
      await expect(page.getByRole('status').filter({ hasText: words.saved })).toHaveCount(1);
      await expectAccessible(page);
      await noSidewaysScroll(page);

      // The tab is closed; the draft's address opens it again, from the server.
      await page.close();
      const again = await context.newPage();
      await again.setViewportSize({ width, height: 900 });
      const html = await (await again.request.get(draftPath)).text();
      expect(html).toContain(heading);
      await again.goto(draftPath);
      await hydrated(again);
      await expect(again.getByRole('textbox', { name: words.title, exact: true })).toHaveValue(
        heading,
      );
      await expect(again.getByRole('textbox', { name: words.story })).toContainText(
        words.body.slice(0, 40),
      );
      await expect(status(again)).toHaveText(words.saved);

      // A new post's page says the draft is there, rather than starting it again.
      await again.goto(`${words.prefix}/profile/write-post`);
      await hydrated(again);
      const notice = again.getByRole('region', { name: words.oneDraft });
      await expect(notice).toBeVisible();
      await expect(
        notice.getByRole('link', { name: `${words.continue}${heading}` }),
      ).toHaveAttribute('href', draftPath);

      // The Drafts tab of the member's own profile lists it, with a link to its editor.
      const draftsTab = `${words.prefix}/profile/${member.userId}?tab=drafts`;
      await again.goto(draftsTab);
      await hydrated(again);
      const tab = again.getByRole('link', { name: words.drafts, exact: true });
      await expect(tab).toHaveAttribute('aria-current', 'page');
      const listed = again.locator('.profile-draft', { hasText: heading });
      await expect(listed).toHaveCount(1);
      await expect(listed.getByRole('link', { name: heading })).toHaveAttribute('href', draftPath);
      await expect(listed).toContainText(words.body.slice(0, 30));
      await expectAccessible(again);
      await noSidewaysScroll(again);

      // Nobody else sees it: a guest and another member get the 404 page for the tab, and no
      // tab; at the editor's address the guest is sent to sign in and the other member finds
      // nothing. The draft's words are in none of those answers.
      const guest = await playwrightRequest.newContext({ baseURL });
      const other = await playwrightRequest.newContext({
        baseURL,
        storageState: (await memberFor(baseURL!, `${locale}-other`)).cookies,
      });
      for (const outsider of [guest, other]) {
        const tabAnswer = await outsider.get(draftsTab);
        expect(tabAnswer.status()).toBe(404);
        const tabHtml = await tabAnswer.text();
        expect(tabHtml).toContain(words.notFound);
        expect(tabHtml).not.toContain(heading);
        const profile = await (
          await outsider.get(`${words.prefix}/profile/${member.userId}`)
        ).text();
        expect(profile).not.toContain('tab=drafts');
        expect(profile).not.toContain(heading);
        const list = await outsider.post('/api/posts/getDrafts', { data: {} });
        expect(await list.text()).not.toContain(heading);
      }
      const guestEditor = await guest.get(draftPath, { maxRedirects: 0 });
      expect([302, 303, 307]).toContain(guestEditor.status());
      expect(guestEditor.headers()['location']).toContain('/auth?modal=login');
      expect(await guestEditor.text()).not.toContain(heading);
      const otherEditor = await other.get(draftPath);
      expect(otherEditor.status()).toBe(404);
      const otherHtml = await otherEditor.text();
      expect(otherHtml).toContain(words.notFound);
      expect(otherHtml).not.toContain(heading);
      await guest.dispose();
      await other.dispose();

      // The picture and its credit (added from elsewhere: the draft is the server's), then
      // Publish: the post's page shows it, and the draft is gone from the list.
      const image = await uploadImage(again.request);
      const { version } = (await (
        await again.request.post('/api/posts/getDraft', { data: { draftId } })
      ).json()) as { version: number };
      const added = await again.request.post('/api/posts/saveDraft', {
        data: { draftId, version, image, credit: 'Family album' },
      });
      expect(added.status(), await added.text()).toBe(200);
      await again.goto(draftPath);
      await hydrated(again);
      await expect(again.getByRole('textbox', { name: /credit|קרדיט/ })).toHaveValue(
        'Family album',
      );
      const [published] = await Promise.all([
        again.waitForResponse((response) => response.url().endsWith('/api/posts/publishDraft')),
        again.getByRole('button', { name: words.publish }).click(),
      ]);
      expect(published.status()).toBe(201);
      const { postId } = (await published.json()) as { postId: string };
      await expect(again).toHaveURL(new RegExp(`${words.prefix}/post/${postId}$`));
      await expect(again.getByRole('heading', { level: 1 })).toHaveText(heading);
      await again.goto(draftsTab);
      await hydrated(again);
      await expect(again.locator('.profile-draft', { hasText: heading })).toHaveCount(0);
      const gone = await again.request.post('/api/posts/getDraft', { data: { draftId } });
      expect(gone.status()).toBe(404);

      // Discarding a draft asks first, then it is gone from the list.
      await again.goto(`${words.prefix}/profile/write-post`);
      await hydrated(again);
      await again.getByRole('textbox', { name: words.title, exact: true }).fill(words.throwAway);
      await expect(status(again)).toHaveText(words.saved);
      await again.getByRole('button', { name: words.discard }).click();
      const dialog = again.getByRole('dialog', { name: words.discardTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: words.discardConfirm, exact: true }).click();
      await expect(again).toHaveURL(
        new RegExp(`${words.prefix}/profile/${member.userId}\\?tab=drafts$`),
      );
      await expect(again.getByRole('link', { name: words.drafts, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(again.locator('.profile-draft', { hasText: words.throwAway })).toHaveCount(0);
    });
  }
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];
  const width = locale === 'en' ? 1280 : 390;
  test(`a draft saved in another tab is never overwritten: the member is told, and loads the newer version (${locale}, ${width}px)`, async ({
    context,
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signIn(context, await memberFor(baseURL!, `${locale}-tabs`));
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${words.prefix}/profile/write-post`);
    await hydrated(page);
    const titleIn = (tab: Page) => tab.getByRole('textbox', { name: words.title, exact: true });
    await titleIn(page).fill(`${words.heading} 1`);
    await expect(status(page)).toHaveText(words.saved);
    await expect(page).toHaveURL(/\?draft=/);
    const draftId = new URL(page.url()).searchParams.get('draft')!;

    // The same draft in a second tab.
    const second = await context.newPage();
    await second.setViewportSize({ width, height: 900 });
    await second.goto(page.url());
    await hydrated(second);
    await expect(titleIn(second)).toHaveValue(`${words.heading} 1`);

    // The first tab saves a change; the second, still on the older version, is refused.
    await titleIn(page).fill(`${words.heading} 2`);
    await expect(status(page)).toHaveText(words.saved);
    await titleIn(second).fill(`${words.heading} 3`);
    const conflict = second.getByRole('alert').filter({ hasText: words.stale });
    await expect(conflict).toBeVisible();
    // Nothing was overwritten, and the second tab's words are still in its form.
    const stored = (await (
      await second.request.post('/api/posts/getDraft', { data: { draftId } })
    ).json()) as { title: string };
    expect(stored.title).toBe(`${words.heading} 2`);
    await expect(titleIn(second)).toHaveValue(`${words.heading} 3`);
    await expectAccessible(second);
    await noSidewaysScroll(second);

    // Loading the newer version shows it, and the title has the focus.
    await conflict.getByRole('button', { name: words.loadNewer }).click();
    await expect(titleIn(second)).toHaveValue(`${words.heading} 2`);
    await expect(titleIn(second)).toBeFocused();
    await expect(second.getByRole('alert').filter({ hasText: words.stale })).toHaveCount(0);
    await expect(status(second)).toHaveText(words.saved);
  });
}

test('the Drafts tab reads on by cursor: "Load more" adds the next drafts and moves focus to the first new one', async ({
  context,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await memberFor(baseURL!, 'many');
  await signIn(context, member);
  for (let i = 1; i <= 13; i++) {
    const saved = await page.request.post('/api/posts/saveDraft', {
      data: { title: i === 1 ? '' : `Draft number ${i}`, content: `<p>Words of draft ${i}.</p>` },
    });
    expect(saved.status()).toBe(200);
  }
  await page.goto(`/profile/${member.userId}?tab=drafts`);
  await hydrated(page);
  const drafts = page.locator('.profile-draft');
  await expect(drafts).toHaveCount(12);
  // Most recently changed first; the first one, without a title, is last, on the next page.
  await expect(drafts.first()).toContainText('Draft number 13');
  await expect(page.getByText('Untitled draft')).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(drafts).toHaveCount(13);
  const untitled = drafts.nth(12).getByRole('link', { name: 'Untitled draft' });
  await expect(untitled).toBeFocused();
  await expect(drafts.nth(12)).toContainText('Words of draft 1.');
  await expect(drafts.nth(12)).toContainText(/Edited (now|\d+ (seconds?|minutes?) ago)/);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // The list is for drafts: none of them is among the member's posts.
  await page.goto(`/profile/${member.userId}`);
  await expect(page.getByText('Draft number 13')).toHaveCount(0);
  await expect(page.getByText('No posts yet')).toBeVisible();
});
