import { Controller, Header, Headers } from '@nestjs/common';
import { meAnswersRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, ViewerKey, type Identity } from '@mepedia/server-identity';
import { isbot } from 'isbot';
import { MeAnswersService } from './me-answers.service';

type Member = Extract<Identity, { kind: 'member' }>;
const viewerOf = (identity: Identity) => (identity.kind === 'member' ? identity.userId : null);
const author = (member: Member) => ({ userId: member.userId, language: member.language });

/**
 * The questionnaire changes only with a deployment (a migration): the same for everyone, kept
 * by browsers and CDNs for five minutes, then revalidated (the gateway adds an ETag).
 */
const QUESTIONNAIRE_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

/** The fixed questionnaire: public, the same for everyone. */
@Controller()
export class ProfileQuestionsController {
  constructor(private readonly answers: MeAnswersService) {}

  @Endpoint(routes.getQuestions)
  @Header('cache-control', QUESTIONNAIRE_CACHE)
  getQuestions() {
    return this.answers.getQuestions();
  }

  @Endpoint(routes.getQuestionsIds)
  @Header('cache-control', QUESTIONNAIRE_CACHE)
  getQuestionsIds() {
    return this.answers.getQuestionIds();
  }
}

/** Members' answers to the questionnaire. */
@Controller()
export class MeAnswersController {
  constructor(private readonly answers: MeAnswersService) {}

  /** Anyone: a member's live public answers (the owner also sees their private ones). */
  @Endpoint(routes.getUserAnswers)
  getUserAnswers(
    @Input('query') query: In<typeof routes.getUserAnswers, 'query'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.answers.userAnswers(query.userId, viewerOf(identity));
  }

  /** The member's own answers, drafts included, and the question they may answer next. */
  @Endpoint(routes.getCurrentUserAnswers)
  getCurrentUserAnswers(@CurrentMember() member: Member) {
    return this.answers.currentUserAnswers(member.userId);
  }

  @Endpoint(routes.saveDraft)
  saveDraft(
    @Input('body') body: In<typeof routes.saveDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.answers.saveDraft(author(member), body);
  }

  @Endpoint(routes.saveLive)
  saveLive(
    @Input('body') body: In<typeof routes.saveLive, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.answers.saveLive(author(member), body);
  }

  @Endpoint(routes.revertDraft)
  revertDraft(
    @Input('body') body: In<typeof routes.revertDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.answers.revertDraft(author(member), body);
  }

  @Endpoint(routes.togglePublishAsPost)
  togglePublishAsPost(
    @Input('body') body: In<typeof routes.togglePublishAsPost, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.answers.togglePublish(author(member), body);
  }

  @Endpoint(routes.deleteMeAnswersFromPosts)
  deleteMeAnswersFromPosts(
    @Input('body') body: In<typeof routes.deleteMeAnswersFromPosts, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.answers.unpublish(author(member), body.questionId);
  }

  /** A view counts once per viewer key (member or the gateway's visitor id); crawlers do not. */
  @Endpoint(routes.updatePostViews)
  updatePostViews(
    @Input('body') body: In<typeof routes.updatePostViews, 'body'>,
    @CurrentIdentity() identity: Identity,
    @ViewerKey() viewer: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    const counting = isbot(userAgent ?? '') ? undefined : viewer;
    return this.answers.view(body.meAnswerId, counting, viewerOf(identity));
  }
}
