import { randomUUID } from 'node:crypto';
import { answerText, SearchableChangedEvent } from '@mepedia/contracts';
import { removedMemberKey } from '@mepedia/server-database';
import {
  describeEachEngine,
  upgradeAcross,
  type TestDatabase,
  type TestEngine,
} from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { ME_ANSWERS_MIGRATIONS } from '../src/me-answers.app';
import { magazineContent } from '../src/me-answers.service';
import { QUESTIONNAIRE } from '../src/questionnaire/questions';

type Sql = TestDatabase['query'];

/** A question's title as the questionnaire has it. */
const titleOf = (questionId: string) => {
  const question = QUESTIONNAIRE.find((q) => q.questionId === questionId);
  if (!question) throw new Error(`no question ${questionId}`);
  return question.title;
};

/** Upgrade across `tag` (upgradeAcross): this service's migrations. */
const upgrade = (
  engine: TestEngine,
  tag: string,
  seed: (sql: Sql) => Promise<unknown>,
  check: (sql: Sql) => Promise<void>,
) => upgradeAcross(engine, ME_ANSWERS_MIGRATIONS, tag, seed, check);

// Each upgrade on each engine: the standalone process migrates its PGlite data as the service
// migrates PostgreSQL.
describeEachEngine('me-answers migrations', (engine) => {
  it(
    'announce the answers that were private before the comments service was told',
    async () => {
      const [secret, open, member] = [randomUUID(), randomUUID(), randomUUID()];
      await upgrade(
        engine,
        '0002_announce_private_answers',
        (sql) =>
          sql(
            `insert into me_answers.answers (id, user_id, question_id, draft, privacy)
             values ($1, $3, 'roots', '{}', 'private'), ($2, $3, 'places', '{}', 'public')`,
            [secret, open, member],
          ),
        async (sql) => {
          // (Later migrations announce other things: the questionnaire, answered questions.)
          const events = await sql(
            `select type, payload from me_answers.outbox
             where published_at is null and type = 'meAnswer.privacy.changed'`,
          );
          expect(events).toEqual([
            {
              type: 'meAnswer.privacy.changed',
              payload: { meAnswerId: secret, userId: member, privacy: 'private' },
            },
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every answer with live text, public ones too, so comments and reactions know it',
    async () => {
      const [secret, open, draft, member] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await upgrade(
        engine,
        '0003_announce_every_answer',
        (sql) =>
          sql(
            `insert into me_answers.answers (id, user_id, question_id, draft, live, privacy)
             values ($1, $4, 'roots', '{}', '{"roots-1":"a"}', 'private'),
                    ($2, $4, 'places', '{}', '{"places-1":"b"}', 'public'),
                    ($3, $4, 'work', '{"work-1":"c"}', null, 'public')`,
            [secret, open, draft, member],
          ),
        async (sql) => {
          // An answer made private right after the deploy, announced by an app whose clock is a
          // day behind the database's, must still outrank these (consumers keep a newer word).
          const dated = await sql<{ beaten: boolean }>(
            `select bool_and(occurred_at < now() - interval '1 day') as beaten
             from me_answers.outbox
             where published_at is null and type = 'meAnswer.privacy.changed'`,
          );
          expect(dated).toEqual([{ beaten: true }]);
          const events = await sql(
            `select type, payload from me_answers.outbox
             where published_at is null and type = 'meAnswer.privacy.changed'
             order by payload->>'privacy'`,
          );
          // A draft nobody reads is no subject yet: its first live save announces it.
          expect(events).toEqual([
            {
              type: 'meAnswer.privacy.changed',
              payload: { meAnswerId: secret, userId: member, privacy: 'private' },
            },
            {
              type: 'meAnswer.privacy.changed',
              payload: { meAnswerId: open, userId: member, privacy: 'public' },
            },
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce the questionnaire with its prompts, and whether each member answered (issue 32)',
    async () => {
      const [answered, blank, member] = [randomUUID(), randomUUID(), randomUUID()];
      await upgrade(
        engine,
        '0004_announce_questionnaire_and_answers',
        (sql) =>
          sql(
            `insert into me_answers.answers (id, user_id, question_id, draft, live, privacy)
             values ($1, $3, 'roots', '{}', '{"roots-1":"By the sea"}', 'public'),
                    ($2, $3, 'places', '{}', '{"places-1":"  "}', 'public'),
                    ($4, $3, 'work', '{"work-1":"a draft"}', null, 'public')`,
            [answered, blank, member, randomUUID()],
          ),
        async (sql) => {
          const [questionnaire] = await sql<{
            payload: {
              questions: Array<{ questionId: string; index: number; prompt: { he: string } }>;
            };
          }>(`select payload from me_answers.outbox where type = 'questionnaire.changed'`);
          const questions = questionnaire?.payload.questions ?? [];
          expect(questions).toHaveLength(10);
          expect(questions.map((q) => q.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
          expect(questions[0]).toMatchObject({
            questionId: 'roots',
            title: { en: 'Where I come from', he: 'מאיפה באתי' },
          });
          expect(questions[0]?.prompt.he.length).toBeGreaterThan(0);
          // A draft alone is nothing answered; a live answer of blanks is not answered. Dated the
          // epoch, so a save after the deploy outranks them.
          const answers = await sql(
            `select payload, extract(epoch from occurred_at)::int as at from me_answers.outbox
             where type = 'meAnswer.answered' order by payload->>'questionId'`,
          );
          expect(answers).toEqual([
            { payload: { userId: member, questionId: 'places', answered: false }, at: 0 },
            { payload: { userId: member, questionId: 'roots', answered: true }, at: 0 },
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every answer in the magazine once more, dated the epoch, naming the answer its post was made from (issue 35)',
    async () => {
      const [inMagazine, notIn, member] = [randomUUID(), randomUUID(), randomUUID()];
      // Markup, quotes, paragraphs, a line break, blanks and a sub-question left empty.
      const live = {
        'roots-1': '  By the sea & "sand" <b>\n\n\nSecond it\'s\nline  \n',
        'roots-2': '   ',
        'roots-3': 'Third',
      };
      await upgrade(
        engine,
        '0007_announce_magazine_answers',
        (sql) =>
          sql(
            `insert into me_answers.answers (id, user_id, question_id, draft, live, privacy, published_as_post)
             values ($1, $3, 'roots', '{}', $4, 'members', true),
                    ($2, $3, 'places', '{}', '{"places-1":"Not in the magazine"}', 'public', false)`,
            [inMagazine, notIn, member, JSON.stringify(live)],
          ),
        async (sql) => {
          const events = await sql(
            `select payload, extract(epoch from occurred_at)::int as at from me_answers.outbox
             where type = 'meAnswer.published'`,
          );
          const roots = QUESTIONNAIRE.find((q) => q.questionId === 'roots');
          const question = {
            subQuestions: (roots?.subQuestions ?? []).map((sub, i) => ({
              subQuestionId: sub.subQuestionId,
              questionId: 'roots',
              position: i + 1,
              textEn: sub.text.en,
              textHe: sub.text.he,
            })),
          };
          // What the service itself would announce for it, in English, by its owner.
          expect(events).toEqual([
            {
              payload: {
                userId: member,
                questionId: 'roots',
                meAnswerId: inMagazine,
                title: roots?.title.en,
                content: magazineContent(question, live, 'en'),
                privacy: 'members',
                by: member,
              },
              at: 0,
            },
          ]);
          expect(magazineContent(question, live, 'en')).toContain(
            '<p>By the sea &amp; &quot;sand&quot; &lt;b&gt;</p><p>Second it&#39;s<br>line</p>',
          );
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
  it(
    'announce every saved answer to the moderation service alone, with its audience and question, dated the epoch (issue 35)',
    async () => {
      const [open, secret, family, draft, departed, member, gone] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await upgrade(
        engine,
        '0008_announce_answers_to_moderation',
        async (sql) => {
          // What the migrations before announced was relayed long ago.
          await sql('delete from me_answers.outbox');
          await sql(
            `insert into me_answers.answers (id, user_id, question_id, draft, live, privacy)
             values ($1, $6, 'roots', '{}', '{"roots-1":"By the sea"}', 'public'),
                    ($2, $6, 'places', '{}', '{"places-1":"A secret"}', 'private'),
                    ($3, $6, 'work', '{}', '{"work-1":"For family"}', 'circle'),
                    ($4, $6, 'loves', '{"loves-1":"a draft"}', null, 'public'),
                    ($5, $7, 'roots', '{}', '{"roots-1":"Gone"}', 'public')`,
            [open, secret, family, draft, departed, member, gone],
          );
          // A member who left, whose answer is still here (their departure not yet applied).
          await sql('insert into me_answers.removed_members (member_key) values ($1)', [
            removedMemberKey(gone),
          ]);
        },
        async (sql) => {
          const events = await sql(
            `select payload, extract(epoch from occurred_at)::int as at from me_answers.outbox
             where type = 'existingItem.announced' order by payload->>'questionId'`,
          );
          const answer = (itemId: string, audience: string, questionId: string, title: string) => ({
            payload: {
              kind: 'answer',
              itemId,
              ownerId: member,
              audience,
              audienceOwnerId: member,
              title,
              excerpt: null,
              subjectId: null,
              questionId,
            },
            at: 0,
          });
          // A draft nobody reads is nothing to report; its first save announces it.
          expect(events).toEqual([
            answer(
              secret,
              'private',
              'places',
              `${titleOf('places').en} / ${titleOf('places').he}`,
            ),
            answer(open, 'public', 'roots', 'Where I come from / מאיפה באתי'),
            answer(family, 'circle', 'work', `${titleOf('work').en} / ${titleOf('work').he}`),
          ]);
          // Nothing anyone else hears: no meAnswer.privacy.changed, nothing for notifications
          // (the search service's own announcement, 0009, is the next migration's).
          expect(
            await sql(
              `select type from me_answers.outbox
               where type not in ('existingItem.announced', 'searchable.changed')`,
            ),
          ).toEqual([]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every answer with live text to the search service alone, its text as the service makes it, dated the epoch (issue 36)',
    async () => {
      const [open, secret, blank, draft, held, departed, member, gone] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      // Out of order, blanks of every ASCII kind at the ends (and a `v`, which a careless E'\v'
      // would trim), markup, Hebrew, paragraphs, a no-break space, a sub-answer of blanks.
      const live = {
        'roots-3': '\u000b\fליד הים, <b>Tel Aviv\u000b',
        'roots-1': ' \t\r\n First paragraph\n\nsecond & "third"\u00a0 \n',
        'roots-2': ' \t \n ',
      };
      await upgrade(
        engine,
        '0009_announce_answers_to_search',
        async (sql) => {
          // What the migrations before announced was relayed long ago.
          await sql('delete from me_answers.outbox');
          await sql(
            `insert into me_answers.answers
               (id, user_id, question_id, draft, live, privacy, created_at, moderation_state,
                moderation_case_id)
             values ($1, $7, 'roots', '{}', $9, 'public', '2021-03-04T05:06:07.891234Z', 'visible', null),
                    ($2, $7, 'places', '{}', '{"places-1":"A secret"}', 'private',
                     '2022-01-01T00:00:00Z', 'visible', null),
                    ($3, $7, 'work', '{}', '{"work-1":"  ","work-2":""}', 'public', now(), 'visible',
                     null),
                    ($4, $7, 'loves', '{"loves-1":"a draft"}', null, 'public', now(), 'visible',
                     null),
                    ($5, $7, 'circles', '{}', '{"circles-1":"Reported"}', 'public',
                     '2023-01-01T00:00:00Z', 'held', 'case-1'),
                    ($6, $8, 'roots', '{}', '{"roots-1":"Gone"}', 'public', now(), 'visible', null)`,
            [open, secret, blank, draft, held, departed, member, gone, JSON.stringify(live)],
          );
          // A member who left, whose answer is still here (their departure not yet applied).
          await sql('insert into me_answers.removed_members (member_key) values ($1)', [
            removedMemberKey(gone),
          ]);
        },
        async (sql) => {
          const events = await sql<{ payload: unknown; at: number }>(
            `select payload, extract(epoch from occurred_at)::int as at from me_answers.outbox
             where type = 'searchable.changed' order by payload->>'createdAt'`,
          );
          const ids = (questionId: string) =>
            (QUESTIONNAIRE.find((q) => q.questionId === questionId)?.subQuestions ?? []).map(
              (sub) => sub.subQuestionId,
            );
          // The same text the service announces with a save (answerText), to the character.
          const text = answerText(live, ids('roots'));
          expect(text).toBe('First paragraph\n\nsecond & "third"\u00a0\nליד הים, <b>Tel Aviv');
          // A draft, blanks alone and a departed member's are not announced; a held answer says so.
          expect(events).toEqual([
            {
              payload: {
                kind: 'answer',
                id: open,
                ownerId: member,
                audience: 'public',
                title: titleOf('roots').en,
                questionTitle: titleOf('roots'),
                text,
                questionId: 'roots',
                createdAt: '2021-03-04T05:06:07.891Z',
                deleted: false,
              },
              at: 0,
            },
            {
              payload: {
                kind: 'answer',
                id: secret,
                ownerId: member,
                audience: 'private',
                title: titleOf('places').en,
                questionTitle: titleOf('places'),
                text: 'A secret',
                questionId: 'places',
                createdAt: '2022-01-01T00:00:00.000Z',
                deleted: false,
              },
              at: 0,
            },
            {
              payload: {
                kind: 'answer',
                id: held,
                ownerId: member,
                audience: 'public',
                title: titleOf('circles').en,
                questionTitle: titleOf('circles'),
                text: 'Reported',
                questionId: 'circles',
                createdAt: '2023-01-01T00:00:00.000Z',
                deleted: false,
                withheld: { state: 'held', caseId: 'case-1' },
              },
              at: 0,
            },
          ]);
          for (const { payload } of events) SearchableChangedEvent.parse(payload);
          // Nothing anyone else hears.
          expect(
            await sql(`select type from me_answers.outbox where type <> 'searchable.changed'`),
          ).toEqual([]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});
