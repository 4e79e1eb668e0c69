import { Controller, Param, Req, Res, UseGuards } from '@nestjs/common';
import { NO_SESSION, usersRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import {
  CurrentIdentity,
  CurrentMember,
  suspendedUntil,
  type Identity,
} from '@mepedia/server-identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LocalAuthGuard } from './local-auth.guard';
import { SessionsService } from './sessions.service';
import { toCurrentUser, verificationState } from './users.mapper';
import { PENDING_PHONE_SECONDS, VerificationTickets } from './verification-tickets';
import { SessionCookies } from './session-cookies';
import type { UserRow } from './users.schema';
import type { RequestContext } from './audit-log';
import { Context } from './request-context';
import { UsersService } from './users.service';

type Member = Extract<Identity, { kind: 'member' }>;
const readerOf = (identity: Identity) => (identity.kind === 'member' ? identity.userId : null);

@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
    private readonly tickets: VerificationTickets,
  ) {}

  @Endpoint(routes.register)
  async register(
    @Input('body') body: In<typeof routes.register, 'body'>,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const now = new Date();
    const created = await this.users.register(body, context, now);
    // This browser, and only a browser that proves the password later, may go on verifying.
    await this.tickets.hand(
      reply,
      created.userId,
      new Date(now.getTime() + PENDING_PHONE_SECONDS * 1000),
    );
    return created;
  }

  @Endpoint(routes.login)
  @UseGuards(LocalAuthGuard)
  async login(
    @Req() request: FastifyRequest & { user?: UserRow },
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const user = request.user as UserRow;
    if (user.verificationDeadline && verificationState(user) !== 'verified') {
      // The password is proven: this browser may continue the account's verification.
      await this.tickets.hand(reply, user.id, user.verificationDeadline);
    }
    await this.users.requireMaySignIn(user, context);
    // A fresh token at every sign-in; the browser's previous session ends.
    if (identity.kind === 'member') await this.sessions.revoke(identity.sessionId);
    const session = await this.sessions.create(user.id, new Date(), request.headers['user-agent']);
    this.cookies.set(reply, session.token);
    return toCurrentUser(user);
  }

  // The string is JSON encoded here, a second answer type the entry's schema reads back.
  @Endpoint<typeof routes.session, string>(routes.session)
  async session(
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const user = identity.kind === 'member' ? await this.users.currentUser(identity.userId) : null;
    // Roles and suspension as the gateway vouched for them: what every service holds this
    // request to.
    if (user && identity.kind === 'member')
      return {
        ...user,
        roles: [...identity.roles],
        suspendedUntil: suspendedUntil(identity) ?? null,
      };
    // JSON like every other answer: the body is the string "NoSession".
    void reply.type('application/json; charset=utf-8');
    return JSON.stringify(NO_SESSION);
  }

  @Endpoint(routes.logout)
  async logout(
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (identity.kind === 'member') await this.sessions.revoke(identity.sessionId);
    this.cookies.clear(reply);
    return { loggedOut: true as const };
  }

  @Endpoint(routes.updateUserInformation)
  updateUserInformation(
    @CurrentMember() member: Member,
    @Input('body') body: In<typeof routes.updateUserInformation, 'body'>,
  ) {
    return this.users.updateInformation(member.userId, body);
  }

  @Endpoint(routes.updateUserLanguage)
  async updateUserLanguage(
    @CurrentMember() member: Member,
    @Input('body') body: In<typeof routes.updateUserLanguage, 'body'>,
  ) {
    return { language: await this.users.updateLanguage(member.userId, body.language) };
  }

  /** Anyone; a profile moderation hides (issue 35) is its member's alone. */
  @Endpoint(routes.getProfileById)
  getProfileById(@Param('id') id: string, @CurrentIdentity() identity: Identity) {
    return this.users.publicProfile(id, readerOf(identity));
  }

  /** Bylines of a list in one call (ours): public, like getProfileById. */
  @Endpoint(routes.getMembersByIds)
  getMembersByIds(
    @Input('body') body: In<typeof routes.getMembersByIds, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.users.memberNames(body.ids, readerOf(identity));
  }

  @Endpoint(routes.getUserIdByEmail)
  getUserIdByEmail(
    @Input('params', 'email') email: In<typeof routes.getUserIdByEmail, 'params'>['email'],
    @CurrentMember() member: Member,
  ) {
    return this.users.userIdByEmail(email, member.userId);
  }

  /** The member's sessions (our addition): where they are signed in, and until when. */
  @Endpoint(routes.sessions)
  sessionsList(@CurrentMember() member: Member) {
    return this.sessions.list(member.userId, member.sessionId);
  }

  /** Sign out everywhere else (our addition). */
  @Endpoint(routes.endOtherSessions)
  endOtherSessions(@CurrentMember() member: Member) {
    return this.sessions.endOthers(member.userId, member.sessionId);
  }

  /** End one of the member's own sessions (our addition). */
  @Endpoint(routes.endSession)
  endSession(
    @CurrentMember() member: Member,
    @Input('body') body: In<typeof routes.endSession, 'body'>,
  ) {
    return this.sessions.endOne(member.userId, body.sessionId);
  }

  @Endpoint(routes.deleteUserById)
  async deleteUserById(
    @CurrentMember() member: Member,
    @Input('body') body: In<typeof routes.deleteUserById, 'body'>,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.users.deleteAccount(member.userId, body.id, body.password, context);
    this.cookies.clear(reply);
    return { deleted: true as const };
  }
}
