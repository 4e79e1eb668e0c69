import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember } from './helpers';

// A private question's answer has an audience (issue 34), in both languages: its owner writes a
// question and answers it for "Members" (the choice waits for Save through the draft's autosave),
// and its badge says so; another member finds it on the owner's self-interview and reads it at
// /me/{owner}/custom-question; a guest gets the not-found page there; once the owner makes it
// "Only me" again, so does the member. axe stays at zero on every page on the way.

const WORDS = {
  en: {
    prefix: '',
    owner: { firstname: 'Noa', lastname: 'Cohen' },
    reader: { firstname: 'Ruth', lastname: 'Amir' },
    topicLabel: 'Topic (your question)',
    subLabel: 'Sub-question 1',
    create: 'Create and answer it',
    topic: 'The letters I never sent',
    sub: 'To whom would you write first?',
    answer: 'To my grandmother, in Yiddish, about the orchard.',
    legend: 'Who can read this answer',
    onlyMe: 'Only me',
    members: 'Members',
    draftSaved: 'Draft saved',
    save: 'Save',
    upToDate: 'Your saved answer is up to date.',
    badgeOnlyMe: 'Who can read it: Only me',
    badgeMembers: 'Who can read it: Members',
    section: 'Noa Cohen’s own questions',
    notFound: 'This page could not be found',
  },
  he: {
    prefix: '/he',
    owner: { firstname: 'נועה', lastname: 'כהן', language: 'he' },
    reader: { firstname: 'רות', lastname: 'אמיר', language: 'he' },
    topicLabel: 'נושא (השאלה שלך)',
    subLabel: 'שאלת משנה 1',
    create: 'יצירה ומעבר לתשובה',
    topic: 'המכתבים שלא שלחתי',
    sub: 'למי הייתי כותבת קודם?',
    answer: 'לסבתא שלי, ביידיש, על הפרדס.',
    legend: 'מי יכול לקרוא את התשובה',
    onlyMe: 'רק אני',
    members: 'חברי הקהילה',
    draftSaved: 'הטיוטה נשמרה',
    save: 'שמירה',
    upToDate: 'התשובה השמורה מעודכנת.',
    badgeOnlyMe: 'מי יכול לקרוא: רק אני',
    badgeMembers: 'מי יכול לקרוא: חברי הקהילה',
    section: 'השאלות האישיות של נועה כהן',
    notFound: 'הדף לא נמצא',
  },
} as const;

/** Saves the answer on the page with the audience picked, and waits for the service's word. */
async function saveWith(page: Page, words: (typeof WORDS)['en' | 'he'], audience: string) {
  const picker = page.getByRole('group', { name: words.legend });
  await picker.getByRole('radio', { name: audience, exact: true }).check();
  await page.getByRole('button', { name: words.save, exact: true }).click();
  await expect(page.getByText(words.upToDate)).toBeVisible();
  await expect(picker.getByRole('radio', { name: audience, exact: true })).toBeChecked();
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];

  test(`a private question answered for members: read by a member, not by a guest, until it is mine alone again (${locale})`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const { userId: ownerId } = await registerMember(
      page.request,
      { ...newPerson(), ...words.owner },
      words.owner,
    );

    // The owner writes a question of their own, and lands on its answer.
    await page.goto(`${words.prefix}/profile/custom-question`);
    await hydrated(page);
    await page.getByLabel(words.topicLabel).fill(words.topic);
    await page.getByLabel(words.subLabel, { exact: true }).fill(words.sub);
    await page.getByRole('button', { name: words.create }).click();
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/profile/edit-me-private/1$`));
    await hydrated(page);

    // "Only me" until chosen, as its badge says; "Members" chosen waits for Save through the
    // draft's autosave, and is what Save sends.
    const picker = page.getByRole('group', { name: words.legend });
    await expect(picker.getByRole('radio')).toHaveCount(4);
    await expect(picker.getByRole('radio', { name: words.onlyMe, exact: true })).toBeChecked();
    const badge = page.locator('.answer-audience .audience-badge');
    await expect(badge).toHaveText(words.badgeOnlyMe);
    await picker.getByRole('radio', { name: words.members, exact: true }).check();
    await page.getByRole('textbox', { name: words.sub }).fill(words.answer);
    await expect(page.getByRole('status').filter({ hasText: words.draftSaved })).toBeVisible();
    await expect(picker.getByRole('radio', { name: words.members, exact: true })).toBeChecked();
    await expect(badge).toHaveText(words.badgeOnlyMe);
    await saveWith(page, words, words.members);
    await expect(badge).toHaveText(words.badgeMembers);
    await expectAccessible(page);

    // Another member finds it on the owner's self-interview, and reads it.
    const readerContext = await browser.newContext({ baseURL });
    const reader = await readerContext.newPage();
    await registerMember(reader.request, { ...newPerson(), ...words.reader }, words.reader);
    await reader.goto(`${words.prefix}/me/${ownerId}`);
    const section = reader.getByRole('region', { name: words.section });
    await expect(section.getByRole('link')).toHaveText([words.topic]);
    await expectAccessible(reader);
    await section.getByRole('link', { name: words.topic }).click();
    await expect(reader).toHaveURL(new RegExp(`${words.prefix}/me/${ownerId}/custom-question/1$`));
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(words.topic);
    await expect(reader.getByRole('heading', { level: 2, name: words.sub })).toBeVisible();
    await expect(reader.getByText(words.answer)).toBeVisible();
    await expect(reader.locator('.me-audience .audience-badge')).toHaveText(words.badgeMembers);
    await expectAccessible(reader);
    const home = `${words.prefix}/me/${ownerId}/custom-question`;
    expect((await reader.goto(home))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(words.topic);

    // A guest gets the not-found page: it reveals nothing.
    const guestContext = await browser.newContext({ baseURL });
    const guest = await guestContext.newPage();
    expect((await guest.goto(home))?.status()).toBe(404);
    await expect(guest.getByRole('heading', { level: 1 })).toHaveText(words.notFound);
    await expect(guest.getByText(words.topic)).toHaveCount(0);
    await expectAccessible(guest);
    await guest.goto(`${words.prefix}/me/${ownerId}`);
    await expect(guest.getByText(words.topic)).toHaveCount(0);

    // The owner makes it theirs alone again: the member gets the not-found page too.
    await page.reload();
    await hydrated(page);
    await saveWith(page, words, words.onlyMe);
    await expect(badge).toHaveText(words.badgeOnlyMe);
    expect((await reader.goto(home))?.status()).toBe(404);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(words.notFound);
    await expect(reader.getByText(words.topic)).toHaveCount(0);
    await expectAccessible(reader);
    await reader.goto(`${words.prefix}/me/${ownerId}`);
    await expect(reader.getByRole('region', { name: words.section })).toHaveCount(0);

    await Promise.all([readerContext.close(), guestContext.close()]);
  });
}
