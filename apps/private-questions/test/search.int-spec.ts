import {
  SearchableChangedEvent,
  type DomainEventEnvelope,
  type InsertPrivateQuestionRequest,
  type PrivateAnswer,
  type PrivateQuestion,
} from '@mepedia/contracts';
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
import { createPrivateQuestionsApp } from '../src/private-questions.app';

// Issue 36: the search service finds a member's answers to their own questions from
// `searchable.changed`, which this service records in the transaction of every live save, edit
// of the question, deletion and departure. Over real HTTP on each engine, the events read as the
// outbox relay sends them on.
describeEachEngine('private-questions: announced to the search service', (engine) => {
  let tested: TestService;
  const events: DomainEventEnvelope[] = [];

  const post = async <T>(path: string, who: Member, body: unknown) => {
    const answer = await tested.call<T>('POST', `/api/privateQuestions/${path}`, {
      headers: tested.as(who),
      body,
    });
    expect(answer.status).toBeLessThan(300);
    return answer.body;
  };
  const insert = (who: Member, request: InsertPrivateQuestionRequest) =>
    post<PrivateQuestion>('insertNewPrivateQuestion', who, request);
  const saveLive = (who: Member, body: Record<string, unknown>) =>
    post<PrivateAnswer>('saveLive', who, body);
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
  /** When the question was first answered, as kept: what the event gives as `createdAt`. */
  const answeredAt = async (questionId: string) => {
    const [row] = await tested.database.query<{ answered_at: Date | string | null }>(
      'select answered_at from private_questions.questions where id = $1',
      [questionId],
    );
    return row?.answered_at ? new Date(row.answered_at).toISOString() : null;
  };

  beforeAll(async () => {
    tested = await startTestService('private-questions', createPrivateQuestionsApp, { engine });
    tested.queue.process(
      'events',
      async (job) => void events.push(job.data as DomainEventEnvelope),
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('announces a live save with its text, audience and title, an edit of its question too; a draft or an unanswered question never', async () => {
    const owner = newMember();
    const question = await insert(owner, {
      questionTitle: 'Where I grew up',
      subQuestions: ['Which street was it?', 'Who were the neighbours?', 'What did it smell of?'],
    });
    const [street, neighbours, smell] = question.subQuestions.map((sub) => sub.id) as [
      string,
      string,
      string,
    ];
    const unanswered = await insert(owner, {
      questionTitle: 'My first job',
      subQuestions: ['What did you do there?'],
    });
    const draft = await post<PrivateAnswer>('saveDraft', owner, {
      questionIndex: 1,
      answerData: { [street]: 'Only a draft' },
      version: 0,
    });
    // Typed out of order, with blanks around and a sub-answer of blanks alone.
    const saved = await saveLive(owner, {
      questionIndex: 1,
      answerData: {
        [smell]: 'Bread <b>& jasmine',
        [neighbours]: ' \n ',
        [street]: '  Rue des Lilas\n\nnumber 4  ',
      },
      version: draft.answer.version,
      privacy: 'members',
    });
    const firstAnswered = await answeredAt(question.questionId);
    const answer = {
      kind: 'privateAnswer',
      id: question.questionId,
      ownerId: owner.userId,
      audience: 'members',
      title: 'Where I grew up',
      text: 'Rue des Lilas\n\nnumber 4\nBread <b>& jasmine',
      questionId: question.questionId,
      createdAt: firstAnswered,
      deleted: false,
    };
    expect(firstAnswered).not.toBeNull();
    expect(await toldUntil(owner, 1)).toEqual([answer]);

    // Its question's words change: what search finds it by. An unanswered question's edit, a
    // draft and a revert say nothing.
    await post('updatePrivateQuestion', owner, {
      questionId: question.questionId,
      questionTitle: 'The street where I grew up',
      subQuestions: ['Which street was it?', 'Who were the neighbours?', 'What did it smell of?'],
    });
    await post('updatePrivateQuestion', owner, {
      questionId: unanswered.questionId,
      questionTitle: 'My very first job',
      subQuestions: ['What did you do there?'],
    });
    const edited = await post<PrivateAnswer>('saveDraft', owner, {
      questionIndex: 1,
      answerData: { [street]: 'A new draft' },
      version: saved.answer.version,
    });
    const reverted = await post<PrivateAnswer>('revertDraft', owner, {
      questionIndex: 1,
      version: edited.answer.version,
    });
    // Saved again without naming an audience: it keeps its own, and the first answer's date.
    await saveLive(owner, {
      questionIndex: 1,
      answerData: { [street]: 'Rue des Lilas' },
      version: reverted.answer.version,
    });
    const words = await toldUntil(owner, 3);
    expect(words).toEqual([
      answer,
      { ...answer, title: 'The street where I grew up' },
      { ...answer, title: 'The street where I grew up', text: 'Rue des Lilas' },
    ]);
    expect(await answeredAt(question.questionId)).toBe(firstAnswered);
    expect(await answeredAt(unanswered.questionId)).toBeNull();
  });

  it('carries each audience, a private one too (found by its owner alone)', async () => {
    const owner = newMember();
    const question = await insert(owner, {
      questionTitle: 'What I believe',
      subQuestions: ['In one sentence?'],
    });
    const sub = question.subQuestions[0]!.id;
    let version = 0;
    for (const privacy of [undefined, 'circle', 'public', 'private'] as const) {
      const saved = await saveLive(owner, {
        questionIndex: 1,
        answerData: { [sub]: `Answer ${privacy ?? 'as it was'}` },
        version,
        ...(privacy ? { privacy } : {}),
      });
      version = saved.answer.version;
    }
    // A question without a chosen audience is its owner's alone.
    expect((await toldUntil(owner, 4)).map((word) => word.audience)).toEqual([
      'private',
      'circle',
      'public',
      'private',
    ]);
  });

  it('announces an answer emptied, or the sub-questions of its only texts taken away, as deleted; written again, it is back with its first date', async () => {
    const owner = newMember();
    const question = await insert(owner, {
      questionTitle: 'Things I collect',
      subQuestions: ['What do you collect?', 'Since when?'],
    });
    const [what, since] = question.subQuestions.map((sub) => sub.id) as [string, string];
    const first = await saveLive(owner, {
      questionIndex: 1,
      answerData: { [what]: 'Stamps' },
      version: 0,
    });
    const emptied = await saveLive(owner, {
      questionIndex: 1,
      answerData: { [what]: '  \t', [since]: '' },
      version: first.answer.version,
    });
    // Emptied twice: search was told already, and is told nothing more.
    const again = await saveLive(owner, {
      questionIndex: 1,
      answerData: { [what]: '' },
      version: emptied.answer.version,
    });
    const back = await saveLive(owner, {
      questionIndex: 1,
      answerData: { [since]: 'Since 1990' },
      version: again.answer.version,
    });
    // The second sub-question, which alone has text, taken away.
    await post('updatePrivateQuestion', owner, {
      questionId: question.questionId,
      questionTitle: 'Things I collect',
      subQuestions: ['What do you collect?'],
    });
    expect(back.answer.live).toEqual({ [since]: 'Since 1990' });
    const words = await toldUntil(owner, 4);
    expect(words.map(({ text, deleted }) => ({ text, deleted }))).toEqual([
      { text: 'Stamps', deleted: false },
      { text: '', deleted: true },
      { text: 'Since 1990', deleted: false },
      { text: '', deleted: true },
    ]);
    expect(new Set(words.map((word) => word.createdAt)).size).toBe(1);
    expect(new Set(words.map((word) => word.id))).toEqual(new Set([question.questionId]));
  });

  it('announces an answered question deleted, nothing of an unanswered one, and a departed member’s answers gone', async () => {
    const owner = newMember();
    const stayer = newMember();
    const answered = await insert(owner, {
      questionTitle: 'A question answered',
      subQuestions: ['Tell me more'],
    });
    await insert(owner, {
      questionTitle: 'A question never answered',
      subQuestions: ['Why is that?'],
    });
    const kept = await insert(owner, {
      questionTitle: 'A question kept',
      subQuestions: ['And then?'],
    });
    await saveLive(owner, {
      questionIndex: 1,
      answerData: { [answered.subQuestions[0]!.id]: 'Answered' },
      version: 0,
      privacy: 'public',
    });
    await saveLive(owner, {
      questionIndex: 3,
      answerData: { [kept.subQuestions[0]!.id]: 'Kept' },
      version: 0,
    });
    const stayed = await insert(stayer, {
      questionTitle: 'Another member’s',
      subQuestions: ['Still here?'],
    });
    await saveLive(stayer, {
      questionIndex: 1,
      answerData: { [stayed.subQuestions[0]!.id]: 'Yes' },
      version: 0,
    });
    await toldUntil(owner, 2);

    // The answered one deleted (the others move up a place: no word of that), then the
    // unanswered one, now first.
    await post('deleteQuestionByIndex', owner, { questionIndex: 1 });
    await post('deleteQuestionByIndex', owner, { questionIndex: 1 });
    const departure = envelope('user.deleted', { userId: owner.userId });
    await tested.queue.add('events-private-questions', departure.type, departure, {
      jobId: departure.id,
    });
    const words = await toldUntil(owner, 4);
    expect(words.slice(2)).toEqual([
      {
        kind: 'privateAnswer',
        id: answered.questionId,
        ownerId: owner.userId,
        audience: 'public',
        title: 'A question answered',
        text: '',
        questionId: answered.questionId,
        createdAt: words[0]?.createdAt,
        deleted: true,
      },
      expect.objectContaining({ id: kept.questionId, text: '', deleted: true }),
    ]);
    await eventually(
      async () =>
        (await tested.database.count(
          'select count(*)::int as n from private_questions.questions where owner_id = $1',
          [owner.userId],
        )) === 0 || undefined,
      { what: 'the questions gone' },
    );
    expect(told(owner)).toHaveLength(4);
    expect(told(stayer).map((word) => word.deleted)).toEqual([false]);
    expect(await tested.queue.failed('events-private-questions')).toEqual([]);
  });
});
