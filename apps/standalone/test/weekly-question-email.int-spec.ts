import { randomUUID } from 'node:crypto';
import type { WeeklyQuestionLinkResult, WeeklyQuestionSettings } from '@mepedia/contracts';
import { createLogger } from '@mepedia/server-http';
import { InProcessQueue } from '@mepedia/server-queue';
import { startTestService, type TestService } from '@mepedia/server-service-testing';
import {
  addressOf,
  eventually,
  notificationsWorld,
  SETUP_TIMEOUT_MS,
  startSmtpCapture,
  testEnvelope as envelope,
  type CapturedEmail,
  type TestMember as Member,
} from '@mepedia/server-testing';
import {
  createNotificationsApp,
  sweepWeeklyQuestions,
} from '../../notifications/src/notifications.app';
import { createWorkerApp } from '../../worker/src/worker.app';
import { loadWorkerConfig } from '../../worker/src/worker.config';

const SITE = 'https://mepedia.test';
const LINK_SECRET = 'weekly-email-test-link-secret-0123456789';
const QUESTIONS = [
  {
    questionId: 'roots',
    index: 1,
    title: { en: 'Where I come from', he: 'מאיפה באתי' },
    prompt: { en: 'Tell of the place you grew up.', he: 'ספר/י על המקום שבו גדלת.' },
  },
  {
    questionId: 'places',
    index: 2,
    title: { en: 'Places I loved', he: 'מקומות שאהבתי' },
    prompt: { en: 'Which places stayed with you?', he: 'אילו מקומות נשארו איתך?' },
  },
];

// The weekly question's email as a member receives it: the notifications service decides and
// signs it, the worker renders it and hands it to a real SMTP server (the capture), in English
// and in Hebrew (right to left), a questionnaire question and a member's own; then the email's
// skip, pause and stop links are followed as the /weekly-question page follows them (a POST of
// the link's token to byLink, with no session), and they do what they say.
describe('the weekly question email, through the worker to SMTP', () => {
  const logger = createLogger({ name: 'test', level: 'silent' });
  const queue = new InProcessQueue();
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let notifications: TestService;
  let worker: Awaited<ReturnType<typeof createWorkerApp>>;

  const deliver = async (type: string, payload: unknown) => {
    const event = envelope(type, payload, new Date());
    await queue.add('events-notifications', event.type, event, { jobId: event.id });
  };
  const until = (sql: string, params: unknown[], what: string) =>
    eventually(
      async () => ((await notifications.database.count(sql, params)) > 0 ? true : undefined),
      {
        what,
      },
    );
  // Members as the users service announces them, with their addresses: the shared test world.
  const world = notificationsWorld(() => notifications);
  const known = (language: 'en' | 'he') => world.known('Noa Levi', language);
  const weeklyCall = <T>(path: string, who: Member | null, body?: unknown) =>
    notifications.call<T>(path === 'getSettings' ? 'GET' : 'POST', `/api/weeklyQuestion/${path}`, {
      headers: who ? notifications.as(who) : {},
      ...(body === undefined ? {} : { body }),
    });
  /** Schedule it, let the sweep find it due, and read the email the SMTP server received. */
  const emailOf = async (who: Member, schedule: Record<string, unknown>) => {
    const on = await weeklyCall<WeeklyQuestionSettings>('schedule', who, schedule);
    expect(on.body.state).toBe('on');
    await sweepWeeklyQuestions(
      notifications.app,
      new Date(new Date(on.body.nextSendAt ?? '').getTime() + 1000),
    );
    return smtp.waitFor((email) => email.to === addressOf(who), 60_000);
  };
  /** The addresses of the email's links, in order, as a mail client reads them from the HTML. */
  const hrefs = (email: CapturedEmail) =>
    [...email.html.matchAll(/href="([^"]*)"/g)].map((match) =>
      (match[1] ?? '').replaceAll('&amp;', '&'),
    );
  /** Follow a skip, pause or stop link as its page does: its token to byLink, no session. */
  const follow = async (link: string) => {
    const url = new URL(link);
    const token = url.searchParams.get('token') ?? '';
    const response = await weeklyCall<WeeklyQuestionLinkResult>('byLink', null, { token });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    notifications = await startTestService(
      'notifications',
      (platform) => createNotificationsApp(platform, { publicUrl: SITE, linkSecret: LINK_SECRET }),
      { queue },
    );
    const { config } = loadWorkerConfig({
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      EMAIL_LINK_SECRET: LINK_SECRET,
    });
    worker = await createWorkerApp(
      { logger, database: notifications.database.handle, queue },
      config,
    );
    // (Text messages have no provider here, so the worker keeps a dev outbox for them; email
    // goes to SMTP.)
    await deliver('questionnaire.changed', { questions: QUESTIONS });
    await until(
      'select count(*)::int as n from notifications.weekly_question_questions where question_id = $1',
      ['places'],
      'the questionnaire',
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await worker?.close();
    await notifications?.close();
    await queue.close();
    await smtp?.close();
  }, SETUP_TIMEOUT_MS);

  it('sends an English member the next question left to right, with its answer link, and its skip, pause and stop links work', async () => {
    const noa = await known('en');
    const email = await emailOf(noa, { weekday: 2, hour: 9, timeZone: 'Europe/London' });
    expect(email.subject).toBe('Your question this week: Where I come from');
    expect(email.html).toMatch(/<html lang="en" dir="ltr">/);
    expect(email.html).toContain('Question 1: Where I come from');
    expect(email.html).toContain('Tell of the place you grew up.');
    const links = hrefs(email);
    const answer = `${SITE}/profile/edit-me/1`;
    expect(links).toContain(answer);
    expect(email.text).toContain(answer);
    const [skip, pause, stop] = ['skip', 'pause', 'stop'].map((action) =>
      links.find(
        (link) => link.startsWith(`${SITE}/weekly-question?token=`) && link.includes(`.${action}.`),
      ),
    );
    expect(links).toContain(`${SITE}/profile/settings#weekly-question`);

    expect(await follow(skip ?? '')).toMatchObject({ action: 'skip', state: 'on' });
    expect((await weeklyCall<WeeklyQuestionSettings>('getSettings', noa)).body.skipping).toBe(true);
    expect(await follow(pause ?? '')).toEqual({
      action: 'pause',
      state: 'paused',
      nextSendAt: null,
    });
    expect(await follow(stop ?? '')).toEqual({ action: 'stop', state: 'off', nextSendAt: null });
    expect((await weeklyCall<WeeklyQuestionSettings>('getSettings', noa)).body.state).toBe('off');
  });

  it('writes to a Hebrew member right to left, their own private question once the questionnaire is done, linked to its Hebrew page', async () => {
    const dana = await known('he');
    for (const { questionId } of QUESTIONS)
      await deliver('meAnswer.answered', { userId: dana.userId, questionId, answered: true });
    const own = {
      questionId: randomUUID(),
      index: 2,
      title: 'הבית ברחוב הרצל',
      subQuestions: ['מי גר שם?', 'What did the garden look like?'],
    };
    await deliver('privateQuestions.changed', {
      userId: dana.userId,
      revision: 3,
      unanswered: [own],
    });
    await until(
      "select count(*)::int as n from notifications.weekly_question_answers where user_id = $1 and question_id = 'places'",
      [dana.userId],
      'the answers',
    );
    await until(
      'select count(*)::int as n from notifications.weekly_question_private_questions where user_id = $1',
      [dana.userId],
      'the private question',
    );
    const email = await emailOf(dana, { weekday: 0, hour: 20, timeZone: 'Asia/Jerusalem' });
    expect(email.subject).toBe('השאלה שלך השבוע: הבית ברחוב הרצל');
    expect(email.html).toMatch(/<html lang="he" dir="rtl">/);
    expect(email.html).toContain('dir="rtl"');
    expect(email.html).toContain('השאלה הפרטית שלך: הבית ברחוב הרצל');
    // Each sub-question its own paragraph, escaped as any text.
    expect(email.html).toContain('<p style="line-height:1.5">מי גר שם?</p>');
    expect(email.html).toContain('<p style="line-height:1.5">What did the garden look like?</p>');
    const links = hrefs(email);
    const answer = `${SITE}/he/profile/edit-me-private/2?question=${own.questionId}`;
    expect(links).toContain(answer);
    expect(email.text).toContain(answer);
    expect(links).toContain(`${SITE}/he/profile/settings#weekly-question`);
    const weeklyLinks = links.filter((link) =>
      link.startsWith(`${SITE}/he/weekly-question?token=`),
    );
    expect(weeklyLinks).toHaveLength(3);

    const pause = weeklyLinks.find((link) => link.includes('.pause.')) ?? '';
    expect(await follow(pause)).toEqual({ action: 'pause', state: 'paused', nextSendAt: null });
    // A paused member resumes in the settings; the email's stop link still stops it.
    const stop = weeklyLinks.find((link) => link.includes('.stop.')) ?? '';
    expect(await follow(stop)).toEqual({ action: 'stop', state: 'off', nextSendAt: null });
    // Nobody else received it.
    expect(
      smtp.messages.filter((message) => message.html.includes(own.title)).map((m) => m.to),
    ).toEqual([addressOf(dana)]);
  });
});
