import { randomUUID } from 'node:crypto';
import { openDatabase, runMigrations } from '@mepedia/server-database';
import {
  createTestDatabase,
  migrationsBefore,
  SETUP_TIMEOUT_MS,
  withClient,
} from '@mepedia/server-testing';
import type { Client } from 'pg';
import { POSTS_MIGRATIONS } from '../src/posts.app';

/**
 * Migrate a fresh database to just before `tag`, let `seed` write rows as that release did,
 * migrate to the latest and hand the database to `check`.
 */
async function upgrade(
  tag: string,
  seed: (client: Client) => Promise<void>,
  check: (client: Client) => Promise<void>,
) {
  const database = await createTestDatabase();
  const handle = await openDatabase({ url: database.url, poolSize: 2 });
  const before = migrationsBefore(POSTS_MIGRATIONS.folder, tag);
  try {
    // As an older release migrated: its SQL, without today's data work (the re-clean reads
    // columns a later migration adds).
    await runMigrations(handle, { schema: POSTS_MIGRATIONS.schema, folder: before.folder });
    await withClient(database.url, seed);
    await runMigrations(handle, POSTS_MIGRATIONS);
    await withClient(database.url, check);
  } finally {
    before.remove();
    await handle.close();
    await database.drop();
  }
}

const insertPost = (client: Client, id: string, publisherId: string, privacy: string) =>
  client.query(
    `insert into posts.posts (id, publisher_id, title, content, content_text, image, credit,
     privacy, destination, views)
     values ($1, $2, 't', 'c', 'c', '/i', 'me', $3, 'profile', 2)`,
    [id, publisherId, privacy],
  );

describe('posts migrations', () => {
  it(
    'key a member’s earlier views as the member, so they do not count again',
    async () => {
      const postId = randomUUID();
      const memberId = randomUUID();
      const guest = 'abcdef0123456789abcdef01';
      await upgrade(
        '0002_member_view_keys',
        async (client) => {
          await insertPost(client, postId, randomUUID(), 'public');
          await client.query(
            'insert into posts.post_views (post_id, viewer) values ($1, $2), ($1, $3)',
            [postId, memberId, guest],
          );
        },
        async (client) => {
          const viewers = await client.query(
            'select viewer from posts.post_views where post_id = $1 order by viewer',
            [postId],
          );
          expect(viewers.rows.map((row: { viewer: string }) => row.viewer)).toEqual([
            guest,
            `member:${memberId}`,
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce the posts that were private before the comments service was told',
    async () => {
      const [secret, open, publisher] = [randomUUID(), randomUUID(), randomUUID()];
      await upgrade(
        '0006_announce_private_posts',
        async (client) => {
          await insertPost(client, secret, publisher, 'private');
          await insertPost(client, open, publisher, 'public');
        },
        async (client) => {
          const events = await client.query(
            `select type, payload from posts.outbox where published_at is null`,
          );
          // 0006 announced the private one; 0007 (below) announces every post once more.
          const said = (postId: string) =>
            events.rows
              .filter((row: { payload: { postId: string } }) => row.payload.postId === postId)
              .map((row: { payload: { privacy: string } }) => row.payload.privacy);
          expect(said(secret)).toEqual(['private', 'private']);
          expect(said(open)).toEqual(['public']);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every post, public ones too, so comments and reactions know which exist',
    async () => {
      const [secret, open, publisher] = [randomUUID(), randomUUID(), randomUUID()];
      await upgrade(
        '0007_announce_every_post',
        async (client) => {
          await insertPost(client, secret, publisher, 'private');
          await insertPost(client, open, publisher, 'public');
          await client.query('update posts.outbox set published_at = now()');
        },
        async (client) => {
          const events = await client.query(
            `select type, payload from posts.outbox where published_at is null
             order by payload->>'privacy'`,
          );
          expect(events.rows).toEqual([
            {
              type: 'post.privacy.changed',
              payload: { postId: secret, publisherId: publisher, privacy: 'private' },
            },
            {
              type: 'post.privacy.changed',
              payload: { postId: open, publisherId: publisher, privacy: 'public' },
            },
          ]);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'date the announcements of every post so a live one from an app whose clock is behind still wins',
    async () => {
      const [post, publisher] = [randomUUID(), randomUUID()];
      await upgrade(
        '0007_announce_every_post',
        async (client) => {
          await insertPost(client, post, publisher, 'public');
          await client.query('update posts.outbox set published_at = now()');
        },
        async (client) => {
          // The member makes the post private right after the deploy, announced by an app
          // whose clock is a day behind the database's: consumers keep only a newer word.
          const live = await client.query<{ at: Date }>(`select now() - interval '1 day' as at`);
          const backfill = await client.query<{ occurred_at: Date }>(
            `select occurred_at from posts.outbox where published_at is null`,
          );
          expect(backfill.rows).toHaveLength(1);
          const [row] = backfill.rows;
          expect(row?.occurred_at.getTime()).toBeLessThan(live.rows[0]?.at.getTime() ?? 0);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});
