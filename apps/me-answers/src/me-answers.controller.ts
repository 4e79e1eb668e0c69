import { Body, Controller, Get, Header, Headers, HttpCode, Post, Query } from '@nestjs/common';
import {
  GetUserAnswersQuery,
  MeAnswerViewRequest,
  QuestionIdRequest,
  RevertDraftRequest,
  SaveAnswerRequest,
  TogglePublishRequest,
  type CurrentUserAnswers,
  type OwnMeAnswer,
  type ProfileQuestion,
  type ProfileQuestionId,
  type PublicMeAnswer,
} from '@mepedia/contracts';
import { MembersOnly, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, ViewerKey, type Identity } from '@mepedia/server-identity';
import { isbot } from 'isbot';
import type { z } from 'zod';
import { MeAnswersService } from './me-answers.service';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;
const viewerOf = (identity: Identity) => (identity.kind === 'member' ? identity.userId : null);
const author = (member: Member) => ({ userId: member.userId, language: member.language });

/**
 * The questionnaire changes only with a deployment (a migration): the same for everyone, kept
 * by browsers and CDNs for five minutes, then revalidated (the gateway adds an ETag).
 */
const QUESTIONNAIRE_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** The fixed questionnaire: public, the same for everyone. */
@Controller('api/profileQuestions')
export class ProfileQuestionsController {
  constructor(private readonly answers: MeAnswersService) {}

  @Public()
  @Get('getQuestions')
  @Header('cache-control', QUESTIONNAIRE_CACHE)
  getQuestions(): Promise<ProfileQuestion[]> {
    return this.answers.getQuestions();
  }

  @Public()
  @Get('getQuestionsIds')
  @Header('cache-control', QUESTIONNAIRE_CACHE)
  getQuestionsIds(): Promise<ProfileQuestionId[]> {
    return this.answers.getQuestionIds();
  }
}

/** Members' answers to the questionnaire. */
@Controller('api/meAnswers')
export class MeAnswersController {
  constructor(private readonly answers: MeAnswersService) {}

  /** Anyone: a member's live public answers (the owner also sees their private ones). */
  @Public()
  @Get('getUserAnswers')
  getUserAnswers(
    @Query(new ZodPipe(GetUserAnswersQuery)) query: Out<typeof GetUserAnswersQuery>,
    @CurrentIdentity() identity: Identity,
  ): Promise<PublicMeAnswer[]> {
    return this.answers.userAnswers(query.userId, viewerOf(identity));
  }

  /** The member's own answers, drafts included, and the question they may answer next. */
  @MembersOnly()
  @Get('getCurrentUserAnswers')
  getCurrentUserAnswers(@CurrentMember() member: Member): Promise<CurrentUserAnswers> {
    return this.answers.currentUserAnswers(member.userId);
  }

  @MembersOnly()
  @Post('saveDraft')
  @HttpCode(200)
  saveDraft(
    @Body(new ZodPipe(SaveAnswerRequest)) body: Out<typeof SaveAnswerRequest>,
    @CurrentMember() member: Member,
  ): Promise<OwnMeAnswer> {
    return this.answers.saveDraft(author(member), body);
  }

  @MembersOnly()
  @Post('saveLive')
  @HttpCode(200)
  saveLive(
    @Body(new ZodPipe(SaveAnswerRequest)) body: Out<typeof SaveAnswerRequest>,
    @CurrentMember() member: Member,
  ): Promise<OwnMeAnswer> {
    return this.answers.saveLive(author(member), body);
  }

  @MembersOnly()
  @Post('revertDraft')
  @HttpCode(200)
  revertDraft(
    @Body(new ZodPipe(RevertDraftRequest)) body: Out<typeof RevertDraftRequest>,
    @CurrentMember() member: Member,
  ): Promise<OwnMeAnswer> {
    return this.answers.revertDraft(author(member), body);
  }

  @MembersOnly()
  @Post('togglePublishAsPost')
  @HttpCode(200)
  togglePublishAsPost(
    @Body(new ZodPipe(TogglePublishRequest)) body: Out<typeof TogglePublishRequest>,
    @CurrentMember() member: Member,
  ): Promise<OwnMeAnswer> {
    return this.answers.togglePublish(author(member), body);
  }

  @MembersOnly()
  @Post('deleteMeAnswersFromPosts')
  @HttpCode(200)
  deleteMeAnswersFromPosts(
    @Body(new ZodPipe(QuestionIdRequest)) body: Out<typeof QuestionIdRequest>,
    @CurrentMember() member: Member,
  ): Promise<OwnMeAnswer> {
    return this.answers.unpublish(author(member), body.questionId);
  }

  /** A view counts once per viewer key (member or the gateway's visitor id); crawlers do not. */
  @Public()
  @Post('updatePostViews')
  @HttpCode(200)
  updatePostViews(
    @Body(new ZodPipe(MeAnswerViewRequest)) body: Out<typeof MeAnswerViewRequest>,
    @CurrentIdentity() identity: Identity,
    @ViewerKey() viewer: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
  ): Promise<{ views: number; counted: boolean }> {
    const counting = isbot(userAgent ?? '') ? undefined : viewer;
    return this.answers.view(body.meAnswerId, counting, viewerOf(identity));
  }
}
