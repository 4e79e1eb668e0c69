import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  LikedByCurrentUserRequest,
  ToggleUserLikeRequest,
  type LikedByCurrentUserResponse,
  type ToggleUserLikeResponse,
} from '@mepedia/contracts';
import { MembersOnly, ZodPipe } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import type { z } from 'zod';
import { ReactionsService } from './reactions.service';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;

@Controller('api/userLikes')
export class LikesController {
  constructor(private readonly reactions: ReactionsService) {}

  /** `randomIdentifier` is accepted and ignored: a like is the signed-in member's. */
  @MembersOnly('MUST_BE_LOGGED_IN')
  @Post('toggleLike')
  @HttpCode(200)
  toggleLike(
    @Body(new ZodPipe(ToggleUserLikeRequest)) body: Out<typeof ToggleUserLikeRequest>,
    @CurrentMember() member: Member,
  ): Promise<ToggleUserLikeResponse> {
    return this.reactions.toggleLike(
      { collection: body.collectionName, objectId: body.objectId },
      member.userId,
    );
  }

  /** `userId` is ignored: a member's likes are read by that member alone. */
  @MembersOnly()
  @Post('getLikedByCurrentUser')
  @HttpCode(200)
  getLikedByCurrentUser(
    @Body(new ZodPipe(LikedByCurrentUserRequest)) body: Out<typeof LikedByCurrentUserRequest>,
    @CurrentMember() member: Member,
  ): Promise<LikedByCurrentUserResponse> {
    return this.reactions.likedByCurrentUser(member.userId, body.collectionName, body.post);
  }
}
