import {
  SearchableChangedEvent,
  type DomainEventEnvelope,
  type OwnMeAnswer,
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
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createMeAnswersApp } from '../src/me-answers.app';
import { QUESTIONNAIRE } from '../src/questionnaire/questions';

const [Q1, Q2] = QUESTIONNAIRE as [(typeof QUESTIONNAIRE)[number], (typeof QUESTIONNAIRE)[number]];
const sub = (question: (typeof QUESTIONNAIRE)[number], i = 0) =>
  question.subQuestions[i]?.subQuestionId as string;
/** Long enough for the magazine (100 characters in one sub-answer). */
const LONG =
  'I was born by the sea, in a house with a blue door, and every morning the fishermen sang to the gulls.';

// Issue 36: the search service indexes live answers from `searchable.changed`, which this
// service records in the transaction of every live save, publication and removal. Over real
// HTTP on each engine, the events read as the outbox relay sends them on.
describeEachEngine('me-answers: announced to the search service', (engine) => {
  const queue = new InProcessQueue();
  const events: DomainEventEnvelope[] = [];
  let tested: TestService;
  let base: string;

  const as = (who: Member) => ({ ...BROWSER_HEADERS, ...tested.as(who) });
  const post = async <T>(who: Member, path: string, body: unknown) => {
    const answer = await call<T>(base, 'POST', `/api/meAnswers/${path}`, {
      headers: as(who),
      body,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** What the search service was told of `who`'s answers, in the order it was told. */
  const told = (who: Member): SearchableChangedEvent[] =>
    events
      .filter((event) => event.type === 'searchable.changed')
      .map((event) => SearchableChangedEvent.parse(event.payload))
      .filter((payload) => payload.ownerId === who.userId);
  /** Wait for the `count`th word about `who` (the relay sends on its own time). */
  const toldUntil = (who: Member, count: number) =>
    eventually(() => (told(who).length >= count ? told(who) : undefined), {
      what: `${count} searchable.changed`,
    });
  /** When the answer's row was made: what the event gives as `createdAt`. */
  const madeAt = async (meAnswerId: string) => {
    const [row] = await tested.database.query<{ created_at: Date | string }>(
      'select created_at from me_answers.answers where id = $1',
      [meAnswerId],
    );
    return new Date(row?.created_at ?? 0).toISOString();
  };

  beforeAll(async () => {
    queue.process('events', async (job) => void events.push(job.data as DomainEventEnvelope));
    tested = await startTestService('me-answers', createMeAnswersApp, { queue, engine });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('announces each live save, its text the sub-answers in order and its title in the owner’s language; a draft or a revert never', async () => {
    const owner = newMember({ language: 'he' });
    const draft = await post<OwnMeAnswer>(owner, 'saveDraft', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Only a draft' },
      version: 0,
    });
    // Typed out of order, with blanks around and a sub-answer of blanks alone.
    const saved = await post<OwnMeAnswer>(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: {
        [sub(Q1, 2)]: 'ליד הים',
        [sub(Q1, 1)]: '   ',
        [sub(Q1, 0)]: '  Born in Haifa <b>\n\nby the port  \n',
      },
      version: draft.version,
    });
    const answer = {
      kind: 'answer',
      id: saved.meAnswerId,
      ownerId: owner.userId,
      audience: 'public',
      title: Q1.title.he,
      questionTitle: Q1.title,
      text: 'Born in Haifa <b>\n\nby the port\nליד הים',
      questionId: Q1.questionId,
      createdAt: await madeAt(saved.meAnswerId),
      deleted: false,
    };
    expect(await toldUntil(owner, 1)).toEqual([answer]);
    // Made by the draft, before it went live: the date kept is the row's (the first draft's).
    expect(new Date(answer.createdAt).getTime()).toBeLessThanOrEqual(
      new Date(saved.updatedAt).getTime(),
    );

    // A new draft and a revert change nothing anyone finds; the next save says so.
    const edited = await post<OwnMeAnswer>(owner, 'saveDraft', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'A draft nobody finds' },
      version: saved.version,
    });
    const reverted = await post<OwnMeAnswer>(owner, 'revertDraft', {
      questionId: Q1.questionId,
      version: edited.version,
    });
    await post(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Born in Haifa' },
      version: reverted.version,
    });
    const words = await toldUntil(owner, 2);
    expect(words).toEqual([answer, { ...answer, text: 'Born in Haifa' }]);
    expect(JSON.stringify(words)).not.toContain('draft');
  });

  it('carries the audience of each save and publication; taking it out of the magazine says nothing', async () => {
    const owner = newMember();
    const saved = await post<OwnMeAnswer>(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: LONG },
      version: 0,
      privacy: 'circle',
    });
    await post(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: LONG },
      version: saved.version,
      privacy: 'private',
    });
    // A save that names no audience keeps it, and says so again.
    await post(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: LONG },
      version: saved.version + 1,
    });
    // Put in the magazine for members: its audience changes with it.
    await post(owner, 'togglePublishAsPost', { questionId: Q1.questionId, privacy: 'members' });
    // Out of the magazine, twice over: what anyone may find is as it was.
    await post(owner, 'togglePublishAsPost', { questionId: Q1.questionId });
    await post(owner, 'deleteMeAnswersFromPosts', { questionId: Q1.questionId });
    // Another answer's save comes after them all (the relay sends in order).
    await post(owner, 'saveLive', {
      questionId: Q2.questionId,
      answerData: { [sub(Q2)]: 'Second' },
      version: 0,
    });
    const words = await toldUntil(owner, 5);
    expect(words.map((word) => [word.id, word.audience, word.title])).toEqual([
      [saved.meAnswerId, 'circle', Q1.title.en],
      [saved.meAnswerId, 'private', Q1.title.en],
      [saved.meAnswerId, 'private', Q1.title.en],
      [saved.meAnswerId, 'members', Q1.title.en],
      [expect.any(String), 'public', Q2.title.en],
    ]);
    expect(words.every((word) => !word.deleted && word.text.length > 0)).toBe(true);
  });

  it('announces an answer emptied as deleted, and back when it says something again', async () => {
    const owner = newMember();
    const saved = await post<OwnMeAnswer>(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Something' },
      version: 0,
    });
    await post(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: ' \n ', [sub(Q1, 1)]: '' },
      version: saved.version,
    });
    await post(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Something else' },
      version: saved.version + 1,
    });
    const words = await toldUntil(owner, 3);
    expect(words.map(({ text, deleted }) => ({ text, deleted }))).toEqual([
      { text: 'Something', deleted: false },
      { text: '', deleted: true },
      { text: 'Something else', deleted: false },
    ]);
    expect(new Set(words.map((word) => word.id))).toEqual(new Set([saved.meAnswerId]));
  });

  it('leaves moderation’s words to the moderation service, and announces a held answer’s saves', async () => {
    const owner = newMember();
    const saved = await post<OwnMeAnswer>(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Reported' },
      version: 0,
    });
    await toldUntil(owner, 1);
    const word = envelope(
      'moderation.item.changed',
      {
        kind: 'answer',
        itemId: saved.meAnswerId,
        ownerId: owner.userId,
        state: 'held',
        caseId: 'case-1',
      },
      new Date(),
      'moderation',
    );
    await queue.add('events-me-answers', word.type, word);
    // Held: the people directory is told again (the answer no longer counts for it).
    await eventually(
      () =>
        events.filter(
          (event) =>
            event.type === 'profile.publication.changed' &&
            (event.payload as { userId: string }).userId === owner.userId,
        ).length === 2 || undefined,
      { what: 'the directory told of the hold' },
    );
    expect(told(owner)).toHaveLength(1);
    // Its owner still edits it: the search service, which keeps moderation's word, hears it.
    await post(owner, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Reported, then edited' },
      version: saved.version,
    });
    expect((await toldUntil(owner, 2))[1]).toMatchObject({
      id: saved.meAnswerId,
      text: 'Reported, then edited',
      deleted: false,
    });
    expect(await queue.failed('events-me-answers')).toEqual([]);
  });

  it('announces the answers of a member who left as deleted, and nothing of their drafts', async () => {
    const leaver = newMember({ language: 'he' });
    const first = await post<OwnMeAnswer>(leaver, 'saveLive', {
      questionId: Q1.questionId,
      answerData: { [sub(Q1)]: 'Goodbye' },
      version: 0,
      privacy: 'members',
    });
    await post(leaver, 'saveDraft', {
      questionId: Q2.questionId,
      answerData: { [sub(Q2)]: 'A draft only' },
      version: 0,
    });
    await toldUntil(leaver, 1);
    const departure = envelope('user.deleted', { userId: leaver.userId });
    await queue.add('events-me-answers', departure.type, departure);
    const words = await toldUntil(leaver, 2);
    expect(words[1]).toEqual({
      kind: 'answer',
      id: first.meAnswerId,
      ownerId: leaver.userId,
      audience: 'members',
      // Their language left with them.
      title: Q1.title.en,
      questionTitle: Q1.title,
      text: '',
      questionId: Q1.questionId,
      createdAt: words[0]?.createdAt,
      deleted: true,
    });
    // Their draft was never found by anyone: nothing to take back.
    await eventually(
      async () =>
        (await tested.database.count(
          'select count(*)::int as n from me_answers.answers where user_id = $1',
          [leaver.userId],
        )) === 0 || undefined,
      { what: 'the answers gone' },
    );
    expect(told(leaver)).toHaveLength(2);
  });
});
