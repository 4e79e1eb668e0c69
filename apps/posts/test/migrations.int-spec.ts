import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, runMigrations } from '@mepedia/server-database';
import { createTestDatabase, SETUP_TIMEOUT_MS, withClient } from '@mepedia/server-testing';
import { POSTS_MIGRATIONS } from '../src/posts.app';

/** The posts migrations as they stood before `tag`: a database the service upgrades. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'posts-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const journal = JSON.parse(
    readFileSync(join(POSTS_MIGRATIONS.folder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Array<{ tag: string }> };
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === tag),
  );
  for (const entry of entries)
    copyFileSync(
      join(POSTS_MIGRATIONS.folder, `${entry.tag}.sql`),
      join(folder, `${entry.tag}.sql`),
    );
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

describe('posts migrations', () => {
  it(
    'key a member’s earlier views as the member, so they do not count again',
    async () => {
      const database = await createTestDatabase();
      const handle = await openDatabase({ url: database.url, poolSize: 2 });
      const before = migrationsBefore('0002_member_view_keys');
      try {
        await runMigrations(handle, { ...POSTS_MIGRATIONS, folder: before });
        const postId = randomUUID();
        const memberId = randomUUID();
        const guest = 'abcdef0123456789abcdef01';
        await withClient(database.url, async (client) => {
          await client.query(
            `insert into posts.posts (id, publisher_id, title, content, content_text, image, credit,
             privacy, destination, views)
           values ($1, $2, 't', 'c', 'c', '/i', 'me', 'public', 'profile', 2)`,
            [postId, randomUUID()],
          );
          await client.query(
            'insert into posts.post_views (post_id, viewer) values ($1, $2), ($1, $3)',
            [postId, memberId, guest],
          );
        });
        await runMigrations(handle, POSTS_MIGRATIONS);
        await withClient(database.url, async (client) => {
          const viewers = await client.query(
            'select viewer from posts.post_views where post_id = $1 order by viewer',
            [postId],
          );
          expect(viewers.rows.map((row: { viewer: string }) => row.viewer)).toEqual([
            guest,
            `member:${memberId}`,
          ]);
        });
      } finally {
        rmSync(before, { recursive: true, force: true });
        await handle.close();
        await database.drop();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
