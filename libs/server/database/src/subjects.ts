import { AUDIENCES, type Audience, type ModerationState } from '@mepedia/contracts';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgSchema,
  text,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { removedMemberKey } from './ids';
import { ModeratedItemStore, withheld } from './moderated-items';

// ==========================================================================================
// Subjects: posts and me answers, which their services announce (owner, privacy, deletion) to
// the services that keep something about them (feed-messages, reactions). Each such service
// keeps, in its own Postgres schema, the same read model: `subject_privacy` (the latest word on
// each subject), `removed_members` (digests of members who left) and `unannounced_subjects`
// (subjects taken on trust before their announcement), beside the moderation service's word on
// each (`moderated_items`, moderated-items.ts). The tables are declared here once and put in each
// service's schema by its schema.ts; `SubjectStore` is the one place their SQL is.
// ==========================================================================================

/** Owns what members who left owned: no member has this id. */
export const NO_OWNER = '00000000-0000-0000-0000-000000000000';

/**
 * The latest word on a post or me answer: its owner, who may read it, whether it is gone, and
 * where moderation left it (issue 35; absent: never moderated, or visible again): held or
 * removed, it is its owner's alone, whatever its audience (the one rule, audience.ts).
 */
export type Subject = {
  ownerId: string;
  audience: Audience;
  deleted: boolean;
  moderation?: ModerationState;
};

/**
 * The latest word on a post or me answer: who owns it, who may read it (its `audience`, issue
 * 34), whether it is gone. A subject with no row was never announced. `changedAt` is the
 * announcement's `occurredAt`: an older announcement never overwrites a newer one.
 */
export function subjectPrivacyTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'subject_privacy',
    {
      /** A post id or a me answer id. */
      subjectId: text('subject_id').primaryKey(),
      ownerId: uuid('owner_id').notNull(),
      audience: text('audience').$type<Audience>().notNull(),
      /**
       * `audience <> 'public'`, as the release before audiences read and wrote it: kept equal to
       * `audience` by the database (each service's migration that brought `audience` gives the
       * table triggers for it), so that release, running beside this one during an upgrade,
       * reads what this one wrote, and what it writes moves `audience` (closed, never open). This
       * code never names it; a later release drops it with the triggers.
       */
      private: boolean('private').notNull().default(true),
      /** Deleted (the post, or the member who owned it): final, no announcement undoes it. */
      deleted: boolean('deleted').notNull().default(false),
      changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (table) => [
      // What a member who leaves owned.
      index('subject_privacy_owner_idx').on(table.ownerId),
      check(
        'subject_privacy_audience_check',
        sql`${table.audience} in (${sql.raw(AUDIENCES.map((audience) => `'${audience}'`).join(', '))})`,
      ),
    ],
  );
}

/**
 * Members who left, by a one-way digest of their id (removedMemberKey): an announcement naming
 * them that arrives afterwards writes nothing back with their id.
 */
export function removedMembersTable<S extends string>(schema: PgSchema<S>) {
  return schema.table('removed_members', {
    memberKey: text('member_key').primaryKey(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  });
}

/**
 * When the service began to refuse subjects never announced, on an installation that already
 * had subjects (a row per migration that brought such a rule; none on a new installation; the
 * latest counts).
 * The subjects that existed before are announced once more by their services' migrations, a
 * moment after they start: until then they are unannounced, and taken on trust
 * (`SubjectAccess`).
 */
export function subjectsStartedTable<S extends string>(schema: PgSchema<S>) {
  return schema.table('subjects_started', {
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).primaryKey(),
  });
}

/** A subject taken on trust and not announced within the grace: what the sweep hands back. */
export type UnannouncedSubject = { subjectId: string; collection: string | undefined };

/** How the services differ in what they keep; each says so in its repository. */
export type SubjectStoreOptions = {
  /** The service's Postgres schema, which has the three tables and `moderated_items`. */
  schema: string;
  /**
   * Whether the service's `unannounced_subjects` has a `collection` column (what the subject is
   * of, handed back by the sweep), and is keyed by (collection, subject_id).
   */
  unannouncedCollection: boolean;
  /**
   * What a member's leaving does to the audience of what they owned: `private` (no one may read
   * it now), or `kept` (it stays as announced; only `deleted` and the owner change).
   */
  disownedPrivacy: 'private' | 'kept';
};

/**
 * The SQL of the subjects read model (see the banner above), in one service's schema. Deleted
 * is final; announcements apply in the order of their `changedAt`; the id of a member who left is
 * never written back.
 */
export class SubjectStore {
  private readonly subjectPrivacy;
  private readonly removedMembers;
  private readonly started;
  private readonly unannounced;
  private readonly unannouncedOf;
  private readonly table: (name: string) => ReturnType<typeof sql>;
  private readonly moderation: ModeratedItemStore;

  constructor(
    private readonly db: Db,
    private readonly options: SubjectStoreOptions,
  ) {
    const schema = pgSchema(options.schema);
    this.subjectPrivacy = subjectPrivacyTable(schema);
    this.removedMembers = removedMembersTable(schema);
    this.started = subjectsStartedTable(schema);
    // Each service declares its own (reactions' has a `collection`); these name only the
    // columns the queries below use, to query it, never to migrate it.
    const createdAt = () =>
      timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
    this.unannounced = schema.table('unannounced_subjects', {
      subjectId: text('subject_id').primaryKey(),
      createdAt: createdAt(),
    });
    // Keyed by (collection, subject_id): the same id noted in two collections is two notes.
    this.unannouncedOf = schema.table('unannounced_subjects', {
      subjectId: text('subject_id').notNull(),
      collection: text('collection').notNull(),
      createdAt: createdAt(),
    });
    this.table = (name) => sql`${sql.identifier(options.schema)}.${sql.identifier(name)}`;
    this.moderation = new ModeratedItemStore(db, options.schema);
  }

  /** When this read model began to refuse what was never announced (`subjectsStartedTable`). */
  async startedAt(): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ startedAt: this.started.startedAt })
      .from(this.started)
      // The latest: each rollout that brought subjects not yet announced adds one.
      .orderBy(desc(this.started.startedAt))
      .limit(1);
    return row?.startedAt;
  }

  /**
   * What the owning service last said about a subject, with moderation's word on it; undefined:
   * never announced. One never announced that moderation holds or removed is known by that word
   * alone: its owner's, whatever it turns out to be announced as (audience `private` until then),
   * so no one else reads it on trust meanwhile.
   */
  async subject(subjectId: string): Promise<Subject | undefined> {
    return (await this.subjects([subjectId])).get(subjectId);
  }

  /** `subject` for many ids at once (one probe of the primary keys each). */
  async subjects(subjectIds: string[]): Promise<Map<string, Subject>> {
    const found = new Map<string, Subject>();
    if (subjectIds.length === 0) return found;
    const [rows, moderated] = await Promise.all([
      this.db
        .select({
          subjectId: this.subjectPrivacy.subjectId,
          ownerId: this.subjectPrivacy.ownerId,
          audience: this.subjectPrivacy.audience,
          deleted: this.subjectPrivacy.deleted,
        })
        .from(this.subjectPrivacy)
        .where(inArray(this.subjectPrivacy.subjectId, subjectIds)),
      this.moderation.states(['post', 'answer'], subjectIds),
    ]);
    for (const { subjectId, ...subject } of rows) {
      const moderation = moderated.get(subjectId);
      found.set(
        subjectId,
        withheld(moderation) ? { ...subject, moderation: moderation?.state } : subject,
      );
    }
    for (const [subjectId, moderation] of moderated)
      if (!found.has(subjectId) && withheld(moderation))
        found.set(subjectId, {
          ownerId: moderation.ownerId,
          audience: 'private',
          deleted: false,
          moderation: moderation.state,
        });
    return found;
  }

  /**
   * The owner's word on who may read a subject at `changedAt`, unless a later word is recorded
   * or the subject is deleted (final). An owner who left is never written back (a digest of
   * their id remembers): the subject is recorded deleted and nobody's, whether it was unknown or
   * a row still names them.
   */
  async applyPrivacy(
    subjectId: string,
    ownerId: string,
    audience: Audience,
    changedAt: Date,
  ): Promise<void> {
    const privacy = this.table('subject_privacy');
    const removed = this.table('removed_members');
    const key = removedMemberKey(ownerId);
    const at = changedAt.toISOString();
    await this.db.execute(sql`
      insert into ${privacy} (subject_id, owner_id, audience, changed_at)
      select ${subjectId}, ${ownerId}::uuid, ${audience}, ${at}::timestamptz
      where not exists (select 1 from ${removed} where member_key = ${key})
      on conflict (subject_id) do update
        set owner_id = excluded.owner_id, audience = excluded.audience,
            changed_at = excluded.changed_at
        where not ${privacy}.deleted
          and ${privacy}.changed_at < excluded.changed_at`);
    // An owner who left (before this, or while the first statement ran): the subject is known,
    // but nobody's now, and gone; a row still naming them, written meanwhile, is made so too.
    await this.db.execute(sql`
      insert into ${privacy} (subject_id, owner_id, audience, deleted, changed_at)
      select ${subjectId}, ${NO_OWNER}::uuid, 'private', true, ${at}::timestamptz
      where exists (select 1 from ${removed} where member_key = ${key})
      on conflict (subject_id) do update
        set owner_id = ${NO_OWNER}::uuid, deleted = true
        where ${privacy}.owner_id = ${ownerId}::uuid`);
  }

  /** A subject is gone for good (a deleted post): no later announcement brings it back. */
  async markDeleted(subjectId: string, at: Date): Promise<void> {
    await this.db
      .insert(this.subjectPrivacy)
      .values({ subjectId, ownerId: NO_OWNER, audience: 'private', deleted: true, changedAt: at })
      .onConflictDoUpdate({
        target: this.subjectPrivacy.subjectId,
        set: { ownerId: NO_OWNER, audience: 'private', deleted: true },
      });
  }

  /**
   * A member left: remembered by a digest only; what they owned is gone (nothing more is
   * written about it, its privacy as `disownedPrivacy` says), and their id goes from the table.
   * `leftAt` (the event's time), when given, outranks any announcement still on its way. One
   * transaction; answers how many subjects were theirs.
   */
  async disownSubjects(ownerId: string, leftAt?: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx
        .insert(this.removedMembers)
        .values({ memberKey: removedMemberKey(ownerId) })
        .onConflictDoNothing();
      const changed = await tx
        .update(this.subjectPrivacy)
        .set({
          ownerId: NO_OWNER,
          deleted: true,
          ...(this.options.disownedPrivacy === 'private' ? { audience: 'private' as const } : {}),
          ...(leftAt === undefined
            ? {}
            : {
                changedAt: sql`greatest(${this.subjectPrivacy.changedAt}, ${leftAt.toISOString()}::timestamptz)`,
              }),
        })
        .where(eq(this.subjectPrivacy.ownerId, ownerId))
        .returning({ subjectId: this.subjectPrivacy.subjectId });
      return changed.length;
    });
  }

  /**
   * Remember a subject taken on trust before its announcement (see `sweepUnannounced`), with
   * its collection where the table has one.
   */
  async noteUnannounced(subjectId: string, collection?: string): Promise<void> {
    if (this.options.unannouncedCollection) {
      if (collection === undefined) throw new Error('unannounced_subjects needs a collection');
      await this.db
        .insert(this.unannouncedOf)
        .values({ subjectId, collection })
        .onConflictDoNothing();
    } else await this.db.insert(this.unannounced).values({ subjectId }).onConflictDoNothing();
  }

  /**
   * Subjects taken on trust and noted before `before` (500 at most): those announced since (and
   * not deleted) are kept, `remove` takes what was gathered on each of the others, one after
   * another; then all of them are forgotten. Answers how many were removed.
   */
  async sweepUnannounced(
    before: Date,
    remove: (subject: UnannouncedSubject) => Promise<unknown>,
  ): Promise<number> {
    const due: UnannouncedSubject[] = this.options.unannouncedCollection
      ? await this.db
          .select({
            collection: this.unannouncedOf.collection,
            subjectId: this.unannouncedOf.subjectId,
          })
          .from(this.unannouncedOf)
          .where(lt(this.unannouncedOf.createdAt, before))
          .limit(500)
      : (
          await this.db
            .select({ subjectId: this.unannounced.subjectId })
            .from(this.unannounced)
            .where(lt(this.unannounced.createdAt, before))
            .limit(500)
        ).map((row) => ({ subjectId: row.subjectId, collection: undefined }));
    if (due.length === 0) return 0;
    const ids = due.map((row) => row.subjectId);
    const known = await this.db
      .select({ subjectId: this.subjectPrivacy.subjectId })
      .from(this.subjectPrivacy)
      .where(
        and(inArray(this.subjectPrivacy.subjectId, ids), eq(this.subjectPrivacy.deleted, false)),
      );
    const kept = new Set(known.map((row) => row.subjectId));
    let removed = 0;
    for (const row of due) {
      if (kept.has(row.subjectId)) continue;
      await remove(row);
      removed += 1;
    }
    if (this.options.unannouncedCollection)
      await this.db
        .delete(this.unannouncedOf)
        .where(
          or(
            ...due.map((row) =>
              and(
                eq(this.unannouncedOf.collection, row.collection ?? ''),
                eq(this.unannouncedOf.subjectId, row.subjectId),
              ),
            ),
          ),
        );
    else await this.db.delete(this.unannounced).where(inArray(this.unannounced.subjectId, ids));
    return removed;
  }
}
