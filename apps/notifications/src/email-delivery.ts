import { QUEUES, type EmailJob, type EmailPreferences, type Language } from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { localePath, type AppLogger } from '@mepedia/server-http';
import type { QueueDriver } from '@mepedia/server-queue';
import {
  digestKey,
  nextDailyAt,
  nextDigestAt,
  nextWeeklyAt,
  type DigestPeriod,
  type DigestTime,
} from './email-digest.schedule';
import type { EmailDeliveryRepository, Recipient } from './email-delivery.repository';
import { unsubscribeLinks } from './email-preferences.links';
import { preferencesView } from './email-preferences.service';
import type { GroupRow } from './notification-store.repository';
import { wordGroup } from './notifications.service';

export type EmailDeliveryOptions = {
  /** The site's address: the emails' links point there. */
  publicUrl: string;
  /** Signs the emails' unsubscribe links. */
  linkSecret: string;
};

/** How many groups (members) one sweep's transaction takes; a sweep takes batches until none is due. */
const SWEEP_BATCH = 200;

/** How many groups a digest lists; the rest it counts ("and 4 more"). */
export const DIGEST_ITEMS_MAX = 20;

/** An email recorded this long ago and still not queued was left by a process that died. */
const REQUEUE_AFTER_MS = 60_000;

/** What one sweep did. */
export type EmailSweepResult = {
  immediate: number;
  daily: number;
  weekly: number;
  requeued: number;
};

type Decided = { key: string; data: EmailJob };

/**
 * Notifications by email (issue 32). News of a kind the member takes at once is due a short
 * grace after it came (`email_due_at`, set with the group); digests are due at the member's hour
 * on their clock (`email_digests`). A sweep, every minute on the service's schedule queue, sends
 * what is due: in one transaction per batch it decides each email, records it under a key that
 * names it once (`notice-{group}-{version}`, `digest-{member}-daily-{date}`) and notes the
 * groups' news as told (`emailed_version`); after the commit the worker's job is queued under
 * that key. So an email is never decided twice, is queued again if a process died in between,
 * and the worker's own record of deliveries keeps it from going out twice. Nothing goes to a
 * member who left (their rows are gone), to one without an address, or about what the member
 * has read meanwhile or may no longer read.
 */
export class EmailDelivery {
  constructor(
    private readonly repository: EmailDeliveryRepository,
    private readonly queue: QueueDriver,
    private readonly options: EmailDeliveryOptions,
    private readonly logger?: AppLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Everything due at `now`: emails at once, then daily and weekly digests. */
  async sweep(now: Date = this.now()): Promise<EmailSweepResult> {
    const result: EmailSweepResult = {
      requeued: await this.requeue(now),
      immediate: await this.sweepImmediate(now),
      daily: await this.sweepDigests('daily', now),
      weekly: await this.sweepDigests('weekly', now),
    };
    if (result.immediate + result.daily + result.weekly + result.requeued > 0)
      this.logger?.info(result, 'notification emails sweep');
    return result;
  }

  /** News due by email at once: one email a group, telling its latest. */
  async sweepImmediate(now: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.repository.transaction(async (tx, store) => {
        const ids = await tx.takeDueGroups(now, SWEEP_BATCH);
        if (ids.length === 0) return { taken: 0, decided: [] as Decided[] };
        const groups = await store.groups(null, { ids }, ids.length);
        const recipients = [...new Set(groups.map((group) => group.recipientId))];
        const [members, preferences] = await Promise.all([
          tx.recipients(recipients),
          tx.preferences(recipients),
        ]);
        const emails: Array<Decided & { userId: string }> = [];
        const told: Array<{ id: string; version: string }> = [];
        for (const group of groups) {
          const member = members.get(group.recipientId);
          const choice = preferencesView(preferences.get(group.recipientId)).kinds[group.kind];
          if (!member?.email || choice !== 'immediate' || !hasNews(group)) continue;
          emails.push({
            key: `notice-${group.id}-${group.version}`,
            userId: group.recipientId,
            data: this.emailOf(member, member.email, 'immediate', [group], 0),
          });
          told.push({ id: group.id, version: group.version });
        }
        const decided = await record(tx, emails, now);
        await tx.markEmailed(told);
        return { taken: ids.length, decided };
      });
      await this.enqueue(batch.decided, now);
      sent += batch.decided.length;
      if (batch.taken < SWEEP_BATCH) return sent;
    }
  }

  /** The `period` digests due at `now`: each member's untold news of the kinds they take so. */
  async sweepDigests(period: DigestPeriod, now: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.repository.transaction(async (tx, store) => {
        const due = await tx.lockDueDigests(period, now, SWEEP_BATCH);
        if (due.length === 0) return { taken: 0, decided: [] as Decided[] };
        const userIds = due.map((row) => row.userId);
        const [members, preferences, candidates] = await Promise.all([
          tx.recipients(userIds),
          tx.preferences(userIds),
          tx.digestCandidates(userIds, period),
        ]);
        const listed = candidates.filter((candidate) => candidate.rank <= DIGEST_ITEMS_MAX);
        const groups = await store.groups(
          null,
          { ids: listed.map((candidate) => candidate.id) },
          listed.length,
        );
        const emails: Array<Decided & { userId: string }> = [];
        const told: Array<{ id: string; version: string }> = [];
        const next: Array<{ userId: string; at: Date }> = [];
        for (const { userId, slot } of due) {
          const time = digestTime(preferencesView(preferences.get(userId)));
          const member = members.get(userId);
          const theirs = candidates.filter((candidate) => candidate.recipientId === userId);
          const shown = groups
            .filter((group) => group.recipientId === userId && hasNews(group))
            .sort((a, b) => Number(BigInt(b.stamp) - BigInt(a.stamp)));
          if (member?.email && shown.length > 0) {
            const more = Math.max(0, theirs.length - shown.length);
            emails.push({
              key: `digest-${userId}-${digestKey(period, slot, time.timeZone)}`,
              userId,
              data: this.emailOf(member, member.email, period, shown, more),
            });
            // Told: what it listed, and what it counted.
            told.push(...theirs.map(({ id, version }) => ({ id, version })));
          }
          // The next one after this slot and after now: a late sweep never sends two in a row.
          const after = new Date(Math.max(slot.getTime(), now.getTime()));
          next.push({ userId, at: nextDigestAt(period, after, time) });
        }
        const decided = await record(tx, emails, now);
        await tx.setNextDigests(period, next, now);
        await tx.markEmailed(told);
        return { taken: due.length, decided };
      });
      await this.enqueue(batch.decided, now);
      sent += batch.decided.length;
      if (batch.taken < SWEEP_BATCH) return sent;
    }
  }

  /** A member is known (verified): their digests are set to their time, if not already. */
  async memberKnown(userId: string, preferences: EmailPreferences): Promise<void> {
    if (!isUuid(userId)) return;
    const now = this.now();
    await this.repository.saveDigestTimes(userId, this.nextTimes(preferences, now), now, false);
  }

  /** The member changed their digest hour, weekday or time zone: the next digests follow. */
  async digestTimesChanged(userId: string, preferences: EmailPreferences): Promise<void> {
    const now = this.now();
    await this.repository.saveDigestTimes(userId, this.nextTimes(preferences, now), now, true);
  }

  /** A member left: their digests and the records of their emails go. */
  memberLeft(userId: string): Promise<void> {
    return isUuid(userId) ? this.repository.forget(userId) : Promise.resolve();
  }

  private nextTimes(preferences: EmailPreferences, now: Date) {
    const time = digestTime(preferences);
    return { daily: nextDailyAt(now, time), weekly: nextWeeklyAt(now, time) };
  }

  /** The worker's job: the groups worded in the member's language, each linking to its place. */
  private emailOf(
    member: Recipient,
    to: string,
    period: 'immediate' | DigestPeriod,
    groups: GroupRow[],
    more: number,
  ): EmailJob {
    const language: Language = member.language === 'he' ? 'he' : 'en';
    const site = (path: string) => `${this.options.publicUrl}${localePath(language, path)}`;
    const [first] = groups;
    const target =
      period === 'daily'
        ? 'dailyDigest'
        : period === 'weekly'
          ? 'weeklyDigest'
          : (first?.kind ?? 'comment');
    return {
      template: 'notification',
      to,
      language,
      data: {
        period,
        items: groups.map((group) => {
          const item = wordGroup(group, language);
          return {
            kind: item.kind,
            actors: item.actors
              .slice(0, 2)
              .map((actor) => actor.fullname)
              .filter(Boolean),
            actorCount: item.actorCount,
            title: item.subject?.title ?? null,
            excerpt: item.excerpt,
            link: site(item.link),
          };
        }),
        more,
        settingsLink: site('/profile/settings#email-notifications'),
      },
      unsubscribe: unsubscribeLinks({ userId: member.userId, kind: target }, language, {
        publicUrl: this.options.publicUrl,
        linkSecret: this.options.linkSecret,
      }),
    };
  }

  /** Hand recorded emails to the worker (each key is its job's id: queued at most once). */
  private async enqueue(emails: readonly Decided[], now: Date): Promise<void> {
    for (const email of emails)
      await this.queue.add(QUEUES.email, 'notification', email.data, { jobId: email.key });
    await this.repository.markQueued(
      emails.map((email) => email.key),
      now,
    );
  }

  /** Emails recorded but not known to be queued (a process died in between): queued again. */
  private async requeue(now: Date): Promise<number> {
    const rows = await this.repository.unqueued(
      new Date(now.getTime() - REQUEUE_AFTER_MS),
      SWEEP_BATCH,
    );
    await this.enqueue(
      rows.map((row) => ({ key: row.key, data: JSON.parse(row.job) as EmailJob })),
      now,
    );
    return rows.length;
  }
}

/** Record the emails decided, each once: those newly recorded are the ones to queue. */
async function record(
  tx: EmailDeliveryRepository,
  emails: ReadonlyArray<Decided & { userId: string }>,
  now: Date,
): Promise<Decided[]> {
  const written = await tx.recordSends(
    emails.map((email) => ({
      key: email.key,
      userId: email.userId,
      job: JSON.stringify(email.data),
    })),
    now,
  );
  return emails.filter((email) => written.has(email.key)).map(({ key, data }) => ({ key, data }));
}

/**
 * Unread, with news no email told yet: news moves the group's stamp; a change that is no news
 * (an edited comment, a like taken back) moves only its version, and tells nothing again.
 */
function hasNews(group: GroupRow): boolean {
  return !group.read && BigInt(group.stamp) > BigInt(group.emailedVersion);
}

function digestTime(preferences: EmailPreferences): DigestTime {
  return {
    digestHour: preferences.digestHour,
    digestWeekday: preferences.digestWeekday,
    timeZone: preferences.timeZone,
  };
}
