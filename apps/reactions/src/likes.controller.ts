import { Controller } from '@nestjs/common';
import { reactionsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import { ReactionsService } from './reactions.service';

type Member = Extract<Identity, { kind: 'member' }>;

@Controller()
export class LikesController {
  constructor(private readonly reactions: ReactionsService) {}

  /** `randomIdentifier` is accepted and ignored: a like is the signed-in member's. */
  @Endpoint(routes.toggleLike)
  toggleLike(
    @Input('body') body: In<typeof routes.toggleLike, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.reactions.toggleLike(
      { collection: body.collectionName, objectId: body.objectId },
      member.userId,
    );
  }

  /** `userId` is ignored: a member's likes are read by that member alone. */
  @Endpoint(routes.getLikedByCurrentUser)
  getLikedByCurrentUser(
    @Input('body') body: In<typeof routes.getLikedByCurrentUser, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.reactions.likedByCurrentUser(member.userId, body.collectionName, body.post);
  }
}
