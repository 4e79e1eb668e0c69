import { randomUUID } from 'node:crypto';
import type { WeeklyQuestionSettings } from '@mepedia/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEV_LINK_SECRET,
  linkToken,
  LINK_TTL_SECONDS,
} from '../../notifications/src/weekly-question.links';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated, newPerson, registerMember } from './helpers';

/** The words the pages say, per language. */
const WORDS = {
  en: {
    prefix: '',
    member: {},
    tab: 'Weekly question',
    off: 'Off: no weekly question is sent.',
    on: /^On\. The next question goes .+\d/,
    paused: 'Paused. Nothing is sent until you resume.',
    next: 'Next question: Where I come from',
    weekday: 'Day',
    hour: 'Hour',
    timeZone: 'Time zone',
    start: 'Send me a question every week',
    pause: 'Pause',
    resume: 'Resume',
    stop: 'Stop',
    linkTitle: 'Your weekly question',
    askPause: 'Pause the weekly question?',
    confirmPause: 'Yes, pause it',
    confirmStop: 'Yes, stop it',
    donePause: 'Done: the weekly question is paused.',
    invalid:
      'This link is not valid or has expired. Change the weekly question in your settings instead',
  },
  he: {
    prefix: '/he',
    member: { language: 'he', firstname: 'דנה', lastname: 'לוי' },
    tab: 'שאלה שבועית',
    off: 'כבוי: לא נשלחת שאלה שבועית.',
    on: /^פעיל\. השאלה הבאה תישלח .+\d/,
    paused: 'מושהה. לא יישלח דבר עד שתחדש/י.',
    next: 'השאלה הבאה: מאיפה באתי',
    weekday: 'יום',
    hour: 'שעה',
    timeZone: 'אזור זמן',
    start: 'לשלוח לי שאלה כל שבוע',
    pause: 'השהיה',
    resume: 'חידוש',
    stop: 'הפסקה',
    linkTitle: 'השאלה השבועית שלך',
    askPause: 'להשהות את השאלה השבועית?',
    confirmPause: 'כן, להשהות',
    confirmStop: 'כן, להפסיק',
    donePause: 'בוצע: השאלה השבועית הושהתה.',
    invalid: 'הקישור אינו תקין או שפג תוקפו. אפשר לשנות את השאלה השבועית בהגדרות',
  },
} as const;

/** The member's weekly question as the service keeps it (`request` carries their session). */
async function settingsOf(request: APIRequestContext): Promise<WeeklyQuestionSettings> {
  const answer = await request.get('/api/weeklyQuestion/getSettings');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as WeeklyQuestionSettings;
}

/** Press a control from the keyboard: focused, then Enter (a mouse is never needed). */
async function press(page: Page, control: ReturnType<Page['getByRole']>) {
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press('Enter');
}

for (const locale of ['en', 'he'] as const) {
  const words = WORDS[locale];

  test(`a member turns on the weekly question, sees the next question and send time, pauses and stops it; its email's signed link acts (${locale})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const { userId } = await registerMember(page.request, newPerson(), words.member);
    await page.goto(`${words.prefix}/profile/settings`);
    await hydrated(page);
    const tab = page.getByRole('tab', { name: words.tab });
    await press(page, tab);
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: words.tab });
    const status = panel.getByRole('status');
    await expect(status).toHaveText(words.off);
    await expect(panel.getByText(words.next)).toBeVisible();

    // Thursday at 18:00 in Jerusalem, chosen with the keyboard's controls.
    await panel.getByLabel(words.weekday, { exact: true }).selectOption('4');
    await panel.getByLabel(words.hour, { exact: true }).selectOption('18');
    await panel.getByLabel(words.timeZone, { exact: true }).selectOption('Asia/Jerusalem');
    await press(page, panel.getByRole('button', { name: words.start }));
    // On, with the next send in the member's words and clock, said in the live region.
    await expect(status).toHaveText(words.on);
    await expect(panel.getByText(words.next)).toBeVisible();
    const on = await settingsOf(page.request);
    expect(on).toMatchObject({ state: 'on', weekday: 4, hour: 18, timeZone: 'Asia/Jerusalem' });
    // The instant the service keeps, in the page's language on Jerusalem's clock (the browser's
    // own words for it).
    const shown = await page.evaluate(
      ([at, language]) =>
        new Intl.DateTimeFormat(language, {
          dateStyle: 'full',
          timeStyle: 'short',
          timeZone: 'Asia/Jerusalem',
        }).format(new Date(at)),
      [on.nextSendAt ?? '', locale] as const,
    );
    await expect(status).toContainText(shown);
    await expectAccessible(page);

    await press(page, panel.getByRole('button', { name: words.pause }));
    await expect(status).toHaveText(words.paused);
    await expect(panel.getByRole('button', { name: words.resume })).toBeVisible();
    expect((await settingsOf(page.request)).state).toBe('paused');

    await press(page, panel.getByRole('button', { name: words.stop }));
    await expect(status).toHaveText(words.off);
    await expect(panel.getByRole('button', { name: words.start })).toBeVisible();
    expect((await settingsOf(page.request)).state).toBe('off');

    // On again, then the email's pause link, followed by whoever opens the email: no session.
    await press(page, panel.getByRole('button', { name: words.start }));
    await expect(status).toHaveText(words.on);
    const expiresAt = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    const token = linkToken({ userId, action: 'pause', expiresAt }, DEV_LINK_SECRET);
    const reader = await page.context().browser()!.newContext({ baseURL });
    const email = await reader.newPage();
    await email.goto(`${words.prefix}/weekly-question?token=${encodeURIComponent(token)}`);
    await hydrated(email);
    await expect(email.getByRole('heading', { level: 1, name: words.linkTitle })).toBeVisible();
    const linkPage = email.getByRole('region', { name: words.linkTitle });
    // It asks first: loading the page (a link scanner) changed nothing.
    await expect(linkPage.getByText(words.askPause)).toBeVisible();
    expect((await settingsOf(page.request)).state).toBe('on');
    await expectAccessible(email);
    await press(email, linkPage.getByRole('button', { name: words.confirmPause }));
    await expect(linkPage.getByRole('status')).toHaveText(words.donePause);
    expect((await settingsOf(page.request)).state).toBe('paused');

    // The same link altered to act for another action is refused in the page's language.
    const forged = token.replace('.pause.', '.stop.');
    await email.goto(`${words.prefix}/weekly-question?token=${encodeURIComponent(forged)}`);
    await hydrated(email);
    await press(email, linkPage.getByRole('button', { name: words.confirmStop }));
    await expect(linkPage.getByText(words.invalid)).toBeVisible();
    expect((await settingsOf(page.request)).state).toBe('paused');
    await reader.close();

    // The email's link to one of the member's own questions names its place and its id: the page
    // finds it where it is now (an earlier one deleted moves it up), or the list once it is gone.
    const created = await page.request.post('/api/privateQuestions/insertNewPrivateQuestion', {
      data: { questionTitle: 'The summer of 1999', subQuestions: ['Where did we go that year?'] },
    });
    expect(created.status()).toBe(201);
    const { questionId } = (await created.json()) as { questionId: string };
    await page.goto(`${words.prefix}/profile/edit-me-private/3?question=${questionId}`);
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/profile/edit-me-private/1$`));
    await expect(page.getByRole('heading', { level: 1, name: 'The summer of 1999' })).toBeVisible();
    await page.goto(`${words.prefix}/profile/edit-me-private/1?question=${randomUUID()}`);
    await expect(page).toHaveURL(new RegExp(`${words.prefix}/me/custom-question$`));
  });
}
