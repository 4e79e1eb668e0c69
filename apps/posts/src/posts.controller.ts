import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import {
  CreatePostRequest,
  GetPostByIdRequest,
  GetPostsRequest,
  LikeRequest,
  PostIdRequest,
  TranslateOutputRequest,
  UpdatePostPrivacyRequest,
  UpdatePostRequest,
  UpdatePostViewsRequest,
  UpdateSharePropRequest,
  type LikeResponse,
  type Post as PostDto,
  type PostsPage,
  type TranslateOutputResponse,
  type TranslationStatus,
} from '@mepedia/contracts';
import { MembersOnly, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, ViewerKey, type Identity } from '@mepedia/server-identity';
import { isbot } from 'isbot';
import type { z } from 'zod';
import { PostsService } from './posts.service';
import { TranslationService } from './translation';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;
const viewerOf = (identity: Identity) => (identity.kind === 'member' ? identity.userId : null);

@Controller('api/posts')
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly translation: TranslationService,
  ) {}

  @Public()
  @Post('getPosts')
  @HttpCode(200)
  getPosts(
    @Body(new ZodPipe(GetPostsRequest)) body: Out<typeof GetPostsRequest>,
    @CurrentIdentity() identity: Identity,
  ): Promise<PostsPage> {
    return this.posts.list(body, viewerOf(identity));
  }

  @MembersOnly()
  @Post('create')
  @HttpCode(201)
  create(
    @Body(new ZodPipe(CreatePostRequest)) body: Out<typeof CreatePostRequest>,
    @CurrentMember() member: Member,
  ): Promise<PostDto> {
    return this.posts.create(member.userId, body);
  }

  @MembersOnly()
  @Put('update')
  update(
    @Body(new ZodPipe(UpdatePostRequest)) body: Out<typeof UpdatePostRequest>,
    @CurrentMember() member: Member,
  ): Promise<PostDto> {
    return this.posts.update(member.userId, body);
  }

  @Public()
  @Post('getPostById')
  @HttpCode(200)
  getPostById(
    @Body(new ZodPipe(GetPostByIdRequest)) body: Out<typeof GetPostByIdRequest>,
    @CurrentIdentity() identity: Identity,
  ): Promise<PostDto> {
    return this.posts.getById(body.postId, viewerOf(identity));
  }

  @MembersOnly()
  @Put('like')
  like(
    @Body(new ZodPipe(LikeRequest)) body: Out<typeof LikeRequest>,
    @CurrentMember() member: Member,
  ): Promise<LikeResponse> {
    return this.posts.like(body.id, member.userId);
  }

  @MembersOnly()
  @Delete('deletePost/:id')
  async deletePost(
    @Param('id') id: string,
    @CurrentMember() member: Member,
  ): Promise<{ deleted: true }> {
    await this.posts.delete(member.userId, id);
    return { deleted: true };
  }

  /** `id` is the questionnaire question whose published answer leaves the posts. */
  @MembersOnly()
  @Delete('deleteMePost/:id')
  async deleteMePost(
    @Param('id') id: string,
    @CurrentMember() member: Member,
  ): Promise<{ deleted: true }> {
    await this.posts.deleteMePost(member.userId, id);
    return { deleted: true };
  }

  @MembersOnly()
  @Post('updatePostPrivacy')
  @HttpCode(200)
  updatePostPrivacy(
    @Body(new ZodPipe(UpdatePostPrivacyRequest)) body: Out<typeof UpdatePostPrivacyRequest>,
    @CurrentMember() member: Member,
  ): Promise<PostDto> {
    return this.posts.updatePrivacy(member.userId, body.postId, body.privacy);
  }

  @Public()
  @Post('getMePost')
  @HttpCode(200)
  getMePost(
    @Body(new ZodPipe(PostIdRequest)) body: Out<typeof PostIdRequest>,
    @CurrentIdentity() identity: Identity,
  ): Promise<PostDto> {
    return this.posts.getMePost(body.postId, viewerOf(identity));
  }

  /**
   * A view counts once per viewer key: the member, or the browser's visitor id the gateway
   * vouches for. A client-chosen `randomIdentifier` is ignored; crawlers do not count.
   */
  @Public()
  @Post('updatePostViews')
  @HttpCode(200)
  updatePostViews(
    @Body(new ZodPipe(UpdatePostViewsRequest)) body: Out<typeof UpdatePostViewsRequest>,
    @CurrentIdentity() identity: Identity,
    @ViewerKey() viewer: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<{ views: number; counted: boolean }> {
    const counting = isbot(userAgent ?? '') ? undefined : viewer;
    return this.posts.view(body.postId, counting, viewerOf(identity));
  }

  /** Any text the caller sends (what they are reading): within the daily character budgets. */
  @MembersOnly()
  @Post('translateOutput')
  @HttpCode(200)
  translateOutput(
    @Body(new ZodPipe(TranslateOutputRequest)) body: Out<typeof TranslateOutputRequest>,
    @CurrentMember() member: Member,
  ): Promise<TranslateOutputResponse> {
    return this.translation.translate(
      body.output,
      body.target,
      member.userId,
      body.forceCheck ?? false,
    );
  }

  /** Our addition: whether Translate can work here, so clients offer it only then. */
  @Public()
  @Get('translationStatus')
  @Header('cache-control', 'public, max-age=300')
  translationStatus(): TranslationStatus {
    return { available: this.translation.available };
  }

  /** A share counts once per viewer key, as views do. */
  @Public()
  @Post('updateShareProp')
  @HttpCode(200)
  updateShareProp(
    @Body(new ZodPipe(UpdateSharePropRequest)) body: Out<typeof UpdateSharePropRequest>,
    @CurrentIdentity() identity: Identity,
    @ViewerKey() viewer: string | undefined,
  ): Promise<{ shareCount: number }> {
    return this.posts.share(body.objectId, viewer, viewerOf(identity));
  }
}
