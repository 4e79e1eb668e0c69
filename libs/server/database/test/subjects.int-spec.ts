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
      subject_id text primary key, owner_id uuid not null, private boolean not null,
      deleted boolean not null default false, changed_at timestamptz not null);
    create table ${sql.identifier(schema)}.removed_members (
      member_key text primary key, removed_at timestamptz not null default now());
    create table ${sql.identifier(schema)}.unannounced_subjects (
      subject_id text primary key, created_at timestamptz not null default now())`;

  const store = (schema: string, options: Partial<SubjectStoreOptions>) =>
    new SubjectStore(db, {
      schema,
      unannouncedCollection: false,
      disownedPrivacy: 'kept',
      ownerLeftAnnouncement: 'unown',
      ...options,
    });

  const row = async (schema: string, subjectId: string) => {
    const result: unknown = await db.execute(sql`
      select owner_id as "ownerId", private, deleted, changed_at as "changedAt"
      from ${sql.identifier(schema)}.subject_privacy where subject_id = ${subjectId}`);
    const found = (result as { rows: Array<Record<string, unknown>> }).rows[0];
    // The driver answers a raw statement's timestamps as text.
    return found && { ...found, changedAt: new Date(String(found['changedAt'])) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 2 });
    db = handle.db;
    await db.execute(tables('unown'));
    await db.execute(tables('tombstone'));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('unown: an announcement finds a row still naming its owner who left and gives it to nobody', async () => {
    const subjects = store('unown', { ownerLeftAnnouncement: 'unown' });
    const [owner, subjectId] = [randomUUID(), randomUUID()];
    // As a departure racing an announcement leaves it: the digest is there, the row too.
    await db.execute(sql`
      insert into unown.subject_privacy (subject_id, owner_id, private, changed_at)
      values (${subjectId}, ${owner}::uuid, true, '2026-11-01T00:00:00Z')`);
    await db.execute(sql`
      insert into unown.removed_members (member_key) values (${removedMemberKey(owner)})`);

    await subjects.applyPrivacy(subjectId, owner, false, new Date('2026-11-02T00:00:00Z'));

    expect(await row('unown', subjectId)).toMatchObject({
      ownerId: NO_OWNER,
      private: true,
      deleted: false,
    });
    // A subject of theirs never announced before stays unknown.
    const unknown = randomUUID();
    await subjects.applyPrivacy(unknown, owner, false, new Date());
    expect(await subjects.subject(unknown)).toBeUndefined();
  });

  it('tombstone: a late announcement of a subject not yet known leaves it deleted and nobody’s', async () => {
    const subjects = store('tombstone', { ownerLeftAnnouncement: 'tombstone' });
    const owner = randomUUID();
    await subjects.disownSubjects(owner);
    const subjectId = randomUUID();

    await subjects.applyPrivacy(subjectId, owner, false, new Date());

    expect(await subjects.subject(subjectId)).toEqual({
      ownerId: NO_OWNER,
      private: true,
      deleted: true,
    });
  });

  it('disownSubjects: privacy kept or made private; `leftAt` moves changed_at forward only', async () => {
    const kept = store('unown', { disownedPrivacy: 'kept' });
    const hidden = store('tombstone', { disownedPrivacy: 'private' });
    const owner = randomUUID();
    const [early, late] = [randomUUID(), randomUUID()];
    for (const subjects of [kept, hidden]) {
      await subjects.applyPrivacy(early, owner, false, new Date('2026-11-01T00:00:00Z'));
      await subjects.applyPrivacy(late, owner, false, new Date('2026-11-03T00:00:00Z'));
    }

    expect(await kept.disownSubjects(owner, new Date('2026-11-02T00:00:00Z'))).toBe(2);
    expect(await hidden.disownSubjects(owner)).toBe(2);

    expect(await row('unown', early)).toEqual({
      ownerId: NO_OWNER,
      private: false,
      deleted: true,
      changedAt: new Date('2026-11-02T00:00:00Z'),
    });
    expect((await row('unown', late))?.changedAt).toEqual(new Date('2026-11-03T00:00:00Z'));
    expect(await row('tombstone', early)).toEqual({
      ownerId: NO_OWNER,
      private: true,
      deleted: true,
      changedAt: new Date('2026-11-01T00:00:00Z'),
    });
  });
});
