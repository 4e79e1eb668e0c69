import { Controller } from '@nestjs/common';
import { notificationsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import { FollowsService } from './follows.service';

type Member = Extract<Identity, { kind: 'member' }>;

/** Following members: `/api/follows/` (our addition, docs/api/notifications.md). */
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  /** The follower is always the signed-in member; the body names the member followed. */
  @Endpoint(routes.follow)
  follow(@Input('body') body: In<typeof routes.follow, 'body'>, @CurrentMember() member: Member) {
    return this.follows.follow(member.userId, body.userId);
  }

  @Endpoint(routes.unfollow)
  unfollow(
    @Input('body') body: In<typeof routes.unfollow, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.follows.unfollow(member.userId, body.userId);
  }

  /** As the caller is shown it: a signed-in member sees nobody a block stands between them and. */
  @Endpoint(routes.getFollowers)
  getFollowers(
    @Input('body') body: In<typeof routes.getFollowers, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.follows.followers(
      body.userId,
      body.cursor,
      body.limit,
      identity.kind === 'member' ? identity.userId : undefined,
    );
  }

  @Endpoint(routes.getFollowing)
  getFollowing(
    @Input('body') body: In<typeof routes.getFollowing, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.follows.following(
      body.userId,
      body.cursor,
      body.limit,
      identity.kind === 'member' ? identity.userId : undefined,
    );
  }

  /** `followedByMe` is the signed-in caller's; a guest's is false. */
  @Endpoint(routes.getFollowCounts)
  getFollowCounts(
    @Input('body') body: In<typeof routes.getFollowCounts, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.follows.counts(
      body.userId,
      identity.kind === 'member' ? identity.userId : undefined,
    );
  }

  /** Several members' counts in one call; `followedByMe` is the caller's, a guest's false. */
  @Endpoint(routes.getFollowStates)
  getFollowStates(
    @Input('body') body: In<typeof routes.getFollowStates, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.follows.states(
      body.userIds,
      identity.kind === 'member' ? identity.userId : undefined,
    );
  }
}
