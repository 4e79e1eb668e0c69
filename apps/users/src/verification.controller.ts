import { Body, Controller, HttpCode, Post, Put, Res } from '@nestjs/common';
import {
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
  type MessageSentResponse,
  type UserToVerify,
  type UserVerifiedResponse,
  type VerifyUserByPhoneResponse,
} from '@mepedia/contracts';
import { AppError, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, type Identity } from '@mepedia/server-identity';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { RequestContext } from './audit-log';
import { PasswordService } from './password.service';
import { Context } from './request-context';
import { SessionCookies } from './session-cookies';
import { SessionsService } from './sessions.service';
import { UsersService } from './users.service';
import { VerificationService } from './verification.service';

type Out<S extends z.ZodType> = z.output<S>;

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
  ) {}

  @Public()
  @Post('sendPhoneCode')
  @HttpCode(200)
  sendPhoneCode(
    @Body(new ZodPipe(SendPhoneCodeRequest)) body: Out<typeof SendPhoneCodeRequest>,
    @Context() context: RequestContext,
  ): Promise<MessageSentResponse> {
    return this.verification.sendPhoneCode(body.prefix, body.phone, context);
  }

  @Public()
  @Put('verifyUserByPhone')
  verifyUserByPhone(
    @Body(new ZodPipe(VerifyUserByPhoneRequest)) body: Out<typeof VerifyUserByPhoneRequest>,
    @Context() context: RequestContext,
  ): Promise<VerifyUserByPhoneResponse> {
    return this.verification.verifyPhone(body.prefix, body.phone, body.verifyCode, context);
  }

  @Public()
  @Post('sendVerificationEmailToUser')
  @HttpCode(200)
  sendVerificationEmailToUser(
    @Body(new ZodPipe(SendVerificationEmailRequest)) body: Out<typeof SendVerificationEmailRequest>,
    @Context() context: RequestContext,
  ): Promise<MessageSentResponse> {
    return this.verification.sendVerificationEmail(body.prefix, body.phone, context);
  }

  /** The link's token verifies the email; the member is signed in and lands on their profile. */
  @Public()
  @Put('verifyUserByEmail')
  async verifyUserByEmail(
    @Body(new ZodPipe(VerifyUserByEmailRequest)) body: Out<typeof VerifyUserByEmailRequest>,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CurrentUser> {
    const userId = await this.verification.verifyEmail(body.verifyCode, context);
    return this.signIn(userId, reply);
  }

  @Public()
  @Post('getUserToVerify')
  @HttpCode(200)
  getUserToVerify(
    @Body(new ZodPipe(UserIdRequest)) body: Out<typeof UserIdRequest>,
  ): Promise<UserToVerify> {
    return this.verification.userToVerify(body.userId);
  }

  @Public()
  @Post('userVerified')
  @HttpCode(200)
  userVerified(
    @Body(new ZodPipe(UserIdRequest)) body: Out<typeof UserIdRequest>,
  ): Promise<UserVerifiedResponse> {
    return this.verification.userVerified(body.userId);
  }

  @Public()
  @Put('changePhonenumber')
  changePhonenumber(
    @Body(new ZodPipe(ChangePhoneNumberRequest)) body: Out<typeof ChangePhoneNumberRequest>,
    @Context() context: RequestContext,
  ): Promise<MessageSentResponse> {
    return this.verification.changePhoneNumber(
      body.userId,
      body.phoneNumberPrefix,
      body.phoneNumber,
      context,
    );
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
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CurrentUser> {
    const member = identity.kind === 'member' ? identity : undefined;
    const result = await this.passwords.changePassword(body, member, context);
    if (result.keepSessionId) {
      const user = await this.users.currentUser(result.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      return user;
    }
    return this.signIn(result.userId, reply);
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

  private async signIn(userId: string, reply: FastifyReply): Promise<CurrentUser> {
    const user = await this.users.currentUser(userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const session = await this.sessions.create(userId);
    this.cookies.set(reply, session.token);
    return user;
  }
}
