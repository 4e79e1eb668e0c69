import { randomUUID } from 'node:crypto';
import type {
  DomainEventPayload,
  EmailJob,
  ErrorEnvelope,
  WeeklyQuestionLinkResult,
  WeeklyQuestionSettings,
} from '@mepedia/contracts';
import { errorMessagesHe } from '@mepedia/messages/errors';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createNotificationsApp } from '../src/notifications.app';
import { WeeklyQuestionService } from '../src/weekly-question.service';

const SITE = 'https://mepedia.test';
const SECRET = 'weekly-question-test-secret-of-32-characters';
const QUESTIONS = ['roots', 'places', 'work'].map((questionId, i) => ({
  questionId,
  index: i + 1,
  title: { en: `Title ${i + 1}`, he: `כותרת ${i + 1}` },
  prompt: { en: `Prompt ${i + 1}`, he: `הנחיה ${i + 1}` },
}));
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

// The weekly question over real HTTP and its sweep with a fake clock (the time handed to
// `sweep`), on each engine: the row locks that share the due members among replicas
// (FOR UPDATE SKIP LOCKED), the partial index and the week's unique row must work on PGlite too.
describeEachEngine('notifications service: the weekly question', (engine) => {
  let tested: TestService;
  let weekly: WeeklyQuestionService;
  const emails: EmailJob[] = [];

  const call = <T>(method: 'GET' | 'POST', path: string, who: Member | null, body?: unknown) =>
    tested.call<T>(method, `/api/weeklyQuestion/${path}`, {
      headers: who ? tested.as(who) : { 'accept-language': 'he' },
      ...(body === undefined ? {} : { body }),
    });
  const settings = async (who: Member) =>
    (await call<WeeklyQuestionSettings>('GET', 'getSettings', who)).body;
  const deliver = async (type: string, payload: unknown, at = new Date()) => {
    const event = envelope(type, payload, at);
    await tested.queue.add('events-notifications', event.type, event, { jobId: event.id });
  };
  const count = (sql: string, params: unknown[]) => tested.database.count(sql, params);
  /** A verified member with an address, as the users service announces them. */
  const known = async (language: 'en' | 'he' = 'en'): Promise<Member> => {
    const who = newMember({ language });
    await deliver('user.updated', {
      userId: who.userId,
      firstname: 'Noa',
      lastname: 'Levi',
      fullname: 'Noa Levi',
      language,
      profileImage: null,
      email: `${who.userId}@example.com`,
    });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.members where user_id = $1 and email is not null',
          [who.userId],
        )) > 0
          ? true
          : undefined,
      { what: 'the member and their address' },
    );
    return who;
  };
  const answered = async (who: Member, questionId: string, yes = true) => {
    await deliver('meAnswer.answered', { userId: who.userId, questionId, answered: yes });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.weekly_question_answers where user_id = $1 and question_id = $2 and answered = $3',
          [who.userId, questionId, yes],
        )) > 0
          ? true
          : undefined,
      { what: 'the answer in the read model' },
    );
  };
  type PrivateList = DomainEventPayload<'privateQuestions.changed'>['unanswered'];
  /** The member's own unanswered private questions, as private-questions announces them. */
  const privateQuestions = async (who: Member, revision: number, unanswered: PrivateList) => {
    await deliver('privateQuestions.changed', { userId: who.userId, revision, unanswered });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.weekly_question_private_lists where user_id = $1 and revision >= $2',
          [who.userId, revision],
        )) > 0
          ? true
          : undefined,
      { what: 'the private questions in the read model' },
    );
  };
  const privateRows = (who: Member) =>
    count(
      'select count(*)::int as n from notifications.weekly_question_private_questions where user_id = $1',
      [who.userId],
    );
  const own = (index: number, title: string, subQuestions: string[] = [`${title}?`]) => ({
    questionId: randomUUID(),
    index,
    title,
    subQuestions,
  });
  const emailsTo = (who: Member) => emails.filter((job) => job.to === `${who.userId}@example.com`);
  const start = async (who: Member, body: Record<string, unknown>) => {
    const answer = await call<WeeklyQuestionSettings>('POST', 'schedule', who, body);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const weeklyData = (job: EmailJob | undefined) => {
    if (job?.template !== 'weekly-question') throw new Error('not a weekly question email');
    return job.data;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

  beforeAll(async () => {
    tested = await startTestService(
      'notifications',
      (platform) => createNotificationsApp(platform, { publicUrl: SITE, linkSecret: SECRET }),
      { engine },
    );
    tested.queue.process('email', async (job) => void emails.push(job.data as EmailJob));
    weekly = tested.app.get(WeeklyQuestionService);
    await deliver('questionnaire.changed', { questions: QUESTIONS });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.weekly_question_questions',
          [],
        )) === 3
          ? true
          : undefined,
      { what: 'the questionnaire' },
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('starts off, refuses a bad schedule, and schedules the next weekday and hour in the member’s zone', async () => {
    const noa = await known();
    expect(await settings(noa)).toMatchObject({
      state: 'off',
      weekday: null,
      nextSendAt: null,
      nextQuestion: { questionId: 'roots', index: 1 },
    });
    for (const body of [
      { weekday: 4, hour: 18, timeZone: 'Mars/Olympus' },
      { weekday: 7, hour: 18, timeZone: 'UTC' },
      { weekday: 4, hour: 24, timeZone: 'UTC' },
      { weekday: 4, hour: 18 },
      { weekday: '4', hour: 18, timeZone: 'UTC' },
    ]) {
      const refused = await call<ErrorEnvelope>('POST', 'schedule', noa, body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    expect((await settings(noa)).state).toBe('off');
    // Guests have none.
    expect((await call<ErrorEnvelope>('GET', 'getSettings', null)).status).toBe(401);

    const on = await start(noa, { weekday: 4, hour: 18, timeZone: 'Asia/Jerusalem' });
    expect(on).toMatchObject({ state: 'on', weekday: 4, hour: 18, timeZone: 'Asia/Jerusalem' });
    const next = new Date(on.nextSendAt ?? '');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(WEEK_MS);
    // Thursday 18:00 on Jerusalem's clock.
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Jerusalem',
      weekday: 'short',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(next);
    expect(local).toBe('Thu, 18');
  });

  it('sends once a week, the next unanswered question, and never twice for a week', async () => {
    const noa = await known();
    const on = await start(noa, { weekday: 1, hour: 9, timeZone: 'Europe/London' });
    const slot = new Date(on.nextSendAt ?? '');

    // Not yet due: nothing.
    await weekly.sweep(new Date(slot.getTime() - 60_000));
    expect(emailsTo(noa)).toEqual([]);

    await weekly.sweep(new Date(slot.getTime() + 30_000));
    await eventually(() => (emailsTo(noa).length === 1 ? true : undefined), { what: 'the email' });
    const first = weeklyData(emailsTo(noa)[0]);
    expect(first).toMatchObject({
      index: 1,
      title: 'Title 1',
      prompt: 'Prompt 1',
      link: `${SITE}/profile/edit-me/1`,
      settingsLink: `${SITE}/profile/settings#weekly-question`,
    });
    expect(first.skipLink).toMatch(new RegExp(`^${SITE}/weekly-question\\?token=`));
    const after = await settings(noa);
    expect(after.lastSentAt).not.toBeNull();
    expect(new Date(after.nextSendAt ?? '').getTime() - slot.getTime()).toBe(WEEK_MS);

    // The same moment again, and a restart that finds the week's slot due again: the week's row
    // holds, nothing more is queued.
    await weekly.sweep(new Date(slot.getTime() + 60_000));
    await tested.database.query(
      'update notifications.weekly_question_settings set next_send_at = $2 where user_id = $1',
      [noa.userId, slot],
    );
    await weekly.sweep(new Date(slot.getTime() + 90_000));
    expect(emailsTo(noa)).toHaveLength(1);
    expect(
      await count(
        'select count(*)::int as n from notifications.weekly_question_sends where user_id = $1',
        [noa.userId],
      ),
    ).toBe(1);

    // Answered: the next week brings the second question.
    await answered(noa, 'roots');
    const second = new Date(slot.getTime() + WEEK_MS);
    await weekly.sweep(new Date(second.getTime() + 1000));
    await eventually(() => (emailsTo(noa).length === 2 ? true : undefined), { what: 'week two' });
    expect(weeklyData(emailsTo(noa)[1])).toMatchObject({
      index: 2,
      link: `${SITE}/profile/edit-me/2`,
    });
  });

  it('writes to a Hebrew member in Hebrew, with the Hebrew page’s link', async () => {
    const dana = await known('he');
    const on = await start(dana, { weekday: 5, hour: 8, timeZone: 'Asia/Jerusalem' });
    await weekly.sweep(new Date(new Date(on.nextSendAt ?? '').getTime() + 1000));
    await eventually(() => (emailsTo(dana).length === 1 ? true : undefined), { what: 'the email' });
    expect(emailsTo(dana)[0]?.language).toBe('he');
    expect(weeklyData(emailsTo(dana)[0])).toMatchObject({
      title: 'כותרת 1',
      prompt: 'הנחיה 1',
      link: `${SITE}/he/profile/edit-me/1`,
    });
  });

  it('pauses, resumes, skips one week (twice is one) and stops, each idempotent', async () => {
    const dan = await known();
    const on = await start(dan, { weekday: 2, hour: 7, timeZone: 'America/New_York' });
    const natural = new Date(on.nextSendAt ?? '').getTime();

    const skipped = (await call<WeeklyQuestionSettings>('POST', 'skip', dan)).body;
    expect(skipped).toMatchObject({ state: 'on', skipping: true });
    expect(new Date(skipped.nextSendAt ?? '').getTime() - natural).toBe(WEEK_MS);
    expect((await call<WeeklyQuestionSettings>('POST', 'skip', dan)).body).toEqual(skipped);
    // The skipped week passes without an email.
    await weekly.sweep(new Date(natural + 1000));
    expect(emailsTo(dan)).toEqual([]);

    const paused = (await call<WeeklyQuestionSettings>('POST', 'pause', dan)).body;
    expect(paused).toMatchObject({ state: 'paused', nextSendAt: null, skipping: false });
    expect((await call<WeeklyQuestionSettings>('POST', 'pause', dan)).body.state).toBe('paused');
    await weekly.sweep(new Date(natural + 3 * WEEK_MS));
    expect(emailsTo(dan)).toEqual([]);

    const resumed = (await call<WeeklyQuestionSettings>('POST', 'resume', dan)).body;
    expect(resumed.state).toBe('on');
    expect(resumed.nextSendAt).not.toBeNull();

    const stopped = (await call<WeeklyQuestionSettings>('POST', 'stop', dan)).body;
    expect(stopped).toMatchObject({ state: 'off', nextSendAt: null, weekday: 2, hour: 7 });
    expect((await call<WeeklyQuestionSettings>('POST', 'stop', dan)).body.state).toBe('off');
    await weekly.sweep(new Date(natural + 5 * WEEK_MS));
    expect(emailsTo(dan)).toEqual([]);
  });

  it('acts on the email’s signed links without a session, and refuses a forged one in the caller’s language', async () => {
    const noa = await known();
    const on = await start(noa, { weekday: 3, hour: 12, timeZone: 'UTC' });
    await weekly.sweep(new Date(new Date(on.nextSendAt ?? '').getTime() + 1000));
    await eventually(() => (emailsTo(noa).length === 1 ? true : undefined), { what: 'the email' });
    const links = weeklyData(emailsTo(noa)[0]);

    // Another member's id in a token signed for Noa: refused, and Noa's settings stand.
    const other = newMember();
    const forged = tokenOf(links.pauseLink).replace(noa.userId, other.userId);
    const refused = await call<ErrorEnvelope>('POST', 'byLink', null, { token: forged });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'WEEKLY_QUESTION_LINK_INVALID',
      message: errorMessagesHe['error.WEEKLY_QUESTION_LINK_INVALID'],
    });
    const actionSwapped = tokenOf(links.pauseLink).replace('.pause.', '.stop.');
    expect(
      (await call<ErrorEnvelope>('POST', 'byLink', null, { token: actionSwapped })).status,
    ).toBe(400);
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(401) }, { token: 5 }])
      expect((await call<ErrorEnvelope>('POST', 'byLink', null, body)).status).toBe(400);
    expect((await settings(noa)).state).toBe('on');

    const skip = await call<WeeklyQuestionLinkResult>('POST', 'byLink', null, {
      token: tokenOf(links.skipLink),
    });
    expect(skip.body).toMatchObject({ action: 'skip', state: 'on' });
    expect((await settings(noa)).skipping).toBe(true);
    const pause = await call<WeeklyQuestionLinkResult>('POST', 'byLink', null, {
      token: tokenOf(links.pauseLink),
    });
    expect(pause.body).toEqual({ action: 'pause', state: 'paused', nextSendAt: null });
    const stop = await call<WeeklyQuestionLinkResult>('POST', 'byLink', null, {
      token: tokenOf(links.stopLink),
    });
    expect(stop.body).toEqual({ action: 'stop', state: 'off', nextSendAt: null });
    // Again: the same state.
    expect(
      (
        await call<WeeklyQuestionLinkResult>('POST', 'byLink', null, {
          token: tokenOf(links.stopLink),
        })
      ).body,
    ).toEqual({ action: 'stop', state: 'off', nextSendAt: null });
  });

  it('ends by itself when every question is answered, and says so', async () => {
    const noa = await known();
    const on = await start(noa, { weekday: 6, hour: 10, timeZone: 'Europe/Paris' });
    for (const { questionId } of QUESTIONS) await answered(noa, questionId);
    await weekly.sweep(new Date(new Date(on.nextSendAt ?? '').getTime() + 1000));
    expect(emailsTo(noa)).toEqual([]);
    expect(await settings(noa)).toMatchObject({
      state: 'finished',
      nextSendAt: null,
      nextQuestion: null,
    });
    // Starting again changes nothing: there is nothing left to ask.
    expect((await start(noa, { weekday: 6, hour: 10, timeZone: 'Europe/Paris' })).state).toBe(
      'finished',
    );
  });

  it('forgets a member who leaves, and a late answer of theirs writes nothing back', async () => {
    const noa = await known();
    await start(noa, { weekday: 0, hour: 20, timeZone: 'UTC' });
    await deliver('user.deleted', { userId: noa.userId });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.weekly_question_settings where user_id = $1',
          [noa.userId],
        )) === 0
          ? true
          : undefined,
      { what: 'the settings gone' },
    );
    // A session that outlived the departure by a moment schedules nothing back.
    const late = await call<ErrorEnvelope>('POST', 'schedule', noa, {
      weekday: 1,
      hour: 9,
      timeZone: 'UTC',
    });
    expect([late.status, late.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    await deliver('meAnswer.answered', { userId: noa.userId, questionId: 'roots', answered: true });
    // An event after it, to know the late one was handled.
    const marker = await known();
    await answered(marker, 'roots');
    expect(
      await count(
        'select count(*)::int as n from notifications.weekly_question_answers where user_id = $1',
        [noa.userId],
      ),
    ).toBe(0);
    expect(
      await count(
        'select count(*)::int as n from notifications.weekly_question_settings where user_id = $1',
        [noa.userId],
      ),
    ).toBe(0);
  });

  describe('the member’s own private questions (after the questionnaire)', () => {
    it('asks the questionnaire first, then the member’s unanswered private questions in their order, and ends when both are done', async () => {
      const noa = await known();
      const grandmother = own(1, 'My grandmother', ['What was her name?', 'Where did she live?']);
      const summer = own(2, 'The summer of 1999');
      await privateQuestions(noa, 1, [grandmother, summer]);
      const on = await start(noa, { weekday: 1, hour: 8, timeZone: 'Asia/Jerusalem' });
      // The questionnaire's first question comes first, whatever the member wrote.
      expect(on.nextQuestion).toMatchObject({ kind: 'questionnaire', questionId: 'roots' });
      const slot = new Date(on.nextSendAt ?? '').getTime();
      await weekly.sweep(new Date(slot + 1000));
      await eventually(() => (emailsTo(noa).length === 1 ? true : undefined), { what: 'week 1' });
      expect(weeklyData(emailsTo(noa)[0])).toMatchObject({ index: 1, title: 'Title 1' });
      expect(weeklyData(emailsTo(noa)[0]).kind).toBeUndefined();

      // The questionnaire done: not finished, the member's own question is next.
      for (const { questionId } of QUESTIONS) await answered(noa, questionId);
      expect((await settings(noa)).nextQuestion).toEqual({
        kind: 'private',
        questionId: grandmother.questionId,
        index: 1,
        title: { en: 'My grandmother', he: 'My grandmother' },
      });
      await weekly.sweep(new Date(slot + WEEK_MS + 1000));
      await eventually(() => (emailsTo(noa).length === 2 ? true : undefined), { what: 'week 2' });
      expect(weeklyData(emailsTo(noa)[1])).toEqual(
        expect.objectContaining({
          kind: 'private',
          index: 1,
          title: 'My grandmother',
          prompt: 'What was her name?\nWhere did she live?',
          link: `${SITE}/profile/edit-me-private/1?question=${grandmother.questionId}`,
        }),
      );

      // She answered it and deleted nothing: the summer one keeps its place, and comes next.
      await privateQuestions(noa, 2, [summer]);
      await weekly.sweep(new Date(slot + 2 * WEEK_MS + 1000));
      await eventually(() => (emailsTo(noa).length === 3 ? true : undefined), { what: 'week 3' });
      expect(weeklyData(emailsTo(noa)[2])).toMatchObject({
        kind: 'private',
        title: 'The summer of 1999',
        link: `${SITE}/profile/edit-me-private/2?question=${summer.questionId}`,
      });

      // All answered, of both kinds: it ends by itself, and says so.
      await privateQuestions(noa, 3, []);
      expect(await privateRows(noa)).toBe(0);
      await weekly.sweep(new Date(slot + 3 * WEEK_MS + 1000));
      expect(emailsTo(noa)).toHaveLength(3);
      expect(await settings(noa)).toMatchObject({ state: 'finished', nextQuestion: null });

      // An older list arriving late changes nothing (the revision is lower).
      await deliver('privateQuestions.changed', {
        userId: noa.userId,
        revision: 2,
        unanswered: [summer],
      });
      const marker = await known();
      await privateQuestions(marker, 1, [own(1, 'A marker question')]);
      expect(await privateRows(noa)).toBe(0);
      expect((await settings(noa)).state).toBe('finished');

      // A new question of her own: the weekly question takes up again, a week after the last.
      const lastSentAt = new Date((await settings(noa)).lastSentAt ?? '').getTime();
      const fresh = own(1, 'What I would tell my younger self');
      await privateQuestions(noa, 4, [fresh]);
      const again = await settings(noa);
      expect(again).toMatchObject({
        state: 'on',
        nextQuestion: { kind: 'private', questionId: fresh.questionId },
      });
      expect(new Date(again.nextSendAt ?? '').getTime()).toBeGreaterThanOrEqual(
        lastSentAt + 6 * 24 * 60 * 60 * 1000,
      );
    });

    it('writes a Hebrew member’s own question into their Hebrew email, linked to the Hebrew page', async () => {
      const dana = await known('he');
      for (const { questionId } of QUESTIONS) await answered(dana, questionId);
      const mine = own(3, 'הבית ברחוב הרצל', ['מי גר שם?']);
      await privateQuestions(dana, 7, [mine]);
      const on = await start(dana, { weekday: 4, hour: 19, timeZone: 'Asia/Jerusalem' });
      expect(on.state).toBe('on');
      await weekly.sweep(new Date(new Date(on.nextSendAt ?? '').getTime() + 1000));
      await eventually(() => (emailsTo(dana).length === 1 ? true : undefined), { what: 'email' });
      expect(emailsTo(dana)[0]?.language).toBe('he');
      expect(weeklyData(emailsTo(dana)[0])).toMatchObject({
        kind: 'private',
        title: 'הבית ברחוב הרצל',
        prompt: 'מי גר שם?',
        link: `${SITE}/he/profile/edit-me-private/3?question=${mine.questionId}`,
      });
    });

    it('shows and sends a private question to its owner alone', async () => {
      const owner = await known();
      const other = await known();
      for (const who of [owner, other])
        for (const { questionId } of QUESTIONS) await answered(who, questionId);
      const secret = own(1, 'A secret only the owner may read');
      await privateQuestions(owner, 1, [secret]);
      const starts = await Promise.all(
        [owner, other].map((who) => start(who, { weekday: 2, hour: 21, timeZone: 'UTC' })),
      );
      // The other member has none of their own: finished, and never told of the owner's.
      expect(starts[1]).toMatchObject({ state: 'finished', nextQuestion: null });
      expect(JSON.stringify(await settings(other))).not.toContain(secret.title);
      await weekly.sweep(new Date(new Date(starts[0]?.nextSendAt ?? '').getTime() + 1000));
      await eventually(() => (emailsTo(owner).length === 1 ? true : undefined), { what: 'email' });
      expect(weeklyData(emailsTo(owner)[0]).title).toBe(secret.title);
      // Of every email queued in this run, only the owner's carries the question.
      const carrying = emails.filter((job) => JSON.stringify(job).includes(secret.title));
      expect(carrying.map((job) => job.to)).toEqual([`${owner.userId}@example.com`]);
    });

    it('forgets a member’s private questions when they leave, and a late list writes nothing back', async () => {
      const noa = await known();
      await privateQuestions(noa, 1, [own(1, 'Soon to be forgotten')]);
      expect(await privateRows(noa)).toBe(1);
      await deliver('user.deleted', { userId: noa.userId });
      await eventually(
        async () =>
          (await count(
            'select count(*)::int as n from notifications.weekly_question_private_lists where user_id = $1',
            [noa.userId],
          )) === 0
            ? true
            : undefined,
        { what: 'the private questions gone' },
      );
      expect(await privateRows(noa)).toBe(0);
      await deliver('privateQuestions.changed', {
        userId: noa.userId,
        revision: 9,
        unanswered: [own(1, 'Written back too late')],
      });
      const marker = await known();
      await privateQuestions(marker, 1, [own(1, 'A marker question')]);
      expect(await privateRows(noa)).toBe(0);
      expect(
        await count(
          'select count(*)::int as n from notifications.weekly_question_private_lists where user_id = $1',
          [noa.userId],
        ),
      ).toBe(0);
    });
  });
});
