import { Controller, Req, Res } from '@nestjs/common';
import {
  usersRoutes as routes,
  type CurrentUser,
  type EmailVerifiedSignedOut,
} from '@mepedia/contracts';
import { AppError, Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from './audit-log';
import { PasswordService } from './password.service';
import { Context } from './request-context';
import { SessionCookies } from './session-cookies';
import { SessionsService } from './sessions.service';
import { UsersService } from './users.service';
import { VerificationTickets } from './verification-tickets';
import { VerificationService } from './verification.service';

type Member = Extract<Identity, { kind: 'member' }>;

const SIGNED_OUT: EmailVerifiedSignedOut = { emailVerified: true, signedIn: false };

/**
 * Verification by phone and email, password reset, unsubscribe. All public:
 * the people calling them cannot sign in yet (or forgot how).
 */
@Controller()
export class VerificationController {
  constructor(
    private readonly verification: VerificationService,
    private readonly passwords: PasswordService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
    private readonly tickets: VerificationTickets,
  ) {}

  @Endpoint(routes.sendPhoneCode)
  async sendPhoneCode(
    @Input('body') body: In<typeof routes.sendPhoneCode, 'body'>,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const ticketUserId = await this.tickets.userOf(request);
    return this.verification.sendPhoneCode(ticketUserId, body.prefix, body.phone, context);
  }

  @Endpoint(routes.verifyUserByPhone)
  async verifyUserByPhone(
    @Input('body') body: In<typeof routes.verifyUserByPhone, 'body'>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    // A signed-in member confirms a change of number, unless the browser also holds the ticket
    // of an account whose phone is still unverified (someone registering while signed in): that
    // verification comes first, as it did before members could change their number.
    const ticketHolder = await this.tickets.peek(request);
    const verifying =
      ticketHolder !== undefined && (await this.verification.awaitsPhone(ticketHolder));
    if (identity.kind === 'member' && !verifying)
      return this.verification.confirmPhoneChange(
        identity.userId,
        body.prefix,
        body.phone,
        body.verifyCode,
        context,
      );
    const ticketUserId = await this.tickets.userOf(request);
    const { userId, verification, deadline } = await this.verification.verifyPhone(
      ticketUserId,
      body.prefix,
      body.phone,
      body.verifyCode,
      context,
    );
    // The account now has a day for the email link; so does the ticket.
    await this.tickets.hand(reply, userId, deadline);
    return { userId, verification };
  }

  @Endpoint(routes.sendVerificationEmailToUser)
  async sendVerificationEmailToUser(
    @Input('body') body: In<typeof routes.sendVerificationEmailToUser, 'body'>,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    const ticketUserId = await this.tickets.userOf(request);
    return this.verification.sendVerificationEmail(ticketUserId, body.prefix, body.phone, context);
  }

  /**
   * The link's token verifies the email (it proves the mailbox). It signs in only the browser
   * holding the account's verification ticket: a link opened anywhere else (sent to someone by
   * whoever registered, a login CSRF) signs nobody in, and another member's session is never
   * replaced. The member's own session (an email change) goes on as it is.
   */
  @Endpoint(routes.verifyUserByEmail)
  async verifyUserByEmail(
    @Input('body') body: In<typeof routes.verifyUserByEmail, 'body'>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const userId = await this.verification.verifyEmail(body.verifyCode, context);
    if (identity.kind === 'member') {
      if (identity.userId !== userId) return SIGNED_OUT;
      const user = await this.users.currentUser(userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return user;
    }
    // Tickets stay until their deadline: a page still waiting for this click reads the new state.
    if ((await this.tickets.peek(request)) !== userId) return SIGNED_OUT;
    return this.signIn(userId, reply, request);
  }

  @Endpoint(routes.getUserToVerify)
  async getUserToVerify(
    @Input('body') body: In<typeof routes.getUserToVerify, 'body'>,
    @Req() request: FastifyRequest,
  ) {
    return this.verification.userToVerify(await this.tickets.userOf(request), body.userId);
  }

  @Endpoint(routes.userVerified)
  async userVerified(
    @Input('body') body: In<typeof routes.userVerified, 'body'>,
    @Req() request: FastifyRequest,
  ) {
    return this.verification.userVerified(await this.tickets.userOf(request), body.userId);
  }

  @Endpoint(routes.changePhonenumber)
  async changePhonenumber(
    @Input('body') body: In<typeof routes.changePhonenumber, 'body'>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
  ) {
    // The body's userId says whose number: the signed-in member's own moves to a new number with
    // a code (even with a ticket left from registering); a pending account corrects its own.
    if (identity.kind === 'member' && body.userId === identity.userId)
      return this.verification.requestPhoneChange(
        identity.userId,
        body.phoneNumberPrefix,
        body.phoneNumber,
        context,
      );
    return this.verification.changePhoneNumber(
      await this.tickets.userOf(request),
      body.userId,
      body.phoneNumberPrefix,
      body.phoneNumber,
      context,
    );
  }

  /** A signed-in member's new address, with their password: a link goes to it. */
  @Endpoint(routes.changeEmail)
  async changeEmail(
    @Input('body') body: In<typeof routes.changeEmail, 'body'>,
    @CurrentMember() member: Member,
    @Context() context: RequestContext,
  ) {
    await this.passwords.checkPassword(member.userId, body.password, context);
    return this.verification.requestEmailChange(member.userId, body.email, context);
  }

  @Endpoint(routes.sendPasswordResetEmail)
  sendPasswordResetEmail(
    @Input('body') body: In<typeof routes.sendPasswordResetEmail, 'body'>,
    @Context() context: RequestContext,
  ) {
    return this.passwords.requestReset(body.email, context);
  }

  /** With the reset link's token, or from the member's own session. Answers the signed-in member. */
  @Endpoint(routes.updateUserPassword)
  async updateUserPassword(
    @Input('body') body: In<typeof routes.updateUserPassword, 'body'>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const member = identity.kind === 'member' ? identity : undefined;
    const result = await this.passwords.changePassword(body, member, context);
    if (result.reclaimed) {
      // A pending account reclaimed through its email: the new holder continues verifying.
      await this.tickets.revokeAll(result.userId);
      await this.tickets.hand(reply, result.userId, result.reclaimed.deadline);
      throw new AppError('USER_NOT_VERIFIED', {
        userId: result.userId,
        verification: 'registered',
      });
    }
    // Every session of the member has ended, this one too: the browser goes on with a new token.
    return this.signIn(result.userId, reply, request);
  }

  @Endpoint(routes.unsubscribe)
  async unsubscribe(@Input('body') body: In<typeof routes.unsubscribe, 'body'>) {
    this.passwords.checkUnsubscribe(body.email, body.signature);
    await this.users.unsubscribe(body.email);
    return { unsubscribed: true as const };
  }

  private async signIn(
    userId: string,
    reply: FastifyReply,
    request: FastifyRequest,
  ): Promise<CurrentUser> {
    const user = await this.users.currentUser(userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const session = await this.sessions.create(userId, new Date(), request.headers['user-agent']);
    this.cookies.set(reply, session.token);
    return user;
  }
}
