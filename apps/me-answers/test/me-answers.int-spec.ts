import { randomUUID } from 'node:crypto';
import type {
  CurrentUserAnswers,
  DomainEventEnvelope,
  ErrorEnvelope,
  OwnMeAnswer,
  ProfileQuestion,
  ProfileQuestionId,
  PublicMeAnswer,
} from '@mepedia/contracts';
import { InProcessQueue } from '@mepedia/server-queue';
import {
  describeEachEngine,
  engineBehind,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  eventually,
  newMember,
  newVisitorId,
  SETUP_TIMEOUT_MS,
  BROWSER_HEADERS,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createMeAnswersApp } from '../src/me-answers.app';
import { QUESTIONNAIRE } from '../src/questionnaire/questions';

const BROWSER = BROWSER_HEADERS;
const [Q1, Q2, Q3] = QUESTIONNAIRE as [
  (typeof QUESTIONNAIRE)[number],
  (typeof QUESTIONNAIRE)[number],
  (typeof QUESTIONNAIRE)[number],
];
const sub = (question: (typeof QUESTIONNAIRE)[number], i = 0) =>
  question.subQuestions[i]?.subQuestionId as string;

// The me-answers service over real HTTP, on each engine (PGlite too: the standalone process runs
// it there): the questionnaire, drafts and live versions, the order of questions, privacy, the
// magazine's events and departures.
describeEachEngine('me-answers service over HTTP', (engine) => {
  const queue = new InProcessQueue();
  const events: DomainEventEnvelope[] = [];
  let tested: TestService;
  let base: string;

  const member = (language: 'en' | 'he' = 'en'): Member => newMember({ language });
  const as = (who: Member | null, visitorId?: string): Record<string, string> => ({
    ...BROWSER,
    ...tested.as(who ?? { kind: 'guest' }, visitorId ? { visitorId } : {}),
  });
  const post = <T>(who: Member | null, path: string, body: unknown) =>
    call<T>(base, 'POST', `/api/meAnswers/${path}`, { headers: as(who), body });
  const mine = async (who: Member) =>
    (
      await call<CurrentUserAnswers>(base, 'GET', '/api/meAnswers/getCurrentUserAnswers', {
        headers: as(who),
      })
    ).body;
  const theirs = async (userId: string, who: Member | null) =>
    (
      await call<PublicMeAnswer[]>(base, 'GET', `/api/meAnswers/getUserAnswers?userId=${userId}`, {
        headers: as(who),
      })
    ).body;
  /** Answer question `question` live (from nothing), as its author. */
  async function answerLive(who: Member, question = Q1, text = 'A house by the sea.') {
    const saved = await post<OwnMeAnswer>(who, 'saveLive', {
      questionId: question.questionId,
      answerData: { [sub(question)]: text },
      version: 0,
    });
    expect(saved.status).toBe(200);
    return saved.body;
  }
  /** Ask again until `done` holds (events pass through the outbox relay on their own time). */
  const until = <T>(read: () => T | Promise<T>, done: (value: T) => boolean) =>
    eventually(async () => {
      const value = await read();
      return done(value) ? value : undefined;
    });
  const eventsOf = (type: string, userId: string) =>
    events.filter(
      (event) => event.type === type && (event.payload as { userId?: string }).userId === userId,
    );

  beforeAll(async () => {
    queue.process('events', async (job) => void events.push(job.data as DomainEventEnvelope));
    tested = await startTestService('me-answers', createMeAnswersApp, { queue, engine });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('runs on the engine it is named for: what the app writes is in that engine’s database', async () => {
    const answer = await answerLive(member());
    expect(await engineBehind(tested.database)).toBe(engine);
    expect(
      await tested.database.count(
        'select count(*)::int as n from me_answers.answers where id = $1',
        [answer.meAnswerId],
      ),
    ).toBe(1);
  });

  describe('the questionnaire', () => {
    it('serves exactly the data its migrations wrote, in both languages, in order', async () => {
      const questions = await call<ProfileQuestion[]>(
        base,
        'GET',
        '/api/profileQuestions/getQuestions',
      );
      expect(questions.status).toBe(200);
      expect(questions.body).toEqual(
        QUESTIONNAIRE.map((entry) => ({
          questionId: entry.questionId,
          index: entry.index,
          title: entry.title,
          prompt: entry.prompt,
          subQuestions: entry.subQuestions,
        })),
      );
      const ids = await call<ProfileQuestionId[]>(
        base,
        'GET',
        '/api/profileQuestions/getQuestionsIds',
      );
      expect(ids.body).toEqual(
        QUESTIONNAIRE.map((entry) => ({ questionId: entry.questionId, index: entry.index })),
      );
      expect(ids.body.map((q) => q.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });
  });

  describe('draft, live, revert', () => {
    it('walks draft -> live -> new draft -> revert, each step versioned', async () => {
      const who = member();
      const first = await post<OwnMeAnswer>(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Born in Haifa' },
        version: 0,
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        version: 1,
        draft: { [sub(Q1)]: 'Born in Haifa' },
        live: null,
        hasUnsavedChanges: true,
      });
      const live = await post<OwnMeAnswer>(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Born in Haifa, by the port' },
        version: 1,
      });
      expect(live.body).toMatchObject({
        version: 2,
        live: { [sub(Q1)]: 'Born in Haifa, by the port' },
        hasUnsavedChanges: false,
      });
      const edited = await post<OwnMeAnswer>(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Born in Haifa, by the port, in winter' },
        version: 2,
      });
      expect(edited.body).toMatchObject({ version: 3, hasUnsavedChanges: true });
      // Readers see the live version only, never the draft.
      expect((await theirs(who.userId, null))[0]?.answerData).toEqual({
        [sub(Q1)]: 'Born in Haifa, by the port',
      });
      const reverted = await post<OwnMeAnswer>(who, 'revertDraft', {
        questionId: Q1.questionId,
        version: 3,
      });
      expect(reverted.body).toMatchObject({
        version: 4,
        draft: { [sub(Q1)]: 'Born in Haifa, by the port' },
        hasUnsavedChanges: false,
      });
      expect((await mine(who)).answers).toHaveLength(1);
    });

    it('refuses a save based on an old version, and changes nothing', async () => {
      const who = member('he');
      await post(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'from the laptop' },
        version: 0,
      });
      await post(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'from the phone, newer' },
        version: 1,
      });
      const stale = await post<ErrorEnvelope>(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'from the laptop again, stale' },
        version: 1,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('ANSWER_STALE');
      expect(stale.body.message).toBe(
        'התשובה שונתה בחלון אחר. יש לטעון אותה מחדש כדי לראות את הגרסה האחרונה',
      );
      const staleLive = await post<ErrorEnvelope>(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'stale live' },
        version: 0,
      });
      expect(staleLive.body.code).toBe('ANSWER_STALE');
      const [answer] = (await mine(who)).answers;
      expect(answer).toMatchObject({ version: 2, draft: { [sub(Q1)]: 'from the phone, newer' } });
      expect(answer?.live).toBeNull();
    });

    it('refuses sub-questions of another question, unknown questions and guests', async () => {
      const who = member();
      const foreign = await post<ErrorEnvelope>(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q2)]: 'not a sub-question of the first question' },
        version: 0,
      });
      expect(foreign.status).toBe(400);
      expect(foreign.body.details).toEqual([
        expect.objectContaining({ field: 'answerData', code: 'INVALID_VALUE' }),
      ]);
      const unknown = await post<ErrorEnvelope>(who, 'saveDraft', {
        questionId: 'no-such-question',
        answerData: {},
        version: 0,
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('QUESTION_NOT_FOUND');
      const guest = await post<ErrorEnvelope>(null, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: {},
        version: 0,
      });
      expect(guest.status).toBe(401);
      expect(
        (await post<ErrorEnvelope>(who, 'revertDraft', { questionId: Q1.questionId, version: 0 }))
          .body.code,
      ).toBe('ANSWER_NOT_FOUND');
    });
  });

  describe('the order of questions', () => {
    it('opens question N only once every earlier one has a live answer', async () => {
      const who = member();
      const early = await post<ErrorEnvelope>(who, 'saveDraft', {
        questionId: Q2.questionId,
        answerData: { [sub(Q2)]: 'Jumping ahead' },
        version: 0,
      });
      expect(early.status).toBe(409);
      expect(early.body.code).toBe('QUESTION_LOCKED');
      expect((await mine(who)).nextIndex).toBe(1);
      // A draft of the first is not enough: it must be saved.
      await post(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Only a draft' },
        version: 0,
      });
      expect(
        (
          await post<ErrorEnvelope>(who, 'saveLive', {
            questionId: Q2.questionId,
            answerData: { [sub(Q2)]: 'Still ahead' },
            version: 0,
          })
        ).body.code,
      ).toBe('QUESTION_LOCKED');
      await post(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Saved now' },
        version: 1,
      });
      expect((await mine(who)).nextIndex).toBe(2);
      const second = await post<OwnMeAnswer>(who, 'saveDraft', {
        questionId: Q2.questionId,
        answerData: { [sub(Q2)]: 'Now it opens' },
        version: 0,
      });
      expect(second.status).toBe(200);
      const third = await post<ErrorEnvelope>(who, 'saveDraft', {
        questionId: Q3.questionId,
        answerData: { [sub(Q3)]: 'Not yet' },
        version: 0,
      });
      expect(third.body.code).toBe('QUESTION_LOCKED');
    });
  });

  describe('privacy', () => {
    it('shows live public answers to everyone, private ones to their owner only, drafts to nobody else', async () => {
      const owner = member();
      const other = member();
      await answerLive(owner, Q1, 'Public memory');
      await post(owner, 'saveLive', {
        questionId: Q2.questionId,
        answerData: { [sub(Q2)]: 'Private memory' },
        version: 0,
        privacy: 'private',
      });
      await post(owner, 'saveDraft', {
        questionId: Q3.questionId,
        answerData: { [sub(Q3)]: 'A draft nobody else sees' },
        version: 0,
      });
      const texts = (answers: PublicMeAnswer[]) =>
        answers.map((answer) => Object.values(answer.answerData)[0]);
      expect(texts(await theirs(owner.userId, null))).toEqual(['Public memory']);
      expect(texts(await theirs(owner.userId, other))).toEqual(['Public memory']);
      expect(texts(await theirs(owner.userId, owner))).toEqual(['Public memory', 'Private memory']);
      const own = await mine(owner);
      expect(own.answers.map((a) => a.index)).toEqual([1, 2, 3]);
      expect(own.answers[2]?.draft).toEqual({ [sub(Q3)]: 'A draft nobody else sees' });
      // Not a member id at all: nothing, not an error.
      expect(await theirs('not-a-uuid', null)).toEqual([]);
    });
  });

  describe('privacy for the comments service', () => {
    it('announces an answer’s owner and privacy with every live save', async () => {
      const owner = member();
      const privacyOf = () =>
        eventsOf('meAnswer.privacy.changed', owner.userId).map((event) => event.payload);
      const first = await answerLive(owner, Q1, 'Public from the start');
      // Public too: the comments and reactions services learn from it that the answer exists.
      // With its question and titles, for the notifications service (issue 32).
      const question = { questionId: Q1.questionId, title: expect.objectContaining({}) };
      expect(await until(privacyOf, (list) => list.length === 1)).toEqual([
        { meAnswerId: first.meAnswerId, userId: owner.userId, privacy: 'public', ...question },
      ]);
      await post(owner, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Now private' },
        version: first.version,
        privacy: 'private',
      });
      const announced = await until(privacyOf, (list) => list.length === 2);
      expect(announced[1]).toEqual({
        meAnswerId: first.meAnswerId,
        userId: owner.userId,
        privacy: 'private',
        ...question,
      });
      // A draft changes nothing readers see; a save of a private answer says so again.
      await post(owner, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Draft' },
        version: first.version + 1,
      });
      await post(owner, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Still private' },
        version: first.version + 2,
      });
      await post(owner, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Public again' },
        version: first.version + 3,
        privacy: 'public',
      });
      expect(
        (await until(privacyOf, (list) => list.length === 4)).map(
          (payload) => (payload as { privacy: string }).privacy,
        ),
      ).toEqual(['public', 'private', 'private', 'public']);
    });
  });

  describe('the magazine', () => {
    it('publishes only with 100 characters in one sub-answer, counted in characters (Hebrew)', async () => {
      const who = member('he');
      const ninetyNine = 'א'.repeat(99);
      await answerLive(who, Q1, ninetyNine);
      const short = await post<ErrorEnvelope>(who, 'togglePublishAsPost', {
        questionId: Q1.questionId,
        content: '',
        privacy: 'public',
      });
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('ANSWER_TOO_SHORT_TO_PUBLISH');
      expect(eventsOf('meAnswer.published', who.userId)).toHaveLength(0);

      // 100 Hebrew letters: 200 bytes, 100 characters.
      const hundred = `${'ב'.repeat(99)}<`;
      await post(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: hundred },
        version: 1,
      });
      const published = await post<OwnMeAnswer>(who, 'togglePublishAsPost', {
        questionId: Q1.questionId,
        content: 'ignored',
        privacy: 'public',
      });
      expect(published.status).toBe(200);
      expect(published.body.publishedAsPost).toBe(true);
      const [event] = await until(
        () => eventsOf('meAnswer.published', who.userId),
        (list) => list.length === 1,
      );
      expect(event?.payload).toMatchObject({
        questionId: Q1.questionId,
        meAnswerId: published.body.meAnswerId,
        title: Q1.title.he,
        privacy: 'public',
      });
      // The post is made from the live answer, its texts escaped, headed by the sub-question.
      const content = (event?.payload as { content: string }).content;
      expect(content).toContain(`<h3>${Q1.subQuestions[0]?.text.he}</h3>`);
      expect(content).toContain(`${'ב'.repeat(99)}&lt;`);
      expect(content).not.toContain('<<');

      // Saving again while published updates the post.
      await post(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: `${hundred} more` },
        version: 2,
      });
      await until(
        () => eventsOf('meAnswer.published', who.userId),
        (list) => list.length === 2,
      );

      // Toggling again takes it out; deleteMeAnswersFromPosts on an unpublished answer is a no-op.
      const out = await post<OwnMeAnswer>(who, 'togglePublishAsPost', {
        questionId: Q1.questionId,
      });
      expect(out.body.publishedAsPost).toBe(false);
      await until(
        () => eventsOf('meAnswer.unpublished', who.userId),
        (list) => list.length === 1,
      );
      const again = await post<OwnMeAnswer>(who, 'deleteMeAnswersFromPosts', {
        questionId: Q1.questionId,
      });
      expect(again.status).toBe(200);
      expect(eventsOf('meAnswer.unpublished', who.userId)).toHaveLength(1);

      // Published again and removed with deleteMeAnswersFromPosts.
      await post(who, 'togglePublishAsPost', { questionId: Q1.questionId });
      await post(who, 'deleteMeAnswersFromPosts', { questionId: Q1.questionId });
      await until(
        () => eventsOf('meAnswer.unpublished', who.userId),
        (list) => list.length === 2,
      );
    });

    it('follows its post: deleted by its author, the answer leaves the magazine and can be published again', async () => {
      const who = member();
      const other = member();
      const long =
        'I was born by the sea, in a house with a blue door, and every morning the fishermen sang.';
      await answerLive(who, Q1, `${long} ${long}`);
      await answerLive(other, Q1, `${long} ${long}`);
      const publish = async (author: Member) =>
        (await post<OwnMeAnswer>(author, 'togglePublishAsPost', { questionId: Q1.questionId }))
          .body;
      expect((await publish(who)).publishedAsPost).toBe(true);
      expect((await publish(other)).publishedAsPost).toBe(true);
      /** As the posts service announces a post deleted (its author's deletePost or deleteMePost). */
      const postDeleted = (author: Member, at: Date, questionId?: string) =>
        queue.add('events-me-answers', 'post.deleted', {
          id: randomUUID(),
          type: 'post.deleted',
          source: 'posts',
          occurredAt: at.toISOString(),
          payload: {
            postId: randomUUID(),
            publisherId: author.userId,
            ...(questionId ? { questionId } : {}),
          },
        });
      /** Every event handed to the service so far has been handled (none failed). */
      const settled = () =>
        until(
          () => queue.counts('events-me-answers'),
          (counts) => counts.waiting + counts.active + counts.delayed === 0,
        );
      const flag = async (author: Member) =>
        (await mine(author)).answers.find((answer) => answer.questionId === Q1.questionId)
          ?.publishedAsPost;

      // Another post of theirs, deleted: not an answer's, so the answer stays in the magazine.
      await postDeleted(who, new Date(Date.now() + 1000));
      await settled();
      expect(await flag(who)).toBe(true);

      // The answer's post, deleted by its author: the answer is out of the magazine.
      await postDeleted(who, new Date(Date.now() + 1000), Q1.questionId);
      await until(
        () => flag(who),
        (published) => published === false,
      );
      expect((await theirs(who.userId, null))[0]?.publishedAsPost).toBe(false);
      expect(await flag(other)).toBe(true);

      // Published again, it says so, and the posts service is told to make the post again.
      const before = eventsOf('meAnswer.published', who.userId).length;
      expect((await publish(who)).publishedAsPost).toBe(true);
      await until(
        () => eventsOf('meAnswer.published', who.userId),
        (list) => list.length === before + 1,
      );
      // A deletion from before that publication, arriving late, does not take the new one out.
      await postDeleted(who, new Date(Date.now() - 60_000), Q1.questionId);
      await settled();
      expect(await flag(who)).toBe(true);
      expect((await queue.counts('events-me-answers')).failed).toBe(0);

      // Removed from the answer side, it asks the posts service to delete its post.
      const removed = eventsOf('meAnswer.unpublished', who.userId).length;
      expect((await publish(who)).publishedAsPost).toBe(false);
      await until(
        () => eventsOf('meAnswer.unpublished', who.userId),
        (list) => list.length === removed + 1,
      );
    });

    it('tells the people directory how many answers are live and public, and on what topics', async () => {
      const who = member();
      await answerLive(who, Q1, 'One');
      await post(who, 'saveLive', {
        questionId: Q2.questionId,
        answerData: { [sub(Q2)]: 'Two, private' },
        version: 0,
        privacy: 'private',
      });
      const changes = await until(
        () => eventsOf('profile.publication.changed', who.userId),
        (list) => list.length === 2,
      );
      expect(changes.map((event) => event.payload)).toEqual([
        { userId: who.userId, publishedAnswers: 1, topics: [Q1.title.en, Q1.title.he] },
        { userId: who.userId, publishedAnswers: 1, topics: [Q1.title.en, Q1.title.he] },
      ]);
    });
  });

  describe('views', () => {
    it('counts a view once per viewer, and none of a private answer by others', async () => {
      const owner = member();
      const answer = await answerLive(owner, Q1, 'Seen');
      const visitor = newVisitorId();
      const view = (who: Member | null, visitorId?: string) =>
        call<{ views: number; counted: boolean } & ErrorEnvelope>(
          base,
          'POST',
          '/api/meAnswers/updatePostViews',
          { headers: as(who, visitorId), body: { meAnswerId: answer.meAnswerId } },
        );
      expect((await view(null, visitor)).body).toEqual({ views: 1, counted: true });
      expect((await view(null, visitor)).body).toEqual({ views: 1, counted: false });
      expect((await view(member())).body).toEqual({ views: 2, counted: true });
      // No visitor id (a crawler, a client without cookies): nothing counts.
      expect((await view(null)).body).toEqual({ views: 2, counted: false });

      const hidden = await post<OwnMeAnswer>(owner, 'saveLive', {
        questionId: Q2.questionId,
        answerData: { [sub(Q2)]: 'Mine alone' },
        version: 0,
        privacy: 'private',
      });
      const peek = await call<ErrorEnvelope>(base, 'POST', '/api/meAnswers/updatePostViews', {
        headers: as(member()),
        body: { meAnswerId: hidden.body.meAnswerId },
      });
      expect(peek.status).toBe(404);
      expect(peek.body.code).toBe('ANSWER_NOT_FOUND');
    });
  });

  describe('a member leaves', () => {
    it('takes their answers and their views of others’ answers with them', async () => {
      const leaver = member();
      const stayer = member();
      await answerLive(leaver, Q1, 'Goodbye');
      const kept = await answerLive(stayer, Q1, 'Still here');
      await call(base, 'POST', '/api/meAnswers/updatePostViews', {
        headers: as(leaver),
        body: { meAnswerId: kept.meAnswerId },
      });
      await queue.add('events-me-answers', 'user.deleted', {
        id: randomUUID(),
        type: 'user.deleted',
        source: 'users',
        occurredAt: new Date().toISOString(),
        payload: { userId: leaver.userId },
      });
      await until(
        () => mine(leaver),
        (answers) => answers.answers.length === 0,
      );
      expect((await theirs(stayer.userId, null))[0]?.views).toBe(0);
      const left = await tested.database.query(
        `select (select count(*) from me_answers.answers where user_id = $1)::int as answers,
                (select count(*) from me_answers.answer_views where viewer = $2)::int as views`,
        [leaver.userId, `member:${leaver.userId}`],
      );
      expect(left[0]).toEqual({ answers: 0, views: 0 });
    });
  });

  describe('answered questions for the weekly question (issue 32)', () => {
    it('announces with every save, through the outbox, whether the question is answered; a draft says nothing', async () => {
      const who = member();
      const answeredOf = () =>
        eventsOf('meAnswer.answered', who.userId).map((event) => event.payload);
      const draft = await post<OwnMeAnswer>(who, 'saveDraft', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'Only a draft' },
        version: 0,
      });
      expect(draft.status).toBe(200);
      const first = await post<OwnMeAnswer>(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: 'A house by the sea.' },
        version: draft.body.version,
      });
      expect(first.status).toBe(200);
      expect(await until(answeredOf, (list) => list.length === 1)).toEqual([
        { userId: who.userId, questionId: Q1.questionId, answered: true },
      ]);
      // Emptied and saved: no longer answered (absolute, the newest word wins).
      await post(who, 'saveLive', {
        questionId: Q1.questionId,
        answerData: { [sub(Q1)]: '   ' },
        version: first.body.version,
      });
      expect((await until(answeredOf, (list) => list.length === 2))[1]).toEqual({
        userId: who.userId,
        questionId: Q1.questionId,
        answered: false,
      });
    });
  });
});
