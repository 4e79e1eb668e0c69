import { randomUUID } from 'node:crypto';
import { answerText, SearchableChangedEvent, type DomainEventPayload } from '@mepedia/contracts';
import { removedMemberKey } from '@mepedia/server-database';
import {
  describeEachEngine,
  upgradeAcross,
  type TestDatabase,
  type TestEngine,
} from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { PRIVATE_QUESTIONS_MIGRATIONS } from '../src/private-questions.app';

type Sql = TestDatabase['query'];

/** Upgrade across `tag` (upgradeAcross): this service's migrations. */
const upgrade = (
  engine: TestEngine,
  tag: string,
  seed: (sql: Sql) => Promise<unknown>,
  check: (sql: Sql) => Promise<void>,
) => upgradeAcross(engine, PRIVATE_QUESTIONS_MIGRATIONS, tag, seed, check);

// The standalone process migrates its PGlite data as the service migrates PostgreSQL.
describeEachEngine('private-questions migrations', (engine) => {
  it(
    'announce, once and dated the epoch, each member’s private questions that have no answer yet',
    async () => {
      const [writer, done, questionA, questionB, questionC, questionD] = Array.from(
        { length: 6 },
        () => randomUUID(),
      );
      await upgrade(
        engine,
        '0001_outbox_and_revision',
        async (sql) => {
          await sql(`insert into private_questions.members (user_id) values ($1), ($2)`, [
            writer,
            done,
          ]);
          // The writer: 1 answered, 2 saved live as blanks only, 3 with a draft alone.
          await sql(
            `insert into private_questions.questions
               (id, owner_id, question_index, title, sub_questions, draft, live)
             values
               ($1, $5, 1, 'Answered one', '[{"id":"aaaaaaaaaaaa","title":"Sub one"}]',
                '{"aaaaaaaaaaaa":"Yes"}', '{"aaaaaaaaaaaa":"Yes"}'),
               ($2, $5, 2, 'Blank one', '[{"id":"bbbbbbbbbbbb","title":"Sub two"},{"id":"cccccccccccc","title":"Sub three"}]',
                '{}', '{"bbbbbbbbbbbb":"  ","cccccccccccc":""}'),
               ($3, $5, 3, 'שאלה משלי', '[{"id":"dddddddddddd","title":"תת־שאלה"}]',
                '{"dddddddddddd":"only a draft"}', null),
               ($4, $6, 1, 'All answered', '[{"id":"eeeeeeeeeeee","title":"Sub"}]',
                '{}', '{"eeeeeeeeeeee":"Done"}')`,
            [questionA, questionB, questionC, questionD, writer, done],
          );
        },
        async (sql) => {
          const rows = await sql<{
            payload: DomainEventPayload<'privateQuestions.changed'>;
            at: number;
          }>(
            `select payload, extract(epoch from occurred_at)::int as at
             from private_questions.outbox where type = 'privateQuestions.changed'`,
          );
          // The member with every question answered is not announced: none is what is assumed.
          expect(rows).toEqual([
            {
              payload: {
                userId: writer,
                revision: 0,
                unanswered: [
                  {
                    questionId: questionB,
                    index: 2,
                    title: 'Blank one',
                    subQuestions: ['Sub two', 'Sub three'],
                  },
                  {
                    questionId: questionC,
                    index: 3,
                    title: 'שאלה משלי',
                    subQuestions: ['תת־שאלה'],
                  },
                ],
              },
              at: 0,
            },
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'date each answer with text by its last change, and announce it once to the search service alone, its text as the service makes it, dated the epoch (issue 36)',
    async () => {
      const [writer, gone, answered, blank, unanswered, departed] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      const subQuestions = [
        { id: 'aaaaaaaaaaaa', title: 'First' },
        { id: 'bbbbbbbbbbbb', title: 'Second' },
        { id: 'cccccccccccc', title: 'Third' },
      ];
      // Out of order, blanks of every ASCII kind at the ends (and a `v`, which a careless E'\v'
      // would trim), markup, Hebrew, paragraphs, a no-break space, a sub-answer of blanks.
      const live = {
        cccccccccccc: '\u000b\fליד הים, <b>Tel Aviv\u000b',
        aaaaaaaaaaaa: ' \t\r\n First paragraph\n\nsecond & "third"\u00a0 \n',
        bbbbbbbbbbbb: ' \t \n ',
      };
      await upgrade(
        engine,
        '0004_answered_at',
        async (sql) => {
          await sql(`insert into private_questions.members (user_id) values ($1), ($2)`, [
            writer,
            gone,
          ]);
          await sql(
            `insert into private_questions.questions
               (id, owner_id, question_index, title, sub_questions, draft, live, privacy,
                answer_updated_at)
             values
               ($1, $5, 1, 'שאלה משלי', $7, '{}', $8, 'circle', '2021-03-04T05:06:07.891234Z'),
               ($2, $5, 2, 'Blanks alone', $7, '{}', '{"aaaaaaaaaaaa":" \\n "}', 'public', now()),
               ($3, $5, 3, 'A draft alone', $7, '{"aaaaaaaaaaaa":"draft"}', null, 'public', now()),
               ($4, $6, 1, 'Gone', $7, '{}', '{"aaaaaaaaaaaa":"Gone"}', 'public', now())`,
            [
              answered,
              blank,
              unanswered,
              departed,
              writer,
              gone,
              JSON.stringify(subQuestions),
              JSON.stringify(live),
            ],
          );
          // A member who left, whose questions are still here (their departure not yet applied).
          await sql('insert into private_questions.removed_members (member_key) values ($1)', [
            removedMemberKey(gone),
          ]);
        },
        async (sql) => {
          // Answered: dated by its last change, the nearest kept; blanks or a draft: not answered.
          const dates = await sql<{ id: string; at: string | null }>(
            `select id::text as id,
               to_char(answered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at
             from private_questions.questions where owner_id = $1 order by question_index`,
            [writer],
          );
          expect(dates).toEqual([
            { id: answered, at: '2021-03-04T05:06:07.891' },
            { id: blank, at: null },
            { id: unanswered, at: null },
          ]);
          const events = await sql<{ payload: unknown; at: number }>(
            `select payload, extract(epoch from occurred_at)::int as at
             from private_questions.outbox where type = 'searchable.changed'`,
          );
          // The same text the service announces with a save (answerText), to the character.
          const text = answerText(
            live,
            subQuestions.map((sub) => sub.id),
          );
          expect(text).toBe('First paragraph\n\nsecond & "third"\u00a0\nליד הים, <b>Tel Aviv');
          // Blanks alone, a draft alone and a departed member's answer are not announced.
          expect(events).toEqual([
            {
              payload: {
                kind: 'privateAnswer',
                id: answered,
                ownerId: writer,
                audience: 'circle',
                title: 'שאלה משלי',
                text,
                questionId: answered,
                createdAt: '2021-03-04T05:06:07.891Z',
                deleted: false,
              },
              at: 0,
            },
          ]);
          for (const { payload } of events) SearchableChangedEvent.parse(payload);
          // Nothing anyone else hears (the unanswered list was announced by 0002, long ago).
          expect(
            await sql(
              `select type from private_questions.outbox
               where type not in ('searchable.changed', 'privateQuestions.changed')`,
            ),
          ).toEqual([]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});
