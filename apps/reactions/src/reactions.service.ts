import type {
  LikedByCurrentUserResponse,
  LottiesState,
  ReactionCollection,
  ReactionName,
  ToggleLottieResponse,
  ToggleUserLikeResponse,
  ToggleViewResponse,
  ViewProperty,
} from '@mepedia/contracts';
import { toLottiesState } from './reactions.mapper';
import type { ObjectRef, ReactionsRepository, RemovedMember } from './reactions.repository';

/** The viewer key `@ViewerKey()` gives a member: their views are found by it when they leave. */
export const memberViewerKey = (userId: string): string => `member:${userId}`;

/**
 * Likes, views and reactions of objects other services own. The object is not looked up:
 * its owner cleans up when it goes (docs/api/reactions.md), and until then counts of an object
 * nobody shows are simply never read.
 */
export class ReactionsService {
  constructor(private readonly repository: ReactionsRepository) {}

  toggleLike(object: ObjectRef, userId: string): Promise<ToggleUserLikeResponse> {
    return this.repository.toggleLike(object, userId);
  }

  /** Always the caller's own likes, whoever `userId` in the request names. */
  async likedByCurrentUser(
    userId: string,
    collection: ReactionCollection,
    objectId: string | undefined,
  ): Promise<LikedByCurrentUserResponse> {
    const objectIds = await this.repository.likedBy(userId, collection, objectId);
    return { collectionName: collection, objectIds };
  }

  /** `viewer` undefined (no key, or a crawler): nothing counts, the count is answered. */
  view(
    object: ObjectRef,
    property: ViewProperty,
    viewer: string | undefined,
  ): Promise<ToggleViewResponse> {
    return this.repository.view(object, property, viewer);
  }

  async toggleLottie(
    object: ObjectRef,
    userId: string,
    name: ReactionName,
  ): Promise<ToggleLottieResponse> {
    const { reacted, counts, mine } = await this.repository.toggleLottie(object, userId, name);
    return { reacted, ...toLottiesState(counts, mine) };
  }

  /** A guest (`userId` null) gets the counts and no reactions of their own. */
  async fillLotties(object: ObjectRef, userId: string | null): Promise<LottiesState> {
    if (userId === null) return toLottiesState(await this.repository.lottieCounts(object), []);
    const counts = await this.repository.lottieCountsFor(object, userId);
    return toLottiesState(
      counts,
      counts.filter((row) => row.mine).map((row) => row.name),
    );
  }

  /** A post was deleted: what it gathered goes. */
  removePost(postId: string): Promise<RemovedMember> {
    return this.repository.removeObject({ collection: 'posts', objectId: postId });
  }

  removeMember(userId: string): Promise<RemovedMember> {
    return this.repository.removeMember(userId, memberViewerKey(userId));
  }
}
