import { Controller, Header, Headers, Param } from '@nestjs/common';
import { postsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, ViewerKey, type Identity } from '@mepedia/server-identity';
import { isbot } from 'isbot';
import { PostDraftsService } from './post-drafts.service';
import { PostsService } from './posts.service';
import { TranslationService } from './translation';

type Member = Extract<Identity, { kind: 'member' }>;
const viewerOf = (identity: Identity) => (identity.kind === 'member' ? identity.userId : null);

@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly translation: TranslationService,
    private readonly drafts: PostDraftsService,
  ) {}

  @Endpoint(routes.getPosts)
  getPosts(
    @Input('body') body: In<typeof routes.getPosts, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.posts.list(body, viewerOf(identity));
  }

  @Endpoint(routes.getFollowingPosts)
  getFollowingPosts(
    @Input('body') body: In<typeof routes.getFollowingPosts, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.posts.followingPosts(member.userId, body);
  }

  @Endpoint(routes.create)
  create(@Input('body') body: In<typeof routes.create, 'body'>, @CurrentMember() member: Member) {
    return this.posts.create(member.userId, body);
  }

  @Endpoint(routes.update)
  update(@Input('body') body: In<typeof routes.update, 'body'>, @CurrentMember() member: Member) {
    return this.posts.update(member.userId, body);
  }

  @Endpoint(routes.getPostById)
  getPostById(
    @Input('body') body: In<typeof routes.getPostById, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.posts.getById(body.postId, viewerOf(identity));
  }

  @Endpoint(routes.like)
  like(@Input('body') body: In<typeof routes.like, 'body'>, @CurrentMember() member: Member) {
    return this.posts.like(body.id, member.userId);
  }

  @Endpoint(routes.deletePost)
  async deletePost(@Param('id') id: string, @CurrentMember() member: Member) {
    await this.posts.delete(member.userId, id);
    return { deleted: true as const };
  }

  /** `id` is the questionnaire question whose published answer leaves the posts. */
  @Endpoint(routes.deleteMePost)
  async deleteMePost(@Param('id') id: string, @CurrentMember() member: Member) {
    await this.posts.deleteMePost(member.userId, id);
    return { deleted: true as const };
  }

  @Endpoint(routes.updatePostPrivacy)
  updatePostPrivacy(
    @Input('body') body: In<typeof routes.updatePostPrivacy, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.posts.updatePrivacy(member.userId, body.postId, body.privacy);
  }

  @Endpoint(routes.getMePost)
  getMePost(
    @Input('body') body: In<typeof routes.getMePost, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.posts.getMePost(body.postId, viewerOf(identity));
  }

  /**
   * A view counts once per viewer key: the member, or the browser's visitor id the gateway
   * vouches for. A client-chosen `randomIdentifier` is ignored; crawlers do not count.
   */
  @Endpoint(routes.updatePostViews)
  updatePostViews(
    @Input('body') body: In<typeof routes.updatePostViews, 'body'>,
    @CurrentIdentity() identity: Identity,
    @ViewerKey() viewer: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    const counting = isbot(userAgent ?? '') ? undefined : viewer;
    return this.posts.view(body.postId, counting, viewerOf(identity));
  }

  /** Any text the caller sends (what they are reading): within the daily character budgets. */
  @Endpoint(routes.translateOutput)
  translateOutput(
    @Input('body') body: In<typeof routes.translateOutput, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.translation.translate(
      body.output,
      body.target,
      member.userId,
      body.forceCheck ?? false,
    );
  }

  /** Our addition: whether Translate can work here, so clients offer it only then. */
  @Endpoint(routes.translationStatus)
  @Header('cache-control', 'public, max-age=300')
  translationStatus() {
    return { available: this.translation.available };
  }

  /** A share counts once per viewer key, as views do. */
  @Endpoint(routes.updateShareProp)
  updateShareProp(
    @Input('body') body: In<typeof routes.updateShareProp, 'body'>,
    @CurrentIdentity() identity: Identity,
    @ViewerKey() viewer: string | undefined,
  ) {
    return this.posts.share(body.objectId, viewer, viewerOf(identity));
  }

  // Drafts (issue 33): the caller's own, and no one else's by any id.

  @Endpoint(routes.saveDraft)
  saveDraft(
    @Input('body') body: In<typeof routes.saveDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.drafts.save(member.userId, body);
  }

  @Endpoint(routes.getDrafts)
  getDrafts(
    @Input('body') body: In<typeof routes.getDrafts, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.drafts.list(member.userId, body);
  }

  @Endpoint(routes.getDraft)
  getDraft(
    @Input('body') body: In<typeof routes.getDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.drafts.get(member.userId, body.draftId);
  }

  @Endpoint(routes.publishDraft)
  publishDraft(
    @Input('body') body: In<typeof routes.publishDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.drafts.publish(member.userId, body);
  }

  @Endpoint(routes.deleteDraft)
  async deleteDraft(@Param('id') id: string, @CurrentMember() member: Member) {
    await this.drafts.delete(member.userId, id);
    return { deleted: true as const };
  }
}
