import { createHash, randomBytes } from 'node:crypto';
import {
  CIRCLE_INVITATION_DAYS,
  CIRCLE_MEMBERS_MAX,
  CIRCLE_PENDING_MAX,
  QUEUES,
  circleInvitationPath,
  type CircleDone,
  type CircleInvitation,
  type CircleInvitationLink,
  type CircleInvitationPreview,
  type CircleJoined,
  type CirclesImIn,
  type DomainEventPayload,
  type EmailJob,
  type Language,
  type MyCircle,
} from '@mepedia/contracts';
import { isUuid, newId } from '@mepedia/server-database';
import { AppError, localePath } from '@mepedia/server-http';
import type { QueueDriver } from '@mepedia/server-queue';
import type {
  CirclePersonRow,
  CirclesRepository,
  InvitationRow,
  KnownMember,
} from './circles.repository';

export type CirclesOptions = {
  /** The site's address: invitation links point there. */
  publicUrl: string;
};

const DAY_MS = 24 * 60 * 60_000;

/** An invitation's secret: 256 random bits, as it travels in a link. */
export const newInvitationToken = () => randomBytes(32).toString('base64url');
/** What is stored of a token: its SHA-256, so a copy of the database opens no circle. */
export const invitationDigest = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

const person = (row: CirclePersonRow) => ({
  userId: row.userId,
  fullname: row.fullname,
  profileImage: row.profileImage,
  since: row.since.toISOString(),
});

const invitationOf = (row: InvitationRow): CircleInvitation => ({
  id: row.id,
  kind: row.kind,
  email: row.email,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const languageOf = (value: string): Language => (value === 'he' ? 'he' : 'en');

/**
 * A member's circle (issue 34): the people they invited, who read what the member shares with
 * "my circle". Invitations, each for one person, by email or by link; joining, removing and
 * leaving, each announced (`circle.member.added` / `circle.member.removed`) in its transaction
 * so every service that decides who reads what hears it.
 */
export class CirclesService {
  constructor(
    private readonly repository: CirclesRepository,
    private readonly queue: Pick<QueueDriver, 'add'>,
    private readonly options: CirclesOptions,
    /** Relay the outbox now: a membership changed. */
    private readonly onOutboxWrite: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async myCircle(ownerId: string): Promise<MyCircle> {
    const now = this.now();
    const [people, waiting] = [
      await this.repository.circleOf(ownerId),
      await this.repository.waitingOf(ownerId, now),
    ];
    return {
      members: people.map(person),
      invitations: waiting.map(invitationOf),
      limits: { members: CIRCLE_MEMBERS_MAX, pending: CIRCLE_PENDING_MAX },
    };
  }

  async circlesImIn(memberId: string): Promise<CirclesImIn> {
    return { circles: (await this.repository.circlesWith(memberId)).map(person) };
  }

  /**
   * Invite an address: an invitation for the account with that address, by email in the
   * invitee's language where known (a member's own; else the one the inviter chose; else the
   * inviter's, with a short part in the other language). A new invitation to an address
   * replaces the one waiting. The email is queued after the invitation is written; if the
   * queue refuses it, the invitation is withdrawn again and the call fails: nothing half-done.
   */
  async inviteByEmail(
    ownerId: string,
    request: { email: string; message?: string | undefined; language?: Language | undefined },
    callerLanguage: Language,
  ): Promise<CircleInvitation> {
    const email = request.email.toLowerCase();
    const owner = await this.requireKnown(ownerId);
    if (owner.email === email) throw new AppError('CIRCLE_INVITE_SELF');
    const invitee = await this.repository.memberByEmail(email);
    if (invitee?.userId === ownerId) throw new AppError('CIRCLE_INVITE_SELF');
    const token = newInvitationToken();
    const now = this.now();
    const row = await this.repository.transaction(async (repository) => {
      await repository.lockTurn(ownerId);
      if (invitee && (await repository.inCircle(ownerId, invitee.userId)))
        throw new AppError('CIRCLE_ALREADY_MEMBER');
      await repository.revokeWaitingTo(ownerId, email, now);
      await this.checkRoom(repository, ownerId, now);
      return repository.insertInvitation({
        id: newId(now.getTime()),
        ownerId,
        kind: 'email',
        email,
        tokenDigest: invitationDigest(token),
        message: request.message || null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CIRCLE_INVITATION_DAYS * DAY_MS),
      });
    });
    const known = invitee ? languageOf(invitee.language) : request.language;
    const language = known ?? callerLanguage;
    const other: Language = language === 'he' ? 'en' : 'he';
    const job: EmailJob = {
      template: 'circle-invitation',
      to: email,
      language,
      data: {
        inviter: owner.fullname,
        message: row.message,
        link: this.link(language, token),
        ...(known ? {} : { otherLink: this.link(other, token) }),
        expiresAt: row.expiresAt.toISOString(),
        bilingual: known === undefined,
      },
    };
    try {
      await this.queue.add(QUEUES.email, job.template, job, { jobId: `circle-${row.id}` });
    } catch (error) {
      await this.repository.revoke(ownerId, row.id, now);
      throw error;
    }
    return invitationOf(row);
  }

  /** A link for one person; its token is answered here once and stored only as a digest. */
  async createLink(
    ownerId: string,
    request: { message?: string | undefined },
  ): Promise<CircleInvitationLink> {
    await this.requireKnown(ownerId);
    const token = newInvitationToken();
    const now = this.now();
    const row = await this.repository.transaction(async (repository) => {
      await repository.lockTurn(ownerId);
      await this.checkRoom(repository, ownerId, now);
      return repository.insertInvitation({
        id: newId(now.getTime()),
        ownerId,
        kind: 'link',
        email: null,
        tokenDigest: invitationDigest(token),
        message: request.message || null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CIRCLE_INVITATION_DAYS * DAY_MS),
      });
    });
    return { invitation: invitationOf(row), token, path: circleInvitationPath(token) };
  }

  async revoke(ownerId: string, invitationId: string): Promise<CircleDone> {
    if (!isUuid(invitationId)) throw new AppError('INVITATION_NOT_FOUND');
    if (!(await this.repository.revoke(ownerId, invitationId, this.now())))
      throw new AppError('INVITATION_NOT_FOUND');
    return { done: true };
  }

  removeMember(ownerId: string, memberId: string): Promise<CircleDone> {
    return this.leaveOrRemove(ownerId, memberId);
  }

  leave(memberId: string, ownerId: string): Promise<CircleDone> {
    return this.leaveOrRemove(ownerId, memberId);
  }

  /** What an invitation's page shows; anyone holding its token may read it. */
  async preview(token: string): Promise<CircleInvitationPreview> {
    const row = await this.repository.invitationByDigest(invitationDigest(token), false);
    if (!row) throw new AppError('INVITATION_NOT_FOUND');
    this.requireOpen(row, undefined);
    const inviter = await this.repository.member(row.ownerId);
    // An inviter who left took their invitations along; one heard of late reads as none.
    if (!inviter) throw new AppError('INVITATION_NOT_FOUND');
    return {
      inviter: {
        userId: inviter.userId,
        fullname: inviter.fullname,
        profileImage: inviter.profileImage,
      },
      kind: row.kind,
      email: row.email,
      message: row.message,
      expiresAt: row.expiresAt.toISOString(),
    };
  }

  /**
   * Join the circle an invitation is for. Under the owner's turn and the invitation's row lock:
   * two people with one link cannot both join, and the circle's last place goes once.
   */
  async accept(memberId: string, token: string): Promise<CircleJoined> {
    const digest = invitationDigest(token);
    const now = this.now();
    const { ownerId, added } = await this.repository.transaction(async (repository) => {
      const found = await repository.invitationByDigest(digest, false);
      if (!found) throw new AppError('INVITATION_NOT_FOUND');
      await repository.lockTurn(found.ownerId);
      const row = await repository.invitationByDigest(digest, true);
      if (!row) throw new AppError('INVITATION_NOT_FOUND');
      if (row.ownerId === memberId) throw new AppError('CIRCLE_INVITE_SELF');
      // The same person again: answered as the first time.
      if (row.acceptedBy === memberId) return { ownerId: row.ownerId, added: false };
      this.requireOpen(row, now);
      if (await repository.left(memberId)) throw new AppError('AUTH_REQUIRED');
      const me = await repository.member(memberId);
      if (!me) throw new AppError('CIRCLE_ACCOUNT_PENDING');
      if (row.kind === 'email' && me.email !== row.email)
        throw new AppError('INVITATION_FOR_ANOTHER_EMAIL');
      if (!(await repository.member(row.ownerId))) throw new AppError('INVITATION_NOT_FOUND');
      const already = await repository.inCircle(row.ownerId, memberId);
      if (!already) {
        const { members } = await repository.sizes(row.ownerId, now);
        if (members >= CIRCLE_MEMBERS_MAX) throw new AppError('CIRCLE_FULL');
        await repository.addToCircle(row.ownerId, memberId, now);
        await repository.announce('circle.member.added', row.ownerId, memberId);
      }
      await repository.markAccepted(row.id, memberId, now);
      return { ownerId: row.ownerId, added: !already };
    });
    if (added) this.onOutboxWrite();
    const owner = (await this.repository.circlesWith(memberId)).find(
      (row) => row.userId === ownerId,
    );
    if (!owner) throw new AppError('INVITATION_NOT_FOUND');
    return { owner: person(owner) };
  }

  /** A member's name, picture, language or address (users' user.updated at `at`), unless they left. */
  async memberChanged(user: DomainEventPayload<'user.updated'>, at: Date): Promise<boolean> {
    if (!isUuid(user.userId)) return false;
    return this.repository.transaction(async (repository) => {
      await repository.lockTurn(`member:${user.userId}`);
      if (await repository.left(user.userId)) return false;
      await repository.upsertMember(user, at);
      return true;
    });
  }

  /** A member left (user.deleted): their circle, the circles they were in, their invitations. */
  removeDeparted(userId: string) {
    return this.repository.transaction(async (repository) => {
      await repository.lockTurn(`member:${userId}`);
      return repository.removeMember(userId);
    });
  }

  private async leaveOrRemove(ownerId: string, memberId: string): Promise<CircleDone> {
    if (!isUuid(ownerId) || !isUuid(memberId)) throw new AppError('CIRCLE_MEMBER_NOT_FOUND');
    const removed = await this.repository.transaction(async (repository) => {
      await repository.lockTurn(ownerId);
      const was = await repository.removeFromCircle(ownerId, memberId);
      if (was) await repository.announce('circle.member.removed', ownerId, memberId);
      return was;
    });
    if (!removed) throw new AppError('CIRCLE_MEMBER_NOT_FOUND');
    this.onOutboxWrite();
    return { done: true };
  }

  /** Room for one more invitation: fewer than the pending limit, and the circle not full with them. */
  private async checkRoom(repository: CirclesRepository, ownerId: string, now: Date) {
    const sizes = await repository.sizes(ownerId, now);
    if (sizes.pending >= CIRCLE_PENDING_MAX) throw new AppError('CIRCLE_TOO_MANY_INVITATIONS');
    if (sizes.members + sizes.pending >= CIRCLE_MEMBERS_MAX) throw new AppError('CIRCLE_FULL');
  }

  /** Refuse an invitation withdrawn, used by someone else or expired (at `now`, when given). */
  private requireOpen(row: InvitationRow, now: Date | undefined) {
    if (row.revokedAt) throw new AppError('INVITATION_REVOKED');
    if (row.acceptedBy) throw new AppError('INVITATION_USED');
    if (row.expiresAt.getTime() <= (now ?? this.now()).getTime())
      throw new AppError('INVITATION_EXPIRED');
  }

  /** The member must be known here (verified, announced, not departed) to invite. */
  private async requireKnown(userId: string): Promise<KnownMember> {
    const member = await this.repository.member(userId);
    if (!member) throw new AppError('CIRCLE_ACCOUNT_PENDING');
    return member;
  }

  private link(language: Language, token: string): string {
    return `${this.options.publicUrl}${localePath(language, circleInvitationPath(token))}`;
  }
}
