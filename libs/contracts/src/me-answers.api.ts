import { z } from 'zod';
import type { ApiRoute, ApiService } from './api-route';
import * as schemas from './me-answers';
import {
  CurrentUserAnswers,
  GetUserAnswersQuery,
  MeAnswerViewRequest,
  OwnMeAnswer,
  ProfileQuestion,
  ProfileQuestionId,
  PublicMeAnswer,
  QuestionIdRequest,
  RevertDraftRequest,
  SaveAnswerRequest,
  TogglePublishRequest,
} from './me-answers';

const VERSIONED =
  'Send the `version` the answer had when you read it (0 when there is none yet). If another window saved since, nothing changes and the answer is 409 ANSWER_STALE: read it again (`getCurrentUserAnswers`) and let the member choose.';
const IN_ORDER =
  'Questions are answered in order: question N opens once every earlier one has a live answer (QUESTION_LOCKED before that). `answerData` may name only the question’s own sub-questions (VALIDATION_FAILED on `answerData` otherwise).';

export const meAnswersRoutes = {
  getQuestions: {
    method: 'GET',
    path: '/api/profileQuestions/getQuestions',
    summary: 'The questionnaire: ten questions with their sub-questions, in English and Hebrew',
    auth: 'anyone',
    status: 200,
    response: z.array(ProfileQuestion),
    errors: [],
  },
  getQuestionsIds: {
    method: 'GET',
    path: '/api/profileQuestions/getQuestionsIds',
    summary: 'The questionnaire’s question ids and their order (1-10)',
    auth: 'anyone',
    status: 200,
    response: z.array(ProfileQuestionId),
    errors: [],
  },
  getUserAnswers: {
    method: 'GET',
    path: '/api/meAnswers/getUserAnswers',
    summary: 'A member’s answers as the caller may read them',
    description:
      'Live versions only, in question order: public ones for everyone, private ones too for their owner. Drafts are never here. An unknown member has no answers (an empty list).',
    auth: 'anyone',
    query: { userId: GetUserAnswersQuery.shape.userId },
    status: 200,
    response: z.array(PublicMeAnswer),
    errors: [],
  },
  getCurrentUserAnswers: {
    method: 'GET',
    path: '/api/meAnswers/getCurrentUserAnswers',
    summary: 'The caller’s own answers, drafts and live versions, and the next question to answer',
    auth: 'member',
    status: 200,
    response: CurrentUserAnswers,
    errors: [],
  },
  saveDraft: {
    method: 'POST',
    path: '/api/meAnswers/saveDraft',
    rate: ['answers'],
    summary: 'Save the draft (autosave)',
    description: `${VERSIONED} ${IN_ORDER} \`privacy\` is ignored here.`,
    auth: 'member',
    body: SaveAnswerRequest,
    status: 200,
    response: OwnMeAnswer,
    errors: ['QUESTION_NOT_FOUND', 'QUESTION_LOCKED', 'ANSWER_STALE'],
  },
  saveLive: {
    method: 'POST',
    path: '/api/meAnswers/saveLive',
    rate: ['answers'],
    summary: 'Save: the texts become the draft and the live version',
    description: `${VERSIONED} ${IN_ORDER} An answer in the magazine has its post updated too.`,
    auth: 'member',
    body: SaveAnswerRequest,
    status: 200,
    response: OwnMeAnswer,
    errors: ['QUESTION_NOT_FOUND', 'QUESTION_LOCKED', 'ANSWER_STALE'],
  },
  revertDraft: {
    method: 'POST',
    path: '/api/meAnswers/revertDraft',
    rate: ['answers'],
    summary: 'Revert: the draft goes back to the live version ("original")',
    description: `${VERSIONED} ANSWER_NOT_FOUND when there is no live version to go back to.`,
    auth: 'member',
    body: RevertDraftRequest,
    status: 200,
    response: OwnMeAnswer,
    errors: ['QUESTION_NOT_FOUND', 'ANSWER_NOT_FOUND', 'ANSWER_STALE'],
  },
  togglePublishAsPost: {
    method: 'POST',
    path: '/api/meAnswers/togglePublishAsPost',
    rate: ['answers'],
    summary: 'Put the live answer in the magazine, or take it out if it is there',
    description:
      'Publishing needs at least 100 characters (letters, not bytes) in one sub-answer of the live version (ANSWER_TOO_SHORT_TO_PUBLISH). The post, made from the live answer under the question’s title, appears in the magazine and on the profile within moments; taking it out deletes it.',
    auth: 'member',
    body: TogglePublishRequest,
    status: 200,
    response: OwnMeAnswer,
    errors: ['QUESTION_NOT_FOUND', 'ANSWER_NOT_FOUND', 'ANSWER_TOO_SHORT_TO_PUBLISH'],
  },
  deleteMeAnswersFromPosts: {
    method: 'POST',
    path: '/api/meAnswers/deleteMeAnswersFromPosts',
    rate: ['answers'],
    summary: 'Take the answer out of the magazine (nothing happens if it is not there)',
    auth: 'member',
    body: QuestionIdRequest,
    status: 200,
    response: OwnMeAnswer,
    errors: ['QUESTION_NOT_FOUND', 'ANSWER_NOT_FOUND'],
  },
  updatePostViews: {
    method: 'POST',
    path: '/api/meAnswers/updatePostViews',
    rate: ['counters'],
    summary: 'Count a view of an answer',
    description:
      'Counts once per member, or per browser by the gateway’s visitor cookie; crawlers and callers without either do not count. A private answer exists only for its owner (ANSWER_NOT_FOUND for anyone else).',
    auth: 'anyone',
    body: MeAnswerViewRequest,
    status: 200,
    response: z.object({ views: z.number().int(), counted: z.boolean() }),
    errors: ['ANSWER_NOT_FOUND'],
    reads: ['visitor'],
  },
} as const satisfies Record<string, ApiRoute>;

export const meAnswersApi: ApiService = {
  service: 'me-answers',
  title: 'Questionnaire and answers',
  description:
    'The fixed questionnaire (`/api/profileQuestions`) and members’ answers to it (`/api/meAnswers`): drafts and live versions, the order questions open in, privacy, views and the magazine. The draft/live model: docs/api/me-answers.md.',
  schemas,
  routes: Object.values(meAnswersRoutes),
};
