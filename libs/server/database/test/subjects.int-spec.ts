import { randomUUID } from 'node:crypto';
import { createTestDatabase, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '../src/database';
import { removedMemberKey } from '../src/ids';
import { NO_OWNER, SubjectStore, type SubjectStoreOptions } from '../src/subjects';

// The services' suites (apps/feed-messages, apps/reactions) hold the read model's behaviour as
// each service sees it. These hold what each option of the shared store does, the branches a
// service's suite cannot reach: a row still naming a member who left (written while they were
// leaving), and a departure's effect on privacy and on `changed_at`.
describe(SubjectStore.name, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let db: Db;

  const tables = (schema: string) => sql`
    create schema ${sql.identifier(schema)};
    create table ${sql.identifier(schema)}.subject_privacy (
      subject_id text primary key, owner_id uuid not null, audience text not null,
      deleted boolean not null default false, changed_at timestamptz not null);
    create table ${sql.identifier(schema)}.removed_members (
      member_key text primary key, removed_at timestamptz not null default now());
    create table ${sql.identifier(schema)}.unannounced_subjects (
      subject_id text primary key, created_at timestamptz not null default now());
    create table ${sql.identifier(schema)}.moderated_items (
      kind text not null, item_id text not null, owner_id uuid not null, state text not null,
      case_id text not null, changed_at timestamptz not null, primary key (kind, item_id))`;

  const store = (schema: string, options: Partial<SubjectStoreOptions>) =>
    new SubjectStore(db, {
      schema,
      unannouncedCollection: false,
      disownedPrivacy: 'kept',
      ...options,
    });

  const row = async (schema: string, subjectId: string) => {
    const result: unknown = await db.execute(sql`
      select owner_id as "ownerId", audience, deleted, changed_at as "changedAt"
      from ${sql.identifier(schema)}.subject_privacy where subject_id = ${subjectId}`);
    const found = (result as { rows: Array<Record<string, unknown>> }).rows[0];
    // The driver answers a raw statement's timestamps as text.
    return found && { ...found, changedAt: new Date(String(found['changedAt'])) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 2 });
    db = handle.db;
    await db.execute(tables('privacy_kept'));
    await db.execute(tables('made_private'));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  // Issue 29, item 4: one rule for a late announcement of a member who left, in both services.
  it.each(['privacy_kept', 'made_private'])(
    'in %s: a late announcement of a member who left leaves their subject deleted and nobody’s',
    async (schema) => {
      const subjects = store(schema, {});
      const [owner, raced, unknown, others] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      // As a departure racing an announcement leaves it: the digest is there, the row too.
      await db.execute(sql`
        insert into ${sql.identifier(schema)}.subject_privacy (subject_id, owner_id, audience, changed_at)
        values (${raced}, ${owner}::uuid, 'circle', '2026-11-01T00:00:00Z')`);
      await db.execute(sql`
        insert into ${sql.identifier(schema)}.removed_members (member_key)
        values (${removedMemberKey(owner)})`);
      // A row no longer theirs (another member's word came later) is left as it is.
      await subjects.applyPrivacy(
        others,
        randomUUID(),
        'members',
        new Date('2026-11-03T00:00:00Z'),
      );

      await subjects.applyPrivacy(raced, owner, 'public', new Date('2026-11-02T00:00:00Z'));
      await subjects.applyPrivacy(unknown, owner, 'public', new Date('2026-11-02T00:00:00Z'));
      await subjects.applyPrivacy(others, owner, 'public', new Date('2026-11-02T00:00:00Z'));

      // Nobody's and gone; its audience as last said (nobody reads what is gone anyway).
      expect(await row(schema, raced)).toMatchObject({
        ownerId: NO_OWNER,
        audience: 'circle',
        deleted: true,
      });
      expect(await subjects.subject(unknown)).toEqual({
        ownerId: NO_OWNER,
        audience: 'private',
        deleted: true,
      });
      expect(await subjects.subject(others)).toMatchObject({
        audience: 'members',
        deleted: false,
      });
      expect((await subjects.subject(others))?.ownerId).not.toBe(NO_OWNER);
    },
  );

  it('disownSubjects: audience kept or made private; `leftAt` moves changed_at forward only', async () => {
    const kept = store('privacy_kept', { disownedPrivacy: 'kept' });
    const hidden = store('made_private', { disownedPrivacy: 'private' });
    const owner = randomUUID();
    const [early, late] = [randomUUID(), randomUUID()];
    for (const subjects of [kept, hidden]) {
      await subjects.applyPrivacy(early, owner, 'members', new Date('2026-11-01T00:00:00Z'));
      await subjects.applyPrivacy(late, owner, 'circle', new Date('2026-11-03T00:00:00Z'));
    }

    expect(await kept.disownSubjects(owner, new Date('2026-11-02T00:00:00Z'))).toBe(2);
    expect(await hidden.disownSubjects(owner)).toBe(2);

    expect(await row('privacy_kept', early)).toEqual({
      ownerId: NO_OWNER,
      audience: 'members',
      deleted: true,
      changedAt: new Date('2026-11-02T00:00:00Z'),
    });
    expect((await row('privacy_kept', late))?.changedAt).toEqual(new Date('2026-11-03T00:00:00Z'));
    expect(await row('made_private', early)).toEqual({
      ownerId: NO_OWNER,
      audience: 'private',
      deleted: true,
      changedAt: new Date('2026-11-01T00:00:00Z'),
    });
  });
});
