import type {
  AnswerPrivacy,
  DomainEventEnvelope,
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
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createMeAnswersApp } from '../src/me-answers.app';
import { QUESTIONNAIRE } from '../src/questionnaire/questions';

const QUESTIONS = QUESTIONNAIRE.slice(0, 4);

// Issue 34: a live answer's four audiences over real HTTP, on each engine. A member's answers are
// read by each reader as their audience allows (a guest, a member, a member of the owner's
// circle, the owner), views count only for readers, and whoever may not read gets the same 404.
describeEachEngine('me-answers: audiences', (engine) => {
  const queue = new InProcessQueue();
  const events: DomainEventEnvelope[] = [];
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
  /** Answer the questionnaire's first four questions live, one per audience, in order. */
  async function answered(who: Member, audiences: AnswerPrivacy[]): Promise<OwnMeAnswer[]> {
    const saved: OwnMeAnswer[] = [];
    for (const [i, privacy] of audiences.entries()) {
      const question = QUESTIONS[i];
      if (!question) throw new Error('not enough questions');
      const answer = await post<OwnMeAnswer>(who, 'saveLive', {
        questionId: question.questionId,
        answerData: { [question.subQuestions[0]?.subQuestionId ?? '']: `Answer ${privacy}` },
        version: 0,
        privacy,
      });
      expect(answer.status).toBe(200);
      expect(answer.body.privacy).toBe(privacy);
      saved.push(answer.body);
    }
    return saved;
  }
  const membership = async (owner: Member, member: Member, inCircle: boolean, at = new Date()) => {
    const type = inCircle ? 'circle.member.added' : 'circle.member.removed';
    await queue.add(
      'events-me-answers',
      type,
      envelope(type, { ownerId: owner.userId, memberId: member.userId }, at, 'circles'),
    );
    await eventually(
      async () =>
        (
          await tested.database.query<{ in_circle: boolean }>(
            'select in_circle from me_answers.circle_memberships where owner_id = $1 and member_id = $2',
            [owner.userId, member.userId],
          )
        )[0]?.in_circle === inCircle
          ? true
          : undefined,
      { what: 'the circle membership' },
    );
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

  it('gives each reader the answers of their audience, and counts views of those alone', async () => {
    const [owner, family, outsider] = [newMember(), newMember(), newMember()];
    await membership(owner, family, true);
    const saved = await answered(owner, ['public', 'members', 'circle', 'private']);
    const byAudience = Object.fromEntries(saved.map((answer) => [answer.privacy, answer]));
    const expected: Array<[string, Member | null, AnswerPrivacy[]]> = [
      ['guest', null, ['public']],
      ['outsider', outsider, ['public', 'members']],
      ['family', family, ['public', 'members', 'circle']],
      ['owner', owner, ['public', 'members', 'circle', 'private']],
    ];
    for (const [name, reader, audiences] of expected) {
      const read = (await theirs(owner.userId, reader)).map((answer) => answer.privacy);
      expect({ reader: name, read }).toEqual({ reader: name, read: audiences });
      for (const answer of saved) {
        const view = await post(reader, 'updatePostViews', { meAnswerId: answer.meAnswerId });
        expect({ reader: name, audience: answer.privacy, status: view.status }).toEqual({
          reader: name,
          audience: answer.privacy,
          status: audiences.includes(answer.privacy) ? 200 : 404,
        });
      }
    }
    // Every reader's kind has its own list: a guest's read first does not serve a member.
    expect((await theirs(owner.userId, null)).map((answer) => answer.privacy)).toEqual(['public']);
    expect(byAudience['circle']).toBeDefined();
  });

  it('takes circle answers from a member removed from the circle at once, whatever order the words come in', async () => {
    const [owner, family] = [newMember(), newMember()];
    const t0 = Date.now();
    await membership(owner, family, true, new Date(t0));
    await answered(owner, ['circle']);
    expect((await theirs(owner.userId, family)).map((answer) => answer.privacy)).toEqual([
      'circle',
    ]);
    await membership(owner, family, false, new Date(t0 + 2000));
    // An older "added" arriving late changes nothing.
    await queue.add(
      'events-me-answers',
      'circle.member.added',
      envelope(
        'circle.member.added',
        { ownerId: owner.userId, memberId: family.userId },
        new Date(t0 + 1000),
        'circles',
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await theirs(owner.userId, family)).toEqual([]);
  });

  it('announces the audience with each save, so comments, reactions and notifications follow it', async () => {
    const owner = newMember();
    const [answer] = await answered(owner, ['members']);
    if (!answer) throw new Error('no answer');
    const narrowed = await post<OwnMeAnswer>(owner, 'saveLive', {
      questionId: answer.questionId,
      answerData: answer.live,
      version: answer.version,
      privacy: 'circle',
    });
    expect(narrowed.body.privacy).toBe('circle');
    await eventually(
      () =>
        events.filter(
          (event) =>
            event.type === 'meAnswer.privacy.changed' &&
            (event.payload as { meAnswerId?: string }).meAnswerId === answer.meAnswerId,
        ).length >= 2 || undefined,
      { what: 'two meAnswer.privacy.changed' },
    );
    expect(
      events
        .filter(
          (event) =>
            event.type === 'meAnswer.privacy.changed' &&
            (event.payload as { meAnswerId?: string }).meAnswerId === answer.meAnswerId,
        )
        .map((event) => (event.payload as { privacy: string }).privacy),
    ).toEqual(['members', 'circle']);
  });
});
