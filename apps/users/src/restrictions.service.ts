import type { DomainEventPayload } from '@mepedia/contracts';
import type { SessionsService } from './sessions.service';
import type { UsersStore } from './users.repository';

export type RestrictionChange = DomainEventPayload<'member.restriction.changed'>;

/**
 * The moderation service's word on a member's account (member.restriction.changed), kept here
 * where sessions are resolved: a suspension travels with every request of the member (the
 * services' guard refuses their writes), a ban ends their sessions and refuses sign-in. The word
 * is absolute, the newest by `occurredAt` wins, and hearing it twice changes nothing.
 */
export class RestrictionsService {
  constructor(
    private readonly repository: Pick<UsersStore, 'applyRestriction'>,
    private readonly sessions: Pick<SessionsService, 'announceMemberChanged'>,
  ) {}

  /** Whether it was applied: false for a stale word or a member who is gone (nothing written). */
  async apply(change: RestrictionChange, occurredAt: Date): Promise<boolean> {
    const applied = await this.repository.applyRestriction(
      change.userId,
      {
        suspendedUntil: change.suspendedUntil === null ? null : new Date(change.suspendedUntil),
        banned: change.banned,
      },
      occurredAt,
    );
    if (!applied) return false;
    // Gateways drop the member's cached sessions: the change holds from their next request.
    await this.sessions.announceMemberChanged(change.userId, applied.endedSessions);
    return true;
  }
}
