import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  EditFeedMessageRequest,
  FeedMessageId,
  FeedObjectId,
  GetFeedMessagesRequest,
  LikeFeedMessageRequest,
  SendFeedMessageRequest,
  type DeleteFeedMessageResponse,
  type FeedMessage,
  type FeedMessagesCount,
  type FeedMessagesPage,
  type LikeFeedMessageResponse,
} from '@mepedia/contracts';
import { MembersOnly, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import type { z } from 'zod';
import { FeedMessagesService } from './feed-messages.service';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;

// Anyone reads a discussion, except a private post's or answer's, which is its owner's alone;
// writing, liking, editing and deleting need a member, and editing and deleting only the
// member's own messages (the service checks both).
@Controller('api/feedMessages')
export class FeedMessagesController {
  constructor(private readonly messages: FeedMessagesService) {}

  /** `randomIdentifier` is accepted and ignored: a message is the signed-in member's. */
  @MembersOnly('MUST_BE_LOGGED_IN')
  @Post('sendMessage')
  @HttpCode(201)
  sendMessage(
    @Body(new ZodPipe(SendFeedMessageRequest)) body: Out<typeof SendFeedMessageRequest>,
    @CurrentMember() member: Member,
  ): Promise<FeedMessage> {
    return this.messages.send(member.userId, body);
  }

  @MembersOnly()
  @Put('editMessage')
  editMessage(
    @Body(new ZodPipe(EditFeedMessageRequest)) body: Out<typeof EditFeedMessageRequest>,
    @CurrentMember() member: Member,
  ): Promise<FeedMessage> {
    return this.messages.edit(member.userId, body);
  }

  @Public()
  @Post('getMessages')
  @HttpCode(200)
  getMessages(
    @Body(new ZodPipe(GetFeedMessagesRequest)) body: Out<typeof GetFeedMessagesRequest>,
    @CurrentIdentity() identity: Identity,
  ): Promise<FeedMessagesPage> {
    return this.messages.page(body, identity.kind === 'member' ? identity.userId : undefined);
  }

  @Public()
  @Get('getNumberOfMessages/:id')
  getNumberOfMessages(
    @Param('id', new ZodPipe(FeedObjectId)) id: Out<typeof FeedObjectId>,
    @CurrentIdentity() identity: Identity,
  ): Promise<FeedMessagesCount> {
    return this.messages.count(id, identity.kind === 'member' ? identity.userId : undefined);
  }

  @MembersOnly('MUST_BE_LOGGED_IN')
  @Put('like')
  like(
    @Body(new ZodPipe(LikeFeedMessageRequest)) body: Out<typeof LikeFeedMessageRequest>,
    @CurrentMember() member: Member,
  ): Promise<LikeFeedMessageResponse> {
    return this.messages.like(body.id, member.userId);
  }

  /** `id` is the message, `id2` its room (or post) id: a mismatch is MESSAGE_NOT_FOUND. */
  @MembersOnly()
  @Delete('deleteMessage/:id/:id2')
  deleteMessage(
    @Param('id', new ZodPipe(FeedMessageId)) id: Out<typeof FeedMessageId>,
    @Param('id2', new ZodPipe(FeedObjectId)) id2: Out<typeof FeedObjectId>,
    @CurrentMember() member: Member,
  ): Promise<DeleteFeedMessageResponse> {
    return this.messages.delete(member.userId, id, id2);
  }
}
