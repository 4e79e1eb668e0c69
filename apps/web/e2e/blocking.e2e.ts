import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  knownToNotifications,
  newPerson,
  registerMember,
  uploadImage,
} from './helpers';

// Blocking and muting (issue 35), in both languages, as members meet them: a member blocks
// another from their profile (Block, then the confirmation). The blocked one still reads the
// blocker's public story by its link and is offered the comment box, the reactions and Like, as
// anyone is; each is refused with the error catalogue's words for the block, in their language.
// They no longer find the blocker among people, or the blocker's story in their feed or the
// magazine. The blocker no longer sees the blocked one's earlier comment, finds them in the
// settings' "Blocked and muted" tab and unblocks them there, and the comment is back. Muting
// hides the muted member's stories from the muter's own feed, and from no one else's.

const WORDS = {
  en: {
    prefix: '',
    dir: 'ltr',
    names: {
      blocker: 'Orna',
      blocked: 'Boaz',
      muter: 'Michal',
      muted: 'Ehud',
      third: 'Tali',
    },
    block: (name: string) => `Block ${name}`,
    unblock: (name: string) => `Unblock ${name}`,
    mute: (name: string) => `Mute ${name}`,
    unmute: (name: string) => `Unmute ${name}`,
    confirmTitle: (name: string) => `Block ${name}?`,
    confirm: 'Block',
    blocked: (name: string) => `You blocked ${name}. They are not told.`,
    unblocked: (name: string) =>
      `You unblocked ${name}. A follow the block ended does not come back by itself.`,
    muted: (name: string) =>
      `You muted ${name}: their stories no longer show in your feeds. They are not told.`,
    unmuted: (name: string) => `You unmuted ${name}: their stories show in your feeds again.`,
    refused:
      'You cannot do this: there is a block between you and this member, so neither of you can comment on or react to what the other posts, or follow them',
    comments: /Comments/,
    commentBox: 'Your comment',
    send: 'Comment',
    reactions: 'Reactions',
    love: 'Love',
    storyActions: 'Story actions',
    like: 'Like',
    closeToast: 'Close notification',
    feed: 'From people you follow',
    noOne: 'No one matches',
    tab: 'Blocked and muted',
    blockedList: 'People you blocked',
    mutedList: 'People you muted',
    noneBlocked: 'You have not blocked anyone. You can block someone from their profile.',
    noneMuted: 'You have not muted anyone. You can mute someone from their profile.',
  },
  he: {
    prefix: '/he',
    dir: 'rtl',
    names: {
      blocker: 'אורנה',
      blocked: 'בועז',
      muter: 'מיכל',
      muted: 'אהוד',
      third: 'טלי',
    },
    block: (name: string) => `חסימה של ${name}`,
    unblock: (name: string) => `ביטול חסימה של ${name}`,
    mute: (name: string) => `השתקה של ${name}`,
    unmute: (name: string) => `ביטול השתקה של ${name}`,
    confirmTitle: (name: string) => `לחסום את ${name}?`,
    confirm: 'חסימה',
    blocked: (name: string) => `חסמת את ${name}. לא תישלח על כך שום הודעה.`,
    unblocked: (name: string) => `ביטלת את החסימה של ${name}. מעקב שהחסימה הפסיקה לא יחזור מעצמו.`,
    muted: (name: string) =>
      `השתקת את ${name}: הסיפורים שלו או שלה לא יופיעו עוד בפידים שלך. לא תישלח על כך שום הודעה.`,
    unmuted: (name: string) => `ביטלת את ההשתקה של ${name}: הסיפורים יופיעו שוב בפידים שלך.`,
    refused:
      'אי אפשר לעשות זאת: יש חסימה בינך לבין המשתמש הזה, ולכן אי אפשר להגיב, לעשות לייק או לעקוב זה אחרי זה',
    comments: /תגובות/,
    commentBox: 'התגובה שלך',
    send: 'שליחת תגובה',
    reactions: 'רגשות',
    love: 'אהבה',
    storyActions: 'פעולות על הסיפור',
    like: 'לייק',
    closeToast: 'סגירת ההודעה',
    feed: 'מאנשים שבמעקב שלך',
    noOne: 'לא נמצאו אנשים',
    tab: 'חסימות והשתקות',
    blockedList: 'אנשים שחסמת',
    mutedList: 'אנשים שהשתקת',
    noneBlocked: 'לא חסמת אף אחד. אפשר לחסום מהפרופיל של כל אחד.',
    noneMuted: 'לא השתקת אף אחד. אפשר להשתיק מהפרופיל של כל אחד.',
  },
} as const;

type Locale = keyof typeof WORDS;

let surnames = 0;
/** A surname of this run only, in the language's letters (names are letters of one script). */
function surname(locale: Locale): string {
  surnames += 1;
  const digits = `${Date.now()}${surnames}`.slice(-9);
  const letters = locale === 'he' ? 'אבגדהוזחטי' : 'abcdefghij';
  const word = [...digits].map((digit) => letters[Number(digit)]).join('');
  return locale === 'he' ? word : `Q${word}`;
}

/**
 * A member of the page's language, signed in in a browser context of their own: their page, id
 * and name as the site shows it.
 */
async function member(
  browser: Browser,
  baseURL: string | undefined,
  locale: Locale,
  first: string,
) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const lastname = surname(locale);
  const { userId } = await registerMember(page.request, newPerson(), {
    firstname: first,
    lastname,
    language: locale,
  });
  await knownToNotifications(page.request, userId);
  return { page, userId, name: `${first} ${lastname}`, lastname };
}

/** A public magazine story by `request`'s member: its id. */
async function publish(request: APIRequestContext, title: string): Promise<string> {
  const created = await request.post('/api/posts/create', {
    data: {
      title,
      content: `<p>${'The winter the river froze, the whole village walked across it to the fair. '.repeat(3)}</p>`,
      image: await uploadImage(request),
      credit: 'Family album',
      privacy: 'public',
      destination: 'magazine',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { postId: string }).postId;
}

/**
 * The first questionnaire answer (100 characters at least), published: the people directory
 * lists its member.
 */
async function publishAnswer(request: APIRequestContext): Promise<void> {
  const saved = await request.post('/api/meAnswers/saveLive', {
    data: {
      questionId: 'roots',
      answerData: {
        'roots-1':
          'I grew up above a bakery, and every morning began with the smell of bread rising through the floorboards of our room.',
      },
      version: 0,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const published = await request.post('/api/meAnswers/togglePublishAsPost', {
    data: { questionId: 'roots' },
  });
  expect(published.status(), await published.text()).toBe(200);
}

/** Follow `userId` as `request`'s member. */
async function follow(request: APIRequestContext, userId: string): Promise<void> {
  const followed = await request.post('/api/follows/follow', { data: { userId } });
  expect(followed.status(), await followed.text()).toBe(200);
}

/** Reload `page` at `path` until `check` holds (events reach each service in their time). */
async function eventually(page: Page, path: string, check: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        await page.goto(path);
        await hydrated(page);
        return check();
      },
      { timeout: 30_000, intervals: [500, 1_000] },
    )
    .toBe(true);
}

for (const locale of ['en', 'he'] as const) {
  const w = WORDS[locale];

  test(`a member blocks another from their profile: the blocked one cannot comment or react and no longer finds them, their comment is hidden until the block is undone in settings (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const blocker = await member(browser, baseURL, locale, w.names.blocker);
    const blocked = await member(browser, baseURL, locale, w.names.blocked);
    const a = blocker.page;
    const b = blocked.page;

    // The blocker is in the people directory and has a story; the blocked one follows them and
    // has commented on it.
    await publishAnswer(a.request);
    const title = `The frozen river ${surname(locale)}`;
    const postId = await publish(a.request, title);
    await follow(b.request, blocker.userId);
    const earlier = `I was there too, on my father's shoulders ${Date.now().toString(36)}`;
    const commented = await b.request.post('/api/feedMessages/sendMessage', {
      data: { postId, message: earlier, tag: null },
    });
    expect(commented.status(), await commented.text()).toBe(201);

    // Before: the blocked one finds the blocker among people, and their story in their feed and
    // in the magazine.
    const people = `${w.prefix}/people?searchValue=${encodeURIComponent(blocker.lastname)}`;
    await eventually(
      b,
      people,
      async () => (await b.getByRole('link', { name: blocker.name }).count()) > 0,
    );
    const feed = b.getByRole('region', { name: w.feed });
    await eventually(
      b,
      `${w.prefix}/`,
      async () => (await feed.getByRole('link', { name: title }).count()) > 0,
    );
    const magazine = `${w.prefix}/mepedia-magazine`;
    const inMagazine = async () =>
      (await b.getByRole('main').getByRole('link', { name: title }).count()) > 0;
    await eventually(b, magazine, inMagazine);

    // The blocker, on the other's profile: Block, what it does, then Block again to confirm.
    await a.goto(`${w.prefix}/profile/${blocked.userId}`);
    await hydrated(a);
    await expect(a.locator('html')).toHaveAttribute('dir', w.dir);
    await a.getByRole('button', { name: w.block(blocked.name), exact: true }).click();
    const dialog = a.getByRole('dialog', { name: w.confirmTitle(blocked.name) });
    await expect(dialog).toBeVisible();
    await expectAccessible(a);
    await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(a.getByRole('status').filter({ hasText: w.blocked(blocked.name) })).toBeVisible();
    const unblock = a.getByRole('button', { name: w.unblock(blocked.name), exact: true });
    await expect(unblock).toBeFocused();

    // The blocker no longer sees the blocked one's comment under their own story.
    await eventually(
      a,
      `${w.prefix}/post/${postId}`,
      async () => (await a.getByText(earlier).count()) === 0,
    );

    // The blocked one may still open the public story by its link (their own earlier comment is
    // still theirs to see), but a comment, a reaction and a like are refused, said in their
    // language; the comment stays in the box, the reaction and the like are taken back.
    await b.goto(`${w.prefix}/post/${postId}`);
    await hydrated(b);
    await expect(b.locator('html')).toHaveAttribute('dir', w.dir);
    await expect(b.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const discussion = b.getByRole('region', { name: w.comments });
    const attempt = 'Still here, my friend.';
    const box = discussion.getByRole('textbox', { name: w.commentBox });
    await box.fill(attempt);
    await discussion.getByRole('button', { name: w.send, exact: true }).click();
    // The refusal's toast, in the page's polite live region.
    const toast = b.getByRole('status').filter({ hasText: w.refused });
    await expect(toast).toBeVisible();
    await expect(box).toHaveValue(attempt);
    await expect(discussion.getByRole('article').filter({ hasText: attempt })).toHaveCount(0);
    await toast.getByRole('button', { name: w.closeToast }).click();
    await expect(toast).toHaveCount(0);
    const love = b.getByRole('group', { name: w.reactions }).getByRole('button', { name: w.love });
    await love.click();
    await expect(toast).toBeVisible();
    await expect(love).toHaveAttribute('aria-pressed', 'false');
    // The story's own Like, the same.
    await toast.getByRole('button', { name: w.closeToast }).click();
    await expect(toast).toHaveCount(0);
    const like = b
      .getByRole('group', { name: w.storyActions })
      .getByRole('button', { name: w.like });
    await like.click();
    await expect(toast).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expectAccessible(b);

    // Nor do they find the blocker among people, or the blocker's story in their feed or the
    // magazine.
    await eventually(
      b,
      people,
      async () => (await b.getByRole('heading', { name: w.noOne }).count()) > 0,
    );
    await expect(b.getByRole('link', { name: blocker.name })).toHaveCount(0);
    await b.goto(`${w.prefix}/`);
    await hydrated(b);
    await expect(feed).toBeVisible();
    await expect(feed.getByRole('link', { name: title })).toHaveCount(0);
    await eventually(b, magazine, async () => !(await inMagazine()));

    // The blocker finds them in the settings' Blocked and muted tab, and unblocks them there.
    await a.goto(`${w.prefix}/profile/settings#blocked`);
    await hydrated(a);
    await a.getByRole('tab', { name: w.tab }).click();
    const panel = a.getByRole('tabpanel', { name: w.tab });
    const blockedList = panel.getByRole('region', { name: w.blockedList });
    await expect(blockedList.getByRole('link', { name: blocked.name })).toHaveAttribute(
      'href',
      `${w.prefix}/profile/${blocked.userId}`,
    );
    await expect(
      panel.getByRole('region', { name: w.mutedList }).getByText(w.noneMuted),
    ).toBeVisible();
    await expectAccessible(a);
    await blockedList.getByRole('button', { name: w.unblock(blocked.name) }).click();
    await expect(blockedList.getByRole('status')).toHaveText(w.unblocked(blocked.name));
    await expect(blockedList.getByText(w.noneBlocked)).toBeVisible();
    await expect(blockedList.getByRole('heading', { name: w.blockedList })).toBeFocused();

    // And the earlier comment is back under the story.
    await eventually(
      a,
      `${w.prefix}/post/${postId}`,
      async () => (await a.getByText(earlier).count()) > 0,
    );

    await Promise.all([a.context().close(), b.context().close()]);
  });

  test(`muting a member hides their stories from the muter's own feed, not from anyone else's, until unmuted in settings (${locale})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const muter = await member(browser, baseURL, locale, w.names.muter);
    const muted = await member(browser, baseURL, locale, w.names.muted);
    const third = await member(browser, baseURL, locale, w.names.third);
    await follow(muter.page.request, muted.userId);
    await follow(third.page.request, muted.userId);
    const title = `The fair across the ice ${surname(locale)}`;
    const postId = await publish(muted.page.request, title);

    const inFeed = async (page: Page) =>
      (await page
        .getByRole('region', { name: w.feed })
        .getByRole('link', { name: title })
        .count()) > 0;
    const a = muter.page;
    await eventually(a, `${w.prefix}/`, () => inFeed(a));

    // Mute, from the profile: done at once, and said.
    await a.goto(`${w.prefix}/profile/${muted.userId}`);
    await hydrated(a);
    await expect(a.locator('html')).toHaveAttribute('dir', w.dir);
    await a.getByRole('button', { name: w.mute(muted.name), exact: true }).click();
    await expect(a.getByRole('status').filter({ hasText: w.muted(muted.name) })).toBeVisible();
    await expect(a.getByRole('button', { name: w.unmute(muted.name), exact: true })).toBeFocused();

    // Gone from the muter's feed; still in a third follower's.
    await eventually(a, `${w.prefix}/`, async () => !(await inFeed(a)));
    await eventually(third.page, `${w.prefix}/`, () => inFeed(third.page));
    // A mute is not a block: the muter still opens the story by its link.
    await a.goto(`${w.prefix}/post/${postId}`);
    await expect(a.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Unmuted from the settings' tab, the story is back in the feed.
    await a.goto(`${w.prefix}/profile/settings#blocked`);
    await hydrated(a);
    await a.getByRole('tab', { name: w.tab }).click();
    const mutedList = a
      .getByRole('tabpanel', { name: w.tab })
      .getByRole('region', { name: w.mutedList });
    await mutedList.getByRole('button', { name: w.unmute(muted.name) }).click();
    await expect(mutedList.getByRole('status')).toHaveText(w.unmuted(muted.name));
    await expect(mutedList.getByText(w.noneMuted)).toBeVisible();
    await eventually(a, `${w.prefix}/`, () => inFeed(a));

    await Promise.all([
      a.context().close(),
      muted.page.context().close(),
      third.page.context().close(),
    ]);
  });
}
