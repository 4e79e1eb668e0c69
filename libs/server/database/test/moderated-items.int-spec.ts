import { randomUUID } from 'node:crypto';
import type { ModerationState } from '@mepedia/contracts';
import { createTestDatabase, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '../src/database';
import { removedMemberKey } from '../src/ids';
import { ModeratedItemStore, type ModerationWord } from '../src/moderated-items';
import { SubjectStore } from '../src/subjects';

// The moderation read model every service that shows an item keeps (issue 35): words apply by
// their time, whatever order they come in and however often, about items known or not; a member
// who left is never written back. The services' suites hold what each does with it.
describe(ModeratedItemStore.name, () => {
  const SCHEMA = 'moderated_items_test';
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let db: Db;
  let store: ModeratedItemStore;
  let subjects: SubjectStore;

  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));
  const word = (
    itemId: string,
    ownerId: string,
    state: ModerationState,
    second: number,
    kind: ModerationWord['kind'] = 'comment',
  ): ModerationWord => ({
    kind,
    itemId,
    ownerId,
    state,
    caseId: `case-${second}`,
    occurredAt: at(second),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 2 });
    db = handle.db;
    const schema = sql.identifier(SCHEMA);
    await db.execute(sql`
      create schema ${schema};
      create table ${schema}.moderated_items (
        kind text not null, item_id text not null, owner_id uuid not null, state text not null,
        case_id text not null, changed_at timestamptz not null, primary key (kind, item_id));
      create table ${schema}.removed_members (
        member_key text primary key, removed_at timestamptz not null default now());
      create table ${schema}.subject_privacy (
        subject_id text primary key, owner_id uuid not null, audience text not null,
        deleted boolean not null default false, changed_at timestamptz not null)`);
    store = new ModeratedItemStore(db, SCHEMA);
    subjects = new SubjectStore(db, {
      schema: SCHEMA,
      unannouncedCollection: false,
      disownedPrivacy: 'kept',
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('applies the newest word only: an older one come late, or one replayed, changes nothing', async () => {
    const [item, owner] = [randomUUID(), randomUUID()];
    expect(await store.apply(word(item, owner, 'removed', 2))).toBe(true);
    expect(await store.apply(word(item, owner, 'visible', 1))).toBe(false);
    expect(await store.apply(word(item, owner, 'removed', 2))).toBe(false);
    expect(await store.state('comment', item)).toEqual({
      ownerId: owner,
      state: 'removed',
      caseId: 'case-2',
    });
    expect(await store.apply(word(item, owner, 'visible', 3))).toBe(true);
    expect((await store.state('comment', item))?.state).toBe('visible');
    // Another kind's word about the same id is another item's.
    expect(await store.state('post', item)).toBeUndefined();
  });

  it('writes nothing for an owner who left, nor for an id that is no member’s', async () => {
    const [item, gone] = [randomUUID(), randomUUID()];
    await db.execute(
      sql`insert into ${sql.identifier(SCHEMA)}.removed_members (member_key) values (${removedMemberKey(gone)})`,
    );
    expect(await store.apply(word(item, gone, 'held', 1))).toBe(false);
    expect(await store.apply(word(item, 'someone', 'held', 1))).toBe(false);
    expect(await store.state('comment', item)).toBeUndefined();
  });

  it('removeMember takes the words about what a member owned', async () => {
    const [item, owner] = [randomUUID(), randomUUID()];
    await store.apply(word(item, owner, 'held', 1, 'post'));
    await store.removeMember(owner);
    expect(await store.state('post', item)).toBeUndefined();
  });

  it('gives SubjectStore a subject’s moderation, and one never announced that moderation withholds', async () => {
    const owner = randomUUID();
    const [held, visibleAgain, unannounced, unannouncedVisible] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await subjects.applyPrivacy(held, owner, 'public', at(1));
    await subjects.applyPrivacy(visibleAgain, owner, 'members', at(1));
    await store.apply(word(held, owner, 'held', 2, 'post'));
    await store.apply(word(visibleAgain, owner, 'removed', 2, 'answer'));
    await store.apply(word(visibleAgain, owner, 'visible', 3, 'answer'));
    await store.apply(word(unannounced, owner, 'removed', 2, 'answer'));
    await store.apply(word(unannouncedVisible, owner, 'visible', 2, 'post'));
    // A comment's word about a subject's id is not the subject's.
    await store.apply(word(visibleAgain, owner, 'removed', 4, 'comment'));

    const found = await subjects.subjects([held, visibleAgain, unannounced, unannouncedVisible]);
    expect(Object.fromEntries(found)).toEqual({
      [held]: { ownerId: owner, audience: 'public', deleted: false, moderation: 'held' },
      [visibleAgain]: { ownerId: owner, audience: 'members', deleted: false },
      // Known by moderation's word alone: its owner's (private until announced).
      [unannounced]: { ownerId: owner, audience: 'private', deleted: false, moderation: 'removed' },
    });
    expect(await subjects.subject(unannouncedVisible)).toBeUndefined();
  });
});
