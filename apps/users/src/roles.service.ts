import { BUS_CHANNELS, type MemberRole } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import type { MessageBus } from '@mepedia/server-queue';
import type { RoleChange, RoleHolder, RolesStore } from './roles.repository';

/** What a grant or a revoke did: `changed` false when the member already stood so. */
export type RoleOutcome = {
  userId: string;
  email: string;
  role: MemberRole;
  changed: boolean;
  /** The member's roles now. */
  roles: MemberRole[];
};

/** Who changes a role, as the audit records it. */
export const operatorActor = (user: string, host: string): string => `cli:${user}@${host}`;
export const memberActor = (userId: string): string => `member:${userId}`;

/**
 * Moderator and admin roles (issue 35): granted and revoked by an operator's command (or, later,
 * an admin), each change appended to the role audit in the same transaction. A grant of a role
 * already held, or a revoke of one not held, changes nothing and writes no audit row. After a
 * change, gateways drop the member's cached sessions (sessions.revoked with their id alone), so
 * the role holds from their next request, without signing out.
 */
export class RolesService {
  constructor(
    private readonly repository: RolesStore,
    private readonly bus: MessageBus,
    /** How long to wait for the bus (Redis may be away): the change is made either way. */
    private readonly announceTimeoutMs = 5_000,
  ) {}

  /** Give `role` to the member with this email (USER_NOT_FOUND, USER_NOT_VERIFIED). */
  grant(email: string, role: MemberRole, actor: string, now = new Date()): Promise<RoleOutcome> {
    return this.change('grant', email, role, actor, now);
  }

  /** Take `role` from the member with this email (USER_NOT_FOUND). */
  revoke(email: string, role: MemberRole, actor: string, now = new Date()): Promise<RoleOutcome> {
    return this.change('revoke', email, role, actor, now);
  }

  /** Every role held, with its holder. */
  holders(): Promise<RoleHolder[]> {
    return this.repository.holders();
  }

  /** The newest grants and revokes, newest first. */
  recentChanges(limit = 20): Promise<RoleChange[]> {
    return this.repository.recentChanges(limit);
  }

  private async change(
    action: 'grant' | 'revoke',
    email: string,
    role: MemberRole,
    actor: string,
    now: Date,
  ): Promise<RoleOutcome> {
    const outcome = await this.repository.transaction(async (repository) => {
      const member = await repository.lockMemberByEmail(email.trim().toLowerCase());
      if (!member) throw new AppError('USER_NOT_FOUND');
      // A pending account cannot sign in, and may never become anyone's: no role for it.
      if (action === 'grant' && !member.verified)
        throw new AppError('USER_NOT_VERIFIED', { userId: member.id });
      const changed =
        action === 'grant'
          ? await repository.insertRole(member.id, role, now, actor)
          : await repository.deleteRole(member.id, role);
      if (changed)
        await repository.appendChange({ userId: member.id, role, action, actor, at: now });
      return {
        userId: member.id,
        email: member.email,
        role,
        changed,
        roles: await repository.rolesOf(member.id),
      };
    });
    if (outcome.changed) await this.announce(outcome.userId);
    return outcome;
  }

  private async announce(userId: string): Promise<void> {
    // Best effort, as every revocation: a gateway that misses it keeps the old roles no longer
    // than its session cache (SESSION_CACHE_TTL_MS, 5 s).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.bus.publish(BUS_CHANNELS.sessionsRevoked, { userId }).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, this.announceTimeoutMs))),
    ]);
    clearTimeout(timer);
  }
}
