import { randomUUID } from 'node:crypto';
import { excerptOf } from '@mepedia/contracts';
import { removedMemberKey } from '@mepedia/server-database';
import {
  describeEachEngine,
  expectSubjectAudiencesUpgrade,
  upgradeAcross,
  type TestDatabase,
} from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { FEED_MESSAGES_MIGRATIONS } from '../src/feed-messages.app';

type Sql = TestDatabase['query'];

/** A comment as an older release wrote it (a placeholder: no author and no text). */
const insertMessage = (
  sql: Sql,
  message: {
    id: string;
    subjectId: string;
    authorId: string | null;
    text: string | null;
    parentId?: string;
    replies?: number;
  },
) =>
  sql(
    `insert into feed_messages.messages (id, room_id, post_id, parent_id, author_id, text,
       deleted, replies_count)
     values ($1, $2, $2, $3, $4, $5, $6, $7)`,
    [
      message.id,
      message.subjectId,
      message.parentId ?? null,
      message.authorId,
      message.text,
      message.authorId === null,
      message.replies ?? 0,
    ],
  );

const insertSubject = (
  sql: Sql,
  subjectId: string,
  ownerId: string,
  audience: string,
  deleted = false,
) =>
  sql(
    `insert into feed_messages.subject_privacy (subject_id, owner_id, audience, deleted, changed_at)
     values ($1, $2, $3, $4, now())`,
    [subjectId, ownerId, audience, deleted],
  );

// The standalone process migrates its PGlite data as the service migrates PostgreSQL.
describeEachEngine('feed-messages migrations', (engine) => {
  it(
    '0007 gives each subject its audience, and keeps `private` equal to it for the release before',
    () => expectSubjectAudiencesUpgrade(engine, FEED_MESSAGES_MIGRATIONS),
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every comment to the moderation service alone, with its subject’s audience and owner, dated the epoch (issue 35)',
    async () => {
      const [owner, commenter, gone, goneOwner] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      const subject = {
        open: randomUUID(),
        secret: randomUUID(),
        family: randomUUID(),
        unannounced: randomUUID(),
        deleted: randomUUID(),
        ofGone: randomUUID(),
      };
      const comment = {
        open: randomUUID(),
        secret: randomUUID(),
        family: randomUUID(),
        unannounced: randomUUID(),
        placeholder: randomUUID(),
        reply: randomUUID(),
        onDeleted: randomUUID(),
        byGone: randomUUID(),
        onGones: randomUUID(),
      };
      const long = `${'Well\u00a0said,\n\n'.repeat(12)}${'😀'.repeat(60)} and so on`;
      await upgradeAcross(
        engine,
        FEED_MESSAGES_MIGRATIONS,
        '0010_announce_comments_to_moderation',
        async (sql) => {
          // What the migrations before announced was relayed long ago.
          await sql('delete from feed_messages.outbox');
          await insertSubject(sql, subject.open, owner, 'public');
          await insertSubject(sql, subject.secret, owner, 'private');
          await insertSubject(sql, subject.family, owner, 'circle');
          await insertSubject(sql, subject.deleted, owner, 'public', true);
          await insertSubject(sql, subject.ofGone, goneOwner, 'public');
          await insertMessage(sql, {
            id: comment.open,
            subjectId: subject.open,
            authorId: commenter,
            text: long,
          });
          // The owner's own word in their private story's discussion, the one reader there.
          await insertMessage(sql, {
            id: comment.secret,
            subjectId: subject.secret,
            authorId: owner,
            text: 'Mine',
          });
          await insertMessage(sql, {
            id: comment.family,
            subjectId: subject.family,
            authorId: commenter,
            text: 'Family',
          });
          await insertMessage(sql, {
            id: comment.unannounced,
            subjectId: subject.unannounced,
            authorId: commenter,
            text: 'Early',
          });
          await insertMessage(sql, {
            id: comment.placeholder,
            subjectId: subject.open,
            authorId: null,
            text: null,
            replies: 1,
          });
          await insertMessage(sql, {
            id: comment.reply,
            subjectId: subject.open,
            authorId: commenter,
            text: 'Still here',
            parentId: comment.placeholder,
          });
          await insertMessage(sql, {
            id: comment.onDeleted,
            subjectId: subject.deleted,
            authorId: commenter,
            text: 'Gone post',
          });
          // Their departures not yet applied here: the author's, and the story owner's.
          await insertMessage(sql, {
            id: comment.byGone,
            subjectId: subject.open,
            authorId: gone,
            text: 'Bye',
          });
          await insertMessage(sql, {
            id: comment.onGones,
            subjectId: subject.ofGone,
            authorId: commenter,
            text: 'Hello?',
          });
          for (const member of [gone, goneOwner])
            await sql('insert into feed_messages.removed_members (member_key) values ($1)', [
              removedMemberKey(member),
            ]);
        },
        async (sql) => {
          const events = await sql<{ payload: Record<string, unknown>; at: number }>(
            `select payload, extract(epoch from occurred_at)::int as at from feed_messages.outbox
             where type = 'existingItem.announced'`,
          );
          for (const event of events) expect(event.at).toBe(0);
          const announced = Object.fromEntries(
            events.map((event) => [String(event.payload['itemId']), event.payload]),
          );
          const said = (
            id: string,
            subjectId: string,
            ownerId: string,
            audience: string,
            audienceOwnerId: string,
            text: string,
          ) => ({
            kind: 'comment',
            itemId: id,
            ownerId,
            audience,
            audienceOwnerId,
            title: null,
            excerpt: excerptOf(text),
            subjectId,
            questionId: null,
          });
          // No placeholder, nothing about a deleted story or a departed member's.
          expect(announced).toEqual({
            [comment.open]: said(comment.open, subject.open, commenter, 'public', owner, long),
            [comment.secret]: said(comment.secret, subject.secret, owner, 'private', owner, 'Mine'),
            [comment.family]: said(
              comment.family,
              subject.family,
              commenter,
              'circle',
              owner,
              'Family',
            ),
            // Never announced: public, its author's, as a new comment's announcement says it.
            [comment.unannounced]: said(
              comment.unannounced,
              subject.unannounced,
              commenter,
              'public',
              commenter,
              'Early',
            ),
            [comment.reply]: said(
              comment.reply,
              subject.open,
              commenter,
              'public',
              owner,
              'Still here',
            ),
          });
          expect(String(announced[comment.open]?.['excerpt'])).toMatch(
            /^Well said, Well said,.*…$/,
          );
          // Nothing anyone else hears: no feedMessage.changed, so nobody is told of a comment.
          expect(
            await sql(
              `select type from feed_messages.outbox where type <> 'existingItem.announced'`,
            ),
          ).toEqual([]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});
