import type { Audience, ErrorCode } from '@mepedia/contracts';
import {
  isUuid,
  mayReadAudience,
  NO_OWNER,
  uuidV7Time,
  type CircleMembershipStore,
  type Subject,
  type SubjectStore,
  type UnannouncedSubject,
} from '@mepedia/server-database';
import { AppError, type AppLogger } from '@mepedia/server-http';
import { everyInterval, type BackgroundTask } from './background';

/**
 * How long a subject (a post or me answer) may go unannounced and still be taken on trust: one
 * made a moment ago whose announcement is on its way (its id, a UUIDv7, says when it was made).
 * Well beyond the queue's usual delay of under a second, and a worker's restart.
 */
export const UNANNOUNCED_GRACE_MS = 10 * 60_000;
/** Clocks of two processes may differ by this much. */
export const CLOCK_SKEW_MS = 60_000;
/** How often what was taken on trust for subjects never announced is looked at again. */
export const UNANNOUNCED_SWEEP_EVERY_MS = 60_000;

/**
 * The background task of a service that keeps the subjects read model: every minute its
 * `sweep` (the service's `sweepUnannounced`) takes what was gathered on subjects never
 * announced, and says so in the log (`removed`) when anything went.
 */
export function sweepUnannouncedEvery(
  sweep: () => Promise<number>,
  logger: AppLogger,
  removed: string,
): BackgroundTask {
  return everyInterval(UNANNOUNCED_SWEEP_EVERY_MS, async () => {
    const count = await sweep();
    if (count > 0) logger.info({ removed: count }, removed);
  });
}

/**
 * Who reads subjects, as the audience rule needs them (issue 34, ADR 9): the signed-in member (a
 * guest: null) and, among the owners of the subjects at hand, those whose circles they are in.
 * Made by `SubjectAccess.reader` for those subjects; `readerOutsideCircles` when none of them is a
 * circle subject of someone else's (no membership matters).
 */
export type SubjectReader = {
  id: string | null;
  /** The owners, among those of the subjects read, whose circles `id` is in now. */
  inCircleOf: ReadonlySet<string>;
};

/** A reader for whom no circle matters: a guest, or subjects none of which is a circle's. */
export const readerOutsideCircles = (id: string | null): SubjectReader => ({
  id,
  inCircleOf: new Set(),
});

/**
 * Whether `reader` may read a subject as last announced: never a deleted one; otherwise its
 * audience's rule (`mayReadAudience`): the owner always, `public` everyone, `members` anyone
 * signed in, `circle` the owner's circle, `private` no one else.
 */
export function mayRead(subject: Subject, reader: SubjectReader): boolean {
  return mayReadAudience(subject, {
    id: reader.id,
    inCircle: reader.inCircleOf.has(subject.ownerId),
  });
}

/**
 * Whether a discussion of these subjects (a room and its post, as last announced) is closed to
 * `reader`: one of them has an audience they are outside of. Deleted or not: a deleted subject
 * keeps its audience (a departed owner's public post's discussion stays open, a private one's
 * closed to all: its owner is nobody now), and one made private stays so.
 */
export function hiddenFrom(
  subjects: Iterable<Subject | undefined>,
  reader: SubjectReader,
): boolean {
  for (const subject of subjects)
    if (subject && !mayRead({ ...subject, deleted: false }, reader)) return true;
  return false;
}

/**
 * The owners whose circles `readerId` must be looked up in before deciding on these subjects:
 * those of circle subjects that are not the reader's own (nobody is in nobody's circle). None
 * for a guest, who reads only what is public.
 */
export function circlesToAsk(
  subjects: Iterable<Subject | undefined>,
  readerId: string | null,
): string[] {
  if (readerId === null) return [];
  const owners = new Set<string>();
  for (const subject of subjects)
    if (
      subject?.audience === 'circle' &&
      subject.ownerId !== readerId &&
      subject.ownerId !== NO_OWNER
    )
      owners.add(subject.ownerId);
  return [...owners];
}

/** Whether a subject never announced may be taken on trust at `now`: made within the grace. */
export function withinGrace(subjectId: string, now: number): boolean {
  const made = uuidV7Time(subjectId);
  return made !== undefined && made >= now - UNANNOUNCED_GRACE_MS && made <= now + CLOCK_SKEW_MS;
}

/** An owning service's word on a subject's owner and privacy (`*.privacy.changed`). */
export type PrivacyAnnouncement = {
  subjectId: string;
  ownerId: string;
  privacy: Audience;
  occurredAt: Date;
};

/**
 * What a service keeps to decide who reads a subject, over one connection (the service's, or a
 * transaction's): the subjects read model and the circle memberships (ADR 9 §3). A service's
 * repository is one.
 */
export type SubjectReadModels = {
  subjects: SubjectStore;
  circles: Pick<CircleMembershipStore, 'circlesAmong'>;
};

/**
 * The access rule of a service that keeps a subjects read model (`SubjectStore`): who may read
 * a subject, what may be written on one not yet announced, and what goes when one is deleted,
 * never announced, or its owner leaves. Each refusal is the `notFound` code its caller names
 * (the subject's own 404, or the service's).
 */
export class SubjectAccess {
  readonly store: SubjectStore;
  private readonly circles: SubjectReadModels['circles'];

  constructor(
    models: SubjectReadModels,
    /** Until when (ms) every subject never announced is taken on trust; see `takenOnTrust`. */
    private readonly trust: { until?: number } = {},
  ) {
    this.store = models.subjects;
    this.circles = models.circles;
  }

  /** The same rule over `models` (the same schema, in a transaction), sharing what it learnt. */
  in(models: SubjectReadModels): SubjectAccess {
    return new SubjectAccess(models, this.trust);
  }

  /**
   * `readerId` (a guest: null) as the audience rule needs them for these subjects: whose circles
   * they are in is looked up only for circle subjects of others, in one statement for all their
   * owners (a page's), and not at all when there are none.
   */
  async reader(
    readerId: string | null,
    subjects: Iterable<Subject | undefined>,
  ): Promise<SubjectReader> {
    const owners = circlesToAsk(subjects, readerId);
    if (readerId === null || owners.length === 0) return readerOutsideCircles(readerId);
    return { id: readerId, inCircleOf: await this.circles.circlesAmong(readerId, owners) };
  }

  /**
   * Refuse, with `notFound`, a deleted subject and, when `viewerId` is given (a guest: null),
   * one whose audience they are outside of (`mayRead`). A subject never announced is taken as
   * public only when its id is a UUIDv7 made within the grace (one made a moment ago), or while
   * the read model is new (`takenOnTrust`), to read or to write; any other is refused, read or
   * written, as one that does not exist. One written on (`writing`) is noted (with
   * `collection`, where the store keeps one) for `sweepUnannounced`.
   */
  async mustRead(
    subjectId: string,
    notFound: ErrorCode,
    rule: { viewerId?: string | null; writing: boolean; collection?: string; now?: number },
  ): Promise<void> {
    const subject = await this.store.subject(subjectId);
    if (subject) {
      const { viewerId } = rule;
      if (subject.deleted) throw new AppError(notFound);
      if (viewerId !== undefined && !mayRead(subject, await this.reader(viewerId, [subject])))
        throw new AppError(notFound);
      return;
    }
    if (!(await this.takenOnTrust(subjectId, rule.now))) throw new AppError(notFound);
    if (rule.writing) await this.store.noteUnannounced(subjectId, rule.collection);
  }

  /**
   * Whether a subject never announced is taken on trust at `now`: made within the grace (a
   * moment ago), or asked about while the read model is new on an installation that had
   * subjects before (`startedAt`), whose announcements are on their way.
   */
  async takenOnTrust(subjectId: string, now = Date.now()): Promise<boolean> {
    if (withinGrace(subjectId, now)) return true;
    if (this.trust.until === undefined) {
      const started = await this.store.startedAt();
      this.trust.until =
        started === undefined
          ? Number.NEGATIVE_INFINITY
          : started.getTime() + UNANNOUNCED_GRACE_MS + CLOCK_SKEW_MS;
    }
    return now < this.trust.until;
  }

  /**
   * After a write on a subject: if it was deleted meanwhile, `remove` takes what was just
   * written and the caller gets `notFound`. A deletion marks the subject first, then removes
   * what it gathered (`deleteSubject`), so either that removal saw this write or this sees the
   * mark.
   */
  async mustStillExist(
    subjectId: string,
    notFound: ErrorCode,
    remove: () => Promise<unknown>,
  ): Promise<void> {
    if (!(await this.store.subject(subjectId))?.deleted) return;
    await remove();
    throw new AppError(notFound);
  }

  /** A subject was deleted: marked so for good first, then `remove` takes what it gathered. */
  async deleteSubject<T>(subjectId: string, deletedAt: Date, remove: () => Promise<T>): Promise<T> {
    await this.store.markDeleted(subjectId, deletedAt);
    return remove();
  }

  /** The owning service's word on a subject's owner and audience. */
  applyPrivacy(subject: PrivacyAnnouncement): Promise<void> {
    // Members' ids are UUIDs: an announcement naming anything else has nobody to keep it for.
    if (!isUuid(subject.ownerId)) return Promise.resolve();
    return this.store.applyPrivacy(
      subject.subjectId,
      subject.ownerId,
      subject.privacy,
      subject.occurredAt,
    );
  }

  /**
   * What was gathered on subjects taken on trust and never announced within the grace (and the
   * clocks' skew) goes, by `remove`. Answers how many subjects lost it.
   */
  sweepUnannounced(
    remove: (subject: UnannouncedSubject) => Promise<unknown>,
    now = Date.now(),
  ): Promise<number> {
    return this.store.sweepUnannounced(
      new Date(now - UNANNOUNCED_GRACE_MS - CLOCK_SKEW_MS),
      remove,
    );
  }
}
