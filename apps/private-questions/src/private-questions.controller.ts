import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  GetPrivateQuestionsRequest,
  InsertPrivateQuestionRequest,
  PrivateQuestionIndexRequest,
  RevertPrivateAnswerRequest,
  SavePrivateAnswerRequest,
  UpdatePrivateQuestionRequest,
  type DeletePrivateQuestionResponse,
  type PrivateAnswer,
  type PrivateQuestion,
  type PrivateQuestionsList,
} from '@mepedia/contracts';
import { MembersOnly, ZodPipe } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import type { z } from 'zod';
import { PrivateQuestionsService } from './private-questions.service';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;

// Private questions and their answers are their owner's alone: every route is members-only,
// and each acts on the caller's own questions.
@Controller('api/privateQuestions')
export class PrivateQuestionsController {
  constructor(private readonly questions: PrivateQuestionsService) {}

  @MembersOnly()
  @Post('getQuestions')
  @HttpCode(200)
  getQuestions(
    @Body(new ZodPipe(GetPrivateQuestionsRequest)) body: Out<typeof GetPrivateQuestionsRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateQuestionsList> {
    return this.questions.list(member.userId, body.userId);
  }

  @MembersOnly()
  @Post('insertNewPrivateQuestion')
  @HttpCode(201)
  insertNewPrivateQuestion(
    @Body(new ZodPipe(InsertPrivateQuestionRequest))
    body: Out<typeof InsertPrivateQuestionRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateQuestion> {
    return this.questions.insert(member.userId, body);
  }

  @MembersOnly()
  @Post('updatePrivateQuestion')
  @HttpCode(200)
  updatePrivateQuestion(
    @Body(new ZodPipe(UpdatePrivateQuestionRequest))
    body: Out<typeof UpdatePrivateQuestionRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateQuestion> {
    return this.questions.update(member.userId, body);
  }

  @MembersOnly()
  @Post('getQuestionByIndex')
  @HttpCode(200)
  getQuestionByIndex(
    @Body(new ZodPipe(PrivateQuestionIndexRequest)) body: Out<typeof PrivateQuestionIndexRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateQuestion> {
    return this.questions.getByIndex(member.userId, body.questionIndex);
  }

  @MembersOnly()
  @Post('deleteQuestionByIndex')
  @HttpCode(200)
  deleteQuestionByIndex(
    @Body(new ZodPipe(PrivateQuestionIndexRequest)) body: Out<typeof PrivateQuestionIndexRequest>,
    @CurrentMember() member: Member,
  ): Promise<DeletePrivateQuestionResponse> {
    return this.questions.deleteByIndex(member.userId, body.questionIndex);
  }

  @MembersOnly()
  @Post('getAnswer')
  @HttpCode(200)
  getAnswer(
    @Body(new ZodPipe(PrivateQuestionIndexRequest)) body: Out<typeof PrivateQuestionIndexRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateAnswer> {
    return this.questions.getAnswer(member.userId, body.questionIndex);
  }

  @MembersOnly()
  @Post('saveDraft')
  @HttpCode(200)
  saveDraft(
    @Body(new ZodPipe(SavePrivateAnswerRequest)) body: Out<typeof SavePrivateAnswerRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateAnswer> {
    return this.questions.saveDraft(member.userId, body);
  }

  @MembersOnly()
  @Post('saveLive')
  @HttpCode(200)
  saveLive(
    @Body(new ZodPipe(SavePrivateAnswerRequest)) body: Out<typeof SavePrivateAnswerRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateAnswer> {
    return this.questions.saveLive(member.userId, body);
  }

  @MembersOnly()
  @Post('revertDraft')
  @HttpCode(200)
  revertDraft(
    @Body(new ZodPipe(RevertPrivateAnswerRequest)) body: Out<typeof RevertPrivateAnswerRequest>,
    @CurrentMember() member: Member,
  ): Promise<PrivateAnswer> {
    return this.questions.revertDraft(member.userId, body);
  }
}
