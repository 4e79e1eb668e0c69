import { Body, Controller, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import {
  ChangeEmailRequest,
  ChangePhoneNumberRequest,
  SendPasswordResetEmailRequest,
  SendPhoneCodeRequest,
  SendVerificationEmailRequest,
  UnsubscribeRequest,
  UpdateUserPasswordRequest,
  UserIdRequest,
  VerifyUserByEmailRequest,
  VerifyUserByPhoneRequest,
  type CurrentUser,
  type EmailVerifiedSignedOut,
  type MessageSentResponse,
  type UserToVerify,
  type UserVerifiedResponse,
  type VerifyUserByEmailResponse,
  type VerifyUserByPhoneResponse,
} from '@mepedia/contracts';
import { AppError, MembersOnly, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './audit-log';
import { PasswordService } from './password.service';
import { Context } from './request-context';
import { SessionCookies } from './session-cookies';
import { SessionsService } from './sessions.service';
import { UsersService } from './users.service';
import { VerificationTickets } from './verification-tickets';
import { VerificationService } from './verification.service';

type Out<S extends z.ZodType> = z.output<S>;
type Member = Extract<Identity, { kind: 'member' }>;

const SIGNED_OUT: EmailVerifiedSignedOut = { emailVerified: true, signedIn: false };

/**
 * Verification by phone and email, password reset, unsubscribe. All public:
 * the people calling them cannot sign in yet (or forgot how).
 */
@Controller('api/users')
export class VerificationController {
  constructor(
    private readonly verification: VerificationService,
    private readonly passwords: PasswordService,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
    private readonly tickets: VerificationTickets,
  ) {}

  @Public()
  @Post('sendPhoneCode')
  @HttpCode(200)
  async sendPhoneCode(
    @Body(new ZodPipe(SendPhoneCodeRequest)) body: Out<typeof SendPhoneCodeRequest>,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<MessageSentResponse> {
    const ticketUserId = await this.tickets.userOf(request);
    return this.verification.sendPhoneCode(ticketUserId, body.prefix, body.phone, context);
  }

  @Public()
  @Put('verifyUserByPhone')
  async verifyUserByPhone(
    @Body(new ZodPipe(VerifyUserByPhoneRequest)) body: Out<typeof VerifyUserByPhoneRequest>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VerifyUserByPhoneResponse> {
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

  @Public()
  @Post('sendVerificationEmailToUser')
  @HttpCode(200)
  async sendVerificationEmailToUser(
    @Body(new ZodPipe(SendVerificationEmailRequest)) body: Out<typeof SendVerificationEmailRequest>,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<MessageSentResponse> {
    const ticketUserId = await this.tickets.userOf(request);
    return this.verification.sendVerificationEmail(ticketUserId, body.prefix, body.phone, context);
  }

  /**
   * The link's token verifies the email (it proves the mailbox). It signs in only the browser
   * holding the account's verification ticket: a link opened anywhere else (sent to someone by
   * whoever registered, a login CSRF) signs nobody in, and another member's session is never
   * replaced. The member's own session (an email change) goes on as it is.
   */
  @Public()
  @Put('verifyUserByEmail')
  async verifyUserByEmail(
    @Body(new ZodPipe(VerifyUserByEmailRequest)) body: Out<typeof VerifyUserByEmailRequest>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<VerifyUserByEmailResponse> {
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

  @Public()
  @Post('getUserToVerify')
  @HttpCode(200)
  async getUserToVerify(
    @Body(new ZodPipe(UserIdRequest)) body: Out<typeof UserIdRequest>,
    @Req() request: FastifyRequest,
  ): Promise<UserToVerify> {
    return this.verification.userToVerify(await this.tickets.userOf(request), body.userId);
  }

  @Public()
  @Post('userVerified')
  @HttpCode(200)
  async userVerified(
    @Body(new ZodPipe(UserIdRequest)) body: Out<typeof UserIdRequest>,
    @Req() request: FastifyRequest,
  ): Promise<UserVerifiedResponse> {
    return this.verification.userVerified(await this.tickets.userOf(request), body.userId);
  }

  @Public()
  @Put('changePhonenumber')
  async changePhonenumber(
    @Body(new ZodPipe(ChangePhoneNumberRequest)) body: Out<typeof ChangePhoneNumberRequest>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
  ): Promise<MessageSentResponse> {
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
  @MembersOnly()
  @Put('changeEmail')
  async changeEmail(
    @Body(new ZodPipe(ChangeEmailRequest)) body: Out<typeof ChangeEmailRequest>,
    @CurrentMember() member: Member,
    @Context() context: RequestContext,
  ): Promise<MessageSentResponse> {
    await this.passwords.checkPassword(member.userId, body.password, context);
    return this.verification.requestEmailChange(member.userId, body.email, context);
  }

  @Public()
  @Post('sendPasswordResetEmail')
  @HttpCode(200)
  sendPasswordResetEmail(
    @Body(new ZodPipe(SendPasswordResetEmailRequest))
    body: Out<typeof SendPasswordResetEmailRequest>,
    @Context() context: RequestContext,
  ): Promise<{ sent: true }> {
    return this.passwords.requestReset(body.email, context);
  }

  /** With the reset link's token, or from the member's own session. Answers the signed-in member. */
  @Public()
  @Post('updateUserPassword')
  @HttpCode(200)
  async updateUserPassword(
    @Body(new ZodPipe(UpdateUserPasswordRequest)) body: Out<typeof UpdateUserPasswordRequest>,
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CurrentUser> {
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

  @Public()
  @Post('unsubscribe')
  @HttpCode(200)
  async unsubscribe(
    @Body(new ZodPipe(UnsubscribeRequest)) body: Out<typeof UnsubscribeRequest>,
  ): Promise<{ unsubscribed: true }> {
    this.passwords.checkUnsubscribe(body.email, body.signature);
    await this.users.unsubscribe(body.email);
    return { unsubscribed: true };
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
