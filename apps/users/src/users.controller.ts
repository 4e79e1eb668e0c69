import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  DeleteUserRequest,
  EndSessionRequest,
  GetMembersByIdsRequest,
  Email,
  NO_SESSION,
  RegisterRequest,
  UpdateUserInformationRequest,
  UpdateUserLanguageRequest,
  type CurrentUser,
  type DeleteUserResponse,
  type GetUserIdByEmailResponse,
  type LogoutResponse,
  type MembersByIdsResponse,
  type PublicProfile,
  type RegisterInput,
  type RegisterResponse,
  type SessionsList,
  type UpdateUserInformationInput,
} from '@mepedia/contracts';
import { MembersOnly, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
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
import type { z } from 'zod';

type Member = Extract<Identity, { kind: 'member' }>;

@Controller('api/users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly cookies: SessionCookies,
    private readonly tickets: VerificationTickets,
  ) {}

  @Public()
  @Post('register')
  @HttpCode(201)
  async register(
    @Body(new ZodPipe(RegisterRequest)) body: RegisterInput,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RegisterResponse> {
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

  @Public()
  @UseGuards(LocalAuthGuard)
  @Post('login')
  @HttpCode(200)
  async login(
    @Req() request: FastifyRequest & { user?: UserRow },
    @CurrentIdentity() identity: Identity,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CurrentUser> {
    const user = request.user as UserRow;
    if (user.verificationDeadline && verificationState(user) !== 'verified') {
      // The password is proven: this browser may continue the account's verification.
      await this.tickets.hand(reply, user.id, user.verificationDeadline);
    }
    await this.users.requireVerified(user, context);
    // A fresh token at every sign-in; the browser's previous session ends.
    if (identity.kind === 'member') await this.sessions.revoke(identity.sessionId);
    const session = await this.sessions.create(user.id, new Date(), request.headers['user-agent']);
    this.cookies.set(reply, session.token);
    return toCurrentUser(user);
  }

  @Public()
  @Post('session')
  @HttpCode(200)
  async session(
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CurrentUser | string> {
    const user = identity.kind === 'member' ? await this.users.currentUser(identity.userId) : null;
    if (user) return user;
    // JSON like every other answer: the body is the string "NoSession".
    void reply.type('application/json; charset=utf-8');
    return JSON.stringify(NO_SESSION);
  }

  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(
    @CurrentIdentity() identity: Identity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LogoutResponse> {
    if (identity.kind === 'member') await this.sessions.revoke(identity.sessionId);
    this.cookies.clear(reply);
    return { loggedOut: true };
  }

  @MembersOnly()
  @Put('updateUserInformation')
  updateUserInformation(
    @CurrentMember() member: Member,
    @Body(new ZodPipe(UpdateUserInformationRequest)) body: UpdateUserInformationInput,
  ): Promise<CurrentUser> {
    return this.users.updateInformation(member.userId, body);
  }

  @MembersOnly()
  @Put('updateUserLanguage')
  async updateUserLanguage(
    @CurrentMember() member: Member,
    @Body(new ZodPipe(UpdateUserLanguageRequest)) body: z.output<typeof UpdateUserLanguageRequest>,
  ) {
    return { language: await this.users.updateLanguage(member.userId, body.language) };
  }

  @Public()
  @Get('getProfileById/:id')
  getProfileById(@Param('id') id: string): Promise<PublicProfile> {
    return this.users.publicProfile(id);
  }

  /** Bylines of a list in one call (ours): public, like getProfileById. */
  @Public()
  @Post('getMembersByIds')
  @HttpCode(200)
  getMembersByIds(
    @Body(new ZodPipe(GetMembersByIdsRequest)) body: z.output<typeof GetMembersByIdsRequest>,
  ): Promise<MembersByIdsResponse> {
    return this.users.memberNames(body.ids);
  }

  @MembersOnly()
  @Get('getUserIdByEmail/:email')
  getUserIdByEmail(
    @Param('email', new ZodPipe(Email)) email: string,
  ): Promise<GetUserIdByEmailResponse> {
    return this.users.userIdByEmail(email);
  }

  /** The member's sessions (our addition): where they are signed in, and until when. */
  @MembersOnly()
  @Get('sessions')
  sessionsList(@CurrentMember() member: Member): Promise<SessionsList> {
    return this.sessions.list(member.userId, member.sessionId);
  }

  /** Sign out everywhere else (our addition). */
  @MembersOnly()
  @Post('endOtherSessions')
  @HttpCode(200)
  endOtherSessions(@CurrentMember() member: Member): Promise<{ ended: number }> {
    return this.sessions.endOthers(member.userId, member.sessionId);
  }

  /** End one of the member's own sessions (our addition). */
  @MembersOnly()
  @Post('endSession')
  @HttpCode(200)
  endSession(
    @CurrentMember() member: Member,
    @Body(new ZodPipe(EndSessionRequest)) body: z.output<typeof EndSessionRequest>,
  ): Promise<{ ended: true }> {
    return this.sessions.endOne(member.userId, body.sessionId);
  }

  @MembersOnly()
  @Post('deleteUserById')
  @HttpCode(200)
  async deleteUserById(
    @CurrentMember() member: Member,
    @Body(new ZodPipe(DeleteUserRequest)) body: z.output<typeof DeleteUserRequest>,
    @Context() context: RequestContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DeleteUserResponse> {
    await this.users.deleteAccount(member.userId, body.id, body.password, context);
    this.cookies.clear(reply);
    return { deleted: true };
  }
}
