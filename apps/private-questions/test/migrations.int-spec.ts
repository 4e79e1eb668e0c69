import { randomUUID } from 'node:crypto';
import type { DomainEventPayload } from '@mepedia/contracts';
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
});
