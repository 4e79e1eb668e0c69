import { randomUUID } from 'node:crypto';
import type {
  AnswerPrivacy,
  CurrentUserAnswers,
  DomainEventEnvelope,
  DomainEventPayload,
  ModerationState,
  OwnMeAnswer,
  PublicMeAnswer,
} from '@mepedia/contracts';
import { InProcessQueue } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  BROWSER_HEADERS,
  call,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createMeAnswersApp } from '../src/me-answers.app';
import { QUESTIONNAIRE } from '../src/questionnaire/questions';

type Moderation = DomainEventPayload<'moderation.item.changed'>;
type Reader = 'owner' | 'member' | 'circle' | 'guest';

const QUESTIONS = QUESTIONNAIRE.slice(0, 4);
const LONG =
  'I was born by the sea, in a small town where everyone knew my grandmother, her bakery and her bread.';

// Issue 35: the moderation service's word on a questionnaire answer (moderation.item.changed),
// over real HTTP on each engine. Held or removed, an answer is its owner's alone: gone from the
// member's answers as every other reader reads them (the /me pages, the public profile, the
// widget read the same call), each kind of reader's kept list dropped; views uncounted. The owner
// reads it with why. The newest word stands whatever the order; the same word twice changes
// nothing; a word about another member's answer, or another kind's id, moves nothing.
describeEachEngine('me-answers: moderation', (engine) => {
  const queue = new InProcessQueue();
  const emitted: DomainEventEnvelope[] = [];
  let tested: TestService;
  let base: string;
  const as = (who: Member | null) => ({
    ...BROWSER_HEADERS,
    ...tested.as(who ?? { kind: 'guest' }),
  });
  const post = <T>(who: Member | null, path: string, body: unknown) =>
    call<T>(base, 'POST', `/api/meAnswers/${path}`, { headers: as(who), body });
  const theirs = async (userId: string, who: Member | null) => {
    const answer = await call<PublicMeAnswer[]>(
      base,
      'GET',
      `/api/meAnswers/getUserAnswers?userId=${userId}`,
      { headers: as(who) },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  /** Hand an event to the service's queue and wait until it has been handled. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date(), source = 'x') {
    const event = envelope(type, payload, occurredAt, source);
    await queue.add('events-me-answers', event.type, event, { jobId: event.id, attempts: 1 });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await queue.counts('events-me-answers');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await queue.failed('events-me-answers')).toEqual([]);
  }
  const moderate = (change: Moderation, at = new Date()) =>
    deliver('moderation.item.changed', change, at, 'moderation');
  const word = (
    answer: OwnMeAnswer,
    owner: Member,
    state: ModerationState,
    caseId: string = randomUUID(),
  ): Moderation => ({
    kind: 'answer',
    itemId: answer.meAnswerId,
    ownerId: owner.userId,
    state,
    caseId,
  });

  /** Answer the questionnaire's first questions live, one per audience, in order. */
  async function answered(who: Member, audiences: AnswerPrivacy[]): Promise<OwnMeAnswer[]> {
    const saved: OwnMeAnswer[] = [];
    for (const [i, privacy] of audiences.entries()) {
      const question = QUESTIONS[i];
      if (!question) throw new Error('not enough questions');
      const answer = await post<OwnMeAnswer>(who, 'saveLive', {
        questionId: question.questionId,
        answerData: { [question.subQuestions[0]?.subQuestionId ?? '']: LONG },
        version: 0,
        privacy,
      });
      expect(answer.status).toBe(200);
      saved.push(answer.body);
    }
    return saved;
  }

  /** The owner, a member, a member of the owner's circle, a guest. */
  async function cast() {
    const [owner, member, circle] = [newMember(), newMember(), newMember()];
    await deliver(
      'circle.member.added',
      { ownerId: owner.userId, memberId: circle.userId },
      new Date(),
      'circles',
    );
    return { owner, member, circle, guest: null };
  }

  /** For each reader: which of `answers` they read (by privacy), and whether a view counts. */
  async function whatEachReads(
    readers: Record<Reader, Member | null> & { owner: Member },
    answers: OwnMeAnswer[],
  ) {
    const seen: Record<string, unknown> = {};
    for (const [name, who] of Object.entries(readers)) {
      const read = await theirs(readers.owner.userId, who);
      const views: Record<string, number> = {};
      for (const answer of answers)
        views[answer.privacy] = (
          await post(who, 'updatePostViews', { meAnswerId: answer.meAnswerId })
        ).status;
      seen[name] = {
        read: read.map((answer) =>
          answer.moderation ? `${answer.privacy}:${answer.moderation.state}` : answer.privacy,
        ),
        views,
      };
    }
    return seen;
  }

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job.data as DomainEventEnvelope));
    tested = await startTestService('me-answers', createMeAnswersApp, { queue, engine });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('takes a held answer from every reader but its owner, gives it back, and takes it when removed', async () => {
    const readers = await cast();
    const { owner } = readers;
    const saved = await answered(owner, ['public', 'members', 'circle']);
    const [open, members, circle] = saved as [OwnMeAnswer, OwnMeAnswer, OwnMeAnswer];
    const all = (read: string[]) => ({
      read,
      views: Object.fromEntries(
        saved.map((answer) => [
          answer.privacy,
          read.some((r) => r.startsWith(answer.privacy)) ? 200 : 404,
        ]),
      ),
    });
    const before = {
      owner: all(['public', 'members', 'circle']),
      member: all(['public', 'members']),
      circle: all(['public', 'members', 'circle']),
      guest: all(['public']),
    };
    // Read by every kind of reader first: each kind's list is kept for seconds.
    expect(await whatEachReads(readers, saved)).toEqual(before);

    const [heldCase, removedCase] = [randomUUID(), randomUUID()];
    for (const answer of saved) await moderate(word(answer, owner, 'held', heldCase));
    expect(await whatEachReads(readers, saved)).toEqual({
      owner: all(['public:held', 'members:held', 'circle:held']),
      member: all([]),
      circle: all([]),
      guest: all([]),
    });
    // The owner's own answers say why.
    const own = await call<CurrentUserAnswers>(
      base,
      'GET',
      '/api/meAnswers/getCurrentUserAnswers',
      {
        headers: as(owner),
      },
    );
    expect(own.body.answers.map((answer) => answer.moderation)).toEqual([
      { state: 'held', caseId: heldCase },
      { state: 'held', caseId: heldCase },
      { state: 'held', caseId: heldCase },
    ]);

    for (const answer of saved) await moderate(word(answer, owner, 'visible'));
    expect(await whatEachReads(readers, saved)).toEqual(before);

    await moderate(word(members, owner, 'removed', removedCase));
    expect(await whatEachReads(readers, saved)).toEqual({
      owner: all(['public', 'members:removed', 'circle']),
      member: all(['public']),
      circle: all(['public', 'circle']),
      guest: all(['public']),
    });
    expect((await theirs(owner.userId, owner))[1]?.moderation).toEqual({
      state: 'removed',
      caseId: removedCase,
    });
    expect(open.privacy).toBe('public');
    expect(circle.privacy).toBe('circle');
  });

  it('keeps the state through the owner’s own saves, privacy and magazine', async () => {
    const { owner, member } = await cast();
    const [answer] = (await answered(owner, ['public'])) as [OwnMeAnswer];
    const caseId = randomUUID();
    await moderate(word(answer, owner, 'held', caseId));
    const question = QUESTIONS[0] as (typeof QUESTIONS)[0];
    const saved = await post<OwnMeAnswer>(owner, 'saveLive', {
      questionId: question.questionId,
      answerData: { [question.subQuestions[0]?.subQuestionId ?? '']: `${LONG} Again.` },
      version: answer.version,
      privacy: 'members',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.moderation).toEqual({ state: 'held', caseId });
    const published = await post<OwnMeAnswer>(owner, 'togglePublishAsPost', {
      questionId: question.questionId,
    });
    expect(published.body).toMatchObject({ publishedAsPost: true, moderation: { state: 'held' } });
    expect(await theirs(owner.userId, member)).toEqual([]);
  });

  it('lets the newest word stand whatever order they come in, and a word heard twice change nothing', async () => {
    const { owner } = await cast();
    const [answer] = (await answered(owner, ['public'])) as [OwnMeAnswer];
    const t0 = Date.now();
    const row = async () =>
      (
        await tested.database.query<{
          moderation_state: string;
          moderation_case_id: string | null;
        }>('select moderation_state, moderation_case_id from me_answers.answers where id = $1', [
          answer.meAnswerId,
        ])
      )[0];
    const removal = word(answer, owner, 'removed', 'case-r');
    await moderate(word(answer, owner, 'visible', 'case-v'), new Date(t0 + 2000));
    await moderate(word(answer, owner, 'held', 'case-h'), new Date(t0 + 1000));
    expect(await row()).toEqual({ moderation_state: 'visible', moderation_case_id: null });
    expect(await theirs(owner.userId, null)).toHaveLength(1);
    await moderate(removal, new Date(t0 + 3000));
    await moderate(removal, new Date(t0 + 3000));
    expect(await row()).toEqual({ moderation_state: 'removed', moderation_case_id: 'case-r' });
    await moderate(word(answer, owner, 'visible', 'case-v'), new Date(t0 + 4000));
    await moderate(removal, new Date(t0 + 3000));
    expect(await row()).toEqual({ moderation_state: 'visible', moderation_case_id: null });
    expect(await theirs(owner.userId, null)).toHaveLength(1);
  });

  it('tells the people directory how many public answers others still read', async () => {
    const { owner } = await cast();
    const [first] = (await answered(owner, ['public', 'public'])) as [OwnMeAnswer, OwnMeAnswer];
    const publications = () =>
      emitted
        .filter(
          (event) =>
            event.type === 'profile.publication.changed' &&
            (event.payload as { userId: string }).userId === owner.userId,
        )
        .map((event) => (event.payload as { publishedAnswers: number }).publishedAnswers);
    // The two saves' announcements first (the outbox is relayed in the background).
    for (let i = 0; i < 100 && publications().length < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const known = publications().length;
    expect(known).toBe(2);
    await moderate(word(first, owner, 'held'));
    await moderate(word(first, owner, 'visible'));
    for (let i = 0; i < 100 && publications().length < known + 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(publications().slice(known)).toEqual([1, 2]);
  });

  it('is moved by no word about another member’s answer, another kind, or an id that is none', async () => {
    const { owner, member } = await cast();
    const [answer] = (await answered(owner, ['public'])) as [OwnMeAnswer];
    const attempts: Moderation[] = [
      { ...word(answer, owner, 'removed'), ownerId: member.userId },
      { ...word(answer, owner, 'removed'), kind: 'post' },
      { ...word(answer, owner, 'removed'), kind: 'comment' },
      { ...word(answer, owner, 'removed'), kind: 'profile' },
      { ...word(answer, owner, 'removed'), itemId: owner.userId },
      { ...word(answer, owner, 'removed'), itemId: randomUUID() },
      { ...word(answer, owner, 'removed'), itemId: 'no-answer' },
    ];
    for (const attempt of attempts) await moderate(attempt);
    for (const who of [null, member, owner])
      expect(await theirs(owner.userId, who)).toEqual([
        expect.not.objectContaining({ moderation: expect.anything() }),
      ]);
    const view = await post(member, 'updatePostViews', { meAnswerId: answer.meAnswerId });
    expect(view.status).toBe(200);
  });

  it('writes nothing back for a member who left', async () => {
    const { owner } = await cast();
    const [answer] = (await answered(owner, ['public'])) as [OwnMeAnswer];
    await deliver('user.deleted', { userId: owner.userId }, new Date(), 'users');
    await moderate(word(answer, owner, 'held'));
    const rows = await tested.database.query(
      'select 1 from me_answers.answers where user_id = $1',
      [owner.userId],
    );
    expect(rows).toEqual([]);
  });
});
