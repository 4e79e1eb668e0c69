import { Controller } from '@nestjs/common';
import { privateQuestionsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import { PrivateQuestionsService } from './private-questions.service';

type Member = Extract<Identity, { kind: 'member' }>;

// Private questions and their drafts are their owner's alone: every route but one is
// members-only, and acts on the caller's own questions. The one, getSharedAnswers, reads a
// member's saved answers as their audiences allow (issue 34), guests too.
@Controller()
export class PrivateQuestionsController {
  constructor(private readonly questions: PrivateQuestionsService) {}

  @Endpoint(routes.getQuestions)
  getQuestions(
    @Input('body') body: In<typeof routes.getQuestions, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.list(member.userId, body.userId);
  }

  @Endpoint(routes.insertNewPrivateQuestion)
  insertNewPrivateQuestion(
    @Input('body') body: In<typeof routes.insertNewPrivateQuestion, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.insert(member.userId, body);
  }

  @Endpoint(routes.updatePrivateQuestion)
  updatePrivateQuestion(
    @Input('body') body: In<typeof routes.updatePrivateQuestion, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.update(member.userId, body);
  }

  @Endpoint(routes.getQuestionByIndex)
  getQuestionByIndex(
    @Input('body') body: In<typeof routes.getQuestionByIndex, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.getByIndex(member.userId, body.questionIndex);
  }

  @Endpoint(routes.deleteQuestionByIndex)
  deleteQuestionByIndex(
    @Input('body') body: In<typeof routes.deleteQuestionByIndex, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.deleteByIndex(member.userId, body.questionIndex);
  }

  @Endpoint(routes.getAnswer)
  getAnswer(
    @Input('body') body: In<typeof routes.getAnswer, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.getAnswer(member.userId, body.questionIndex);
  }

  @Endpoint(routes.saveDraft)
  saveDraft(
    @Input('body') body: In<typeof routes.saveDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.saveDraft(member.userId, body);
  }

  @Endpoint(routes.saveLive)
  saveLive(
    @Input('body') body: In<typeof routes.saveLive, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.saveLive(member.userId, body);
  }

  @Endpoint(routes.revertDraft)
  revertDraft(
    @Input('body') body: In<typeof routes.revertDraft, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.questions.revertDraft(member.userId, body);
  }

  /** Anyone, guests too: what the caller may read of a member's saved answers. */
  @Endpoint(routes.getSharedAnswers)
  getSharedAnswers(
    @Input('body') body: In<typeof routes.getSharedAnswers, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.questions.shared(body.userId, identity.kind === 'member' ? identity.userId : null);
  }
}
