import { BUS_CHANNELS } from '@mepedia/contracts';
import type {
  Audience,
  PrivateAnswer,
  PrivateQuestion,
  SharedPrivateAnswers,
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

// Issue 34: a private question's saved answer is read by the audience its owner chose (only
// them, until they choose). The questions and drafts stay theirs alone; getSharedAnswers gives
// each reader the saved answers of their audience, and never a draft.
describeEachEngine('private-questions: audiences', (engine) => {
  let tested: TestService;
  const post = <T>(path: string, who: Member | null, body: unknown) =>
    tested.call<T>('POST', `/api/privateQuestions/${path}`, {
      headers: who ? tested.as(who) : {},
      body,
    });
  const shared = async (owner: Member, reader: Member | null) => {
    const answer = await post<SharedPrivateAnswers>('getSharedAnswers', reader, {
      userId: owner.userId,
    });
    expect(answer.status).toBe(200);
    return answer.body.answers;
  };
  /** A question answered live with `privacy` (left out: not chosen), then a newer draft. */
  async function answered(owner: Member, title: string, privacy?: Audience) {
    const made = await post<PrivateQuestion>('insertNewPrivateQuestion', owner, {
      questionTitle: title,
      subQuestions: ['What do you remember?'],
    });
    expect(made.status).toBe(201);
    const sub = made.body.subQuestions[0]?.id ?? '';
    const live = await post<PrivateAnswer>('saveLive', owner, {
      questionIndex: made.body.questionIndex,
      questionId: made.body.questionId,
      answerData: { [sub]: `Saved: ${title}` },
      version: 0,
      ...(privacy ? { privacy } : {}),
    });
    expect(live.status).toBe(200);
    expect(live.body.question.privacy).toBe(privacy ?? 'private');
    const draft = await post<PrivateAnswer>('saveDraft', owner, {
      questionIndex: made.body.questionIndex,
      questionId: made.body.questionId,
      answerData: { [sub]: `Draft only: ${title}` },
      version: live.body.answer.version,
    });
    expect(draft.status).toBe(200);
    return made.body;
  }
  const membership = async (owner: Member, member: Member, inCircle: boolean, at = new Date()) => {
    const type = inCircle ? 'circle.member.added' : 'circle.member.removed';
    await tested.queue.add(
      'events-private-questions',
      type,
      envelope(type, { ownerId: owner.userId, memberId: member.userId }, at, 'circles'),
    );
    await eventually(
      async () =>
        (
          await tested.database.query<{ in_circle: boolean }>(
            'select in_circle from private_questions.circle_memberships where owner_id = $1 and member_id = $2',
            [owner.userId, member.userId],
          )
        )[0]?.in_circle === inCircle
          ? true
          : undefined,
      { what: 'the membership' },
    );
  };

  beforeAll(async () => {
    tested = await startTestService('private-questions', createPrivateQuestionsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('gives each reader the saved answers of their audience, never a draft, and keeps the questions the owner’s', async () => {
    const [owner, family, outsider] = [newMember(), newMember(), newMember()];
    await membership(owner, family, true);
    await answered(owner, 'Unchosen question');
    await answered(owner, 'For me alone', 'private');
    await answered(owner, 'For my circle', 'circle');
    await answered(owner, 'For members', 'members');
    await answered(owner, 'For everyone', 'public');
    const titles = async (reader: Member | null) =>
      (await shared(owner, reader)).map((answer) => answer.questionTitle);
    expect(await titles(null)).toEqual(['For everyone']);
    expect(await titles(outsider)).toEqual(['For members', 'For everyone']);
    expect(await titles(family)).toEqual(['For my circle', 'For members', 'For everyone']);
    expect(await titles(owner)).toEqual([
      'Unchosen question',
      'For me alone',
      'For my circle',
      'For members',
      'For everyone',
    ]);
    const read = await shared(owner, family);
    expect(JSON.stringify(read)).not.toContain('Draft only');
    expect(read.map((answer) => Object.values(answer.live)[0])).toEqual([
      'Saved: For my circle',
      'Saved: For members',
      'Saved: For everyone',
    ]);
    // The questions themselves stay their owner's.
    const list = await post('getQuestions', outsider, { userId: owner.userId });
    expect(list.status).toBe(403);
  });

  it('takes circle answers from a member removed from the circle, whatever order the words come in', async () => {
    const [owner, family] = [newMember(), newMember()];
    const t0 = Date.now();
    await membership(owner, family, true, new Date(t0));
    await answered(owner, 'For my circle', 'circle');
    expect(await shared(owner, family)).toHaveLength(1);
    await membership(owner, family, false, new Date(t0 + 2000));
    await tested.queue.add(
      'events-private-questions',
      'circle.member.added',
      envelope(
        'circle.member.added',
        { ownerId: owner.userId, memberId: family.userId },
        new Date(t0 + 1000),
        'circles',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await shared(owner, family)).toEqual([]);
  });

  it('narrows with the next save that names an audience, and keeps it when a save names none', async () => {
    // Every save tells the web server's page cache (me-answers.changed): a guest's kept page of
    // shared answers is drawn again at once.
    let told = 0;
    await tested.bus.subscribe(BUS_CHANNELS.answersChanged, () => {
      told += 1;
    });
    const [owner, outsider] = [newMember(), newMember()];
    const question = await answered(owner, 'For members', 'members');
    const current = await post<PrivateAnswer>('getAnswer', owner, { questionIndex: 1 });
    const sub = question.subQuestions[0]?.id ?? '';
    const kept = await post<PrivateAnswer>('saveLive', owner, {
      questionIndex: 1,
      questionId: question.questionId,
      answerData: { [sub]: 'Saved again' },
      version: current.body.answer.version,
    });
    expect(kept.body.question.privacy).toBe('members');
    expect(await shared(owner, outsider)).toHaveLength(1);
    const narrowed = await post<PrivateAnswer>('saveLive', owner, {
      questionIndex: 1,
      questionId: question.questionId,
      answerData: { [sub]: 'Saved again' },
      version: kept.body.answer.version,
      privacy: 'private',
    });
    expect(narrowed.body.question.privacy).toBe('private');
    expect(await shared(owner, outsider)).toEqual([]);
    // The first answer's save, the one naming none, and the narrowing.
    await eventually(() => (told >= 3 ? true : undefined), { what: 'the page cache told' });
    // Unknown ids and malformed ones answer an empty list, alike.
    expect(await shared(newMember(), outsider)).toEqual([]);
    const malformed = await post<SharedPrivateAnswers>('getSharedAnswers', null, {
      userId: 'not-a-member',
    });
    expect(malformed.body).toEqual({ answers: [] });
  });
});
