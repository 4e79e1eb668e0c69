import type { ApiRoute, ApiService } from './api-route';
import * as schemas from './private-questions';
import {
  DeletePrivateQuestionResponse,
  GetPrivateQuestionsRequest,
  GetSharedAnswersRequest,
  InsertPrivateQuestionRequest,
  PRIVATE_QUESTIONS_MAX,
  PrivateAnswer,
  PrivateQuestion,
  PrivateQuestionIndexRequest,
  PrivateQuestionsList,
  RevertPrivateAnswerRequest,
  SavePrivateAnswerRequest,
  SharedPrivateAnswers,
  UpdatePrivateQuestionRequest,
} from './private-questions';

const BY_INDEX =
  'Acts on the caller’s own question at `questionIndex`; none there: QUESTION_NOT_FOUND.';
const VERSIONED =
  'Send the `version` the client last got: a save based on another version than the stored one is refused with ANSWER_STALE (409) and changes nothing. Success answers the new `version`.';
const SUB_IDS =
  'Keys of `answerData` are the question’s sub-question ids; an unknown one is refused (VALIDATION_FAILED, field `answerData`, code INVALID_VALUE).';

export const privateQuestionsRoutes = {
  getQuestions: {
    method: 'POST',
    path: '/api/privateQuestions/getQuestions',
    summary: 'A member’s private questions, in index order',
    description:
      'Private questions are visible only to their owner: `userId` must be the caller’s own id (or left out).',
    auth: 'owner',
    owns: 'the questions (another member’s: 403 FORBIDDEN)',
    body: GetPrivateQuestionsRequest,
    status: 200,
    response: PrivateQuestionsList,
    errors: ['FORBIDDEN'],
  },
  insertNewPrivateQuestion: {
    method: 'POST',
    path: '/api/privateQuestions/insertNewPrivateQuestion',
    rate: ['answers'],
    summary: 'Add a private question at the end of the member’s list',
    description: `The answer carries its \`questionIndex\` (1 to n) and an id per sub-question. A member keeps at most ${PRIVATE_QUESTIONS_MAX} private questions (PRIVATE_QUESTIONS_LIMIT).`,
    auth: 'member',
    body: InsertPrivateQuestionRequest,
    status: 201,
    response: PrivateQuestion,
    errors: ['PRIVATE_QUESTIONS_LIMIT'],
  },
  updatePrivateQuestion: {
    method: 'POST',
    path: '/api/privateQuestions/updatePrivateQuestion',
    rate: ['answers'],
    summary: 'Change a private question’s title and sub-questions',
    description:
      'Sub-questions are matched by position: the one at each position keeps its id, so its answer stays attached; positions past the new end are removed with their answer texts. Changing which sub-questions there are bumps the answer’s `version`. Another member’s question is QUESTION_NOT_FOUND, as one that does not exist.',
    auth: 'owner',
    owns: 'the question',
    body: UpdatePrivateQuestionRequest,
    status: 200,
    response: PrivateQuestion,
    errors: ['QUESTION_NOT_FOUND'],
  },
  getQuestionByIndex: {
    method: 'POST',
    path: '/api/privateQuestions/getQuestionByIndex',
    summary: 'One of the member’s private questions',
    description: BY_INDEX,
    auth: 'member',
    body: PrivateQuestionIndexRequest,
    status: 200,
    response: PrivateQuestion,
    errors: ['QUESTION_NOT_FOUND'],
  },
  deleteQuestionByIndex: {
    method: 'POST',
    path: '/api/privateQuestions/deleteQuestionByIndex',
    rate: ['answers'],
    summary: 'Delete one of the member’s private questions, with its answer',
    description: `${BY_INDEX} The questions after it move up by one, so indexes stay 1 to n; the answer lists them.`,
    auth: 'member',
    body: PrivateQuestionIndexRequest,
    status: 200,
    response: DeletePrivateQuestionResponse,
    errors: ['QUESTION_NOT_FOUND'],
  },
  getAnswer: {
    method: 'POST',
    path: '/api/privateQuestions/getAnswer',
    summary: 'A private question with its answer’s draft and live versions',
    description: `${BY_INDEX} Before the first save the draft is empty, \`live\` is null and \`version\` is 0.`,
    auth: 'member',
    body: PrivateQuestionIndexRequest,
    status: 200,
    response: PrivateAnswer,
    errors: ['QUESTION_NOT_FOUND'],
  },
  saveDraft: {
    method: 'POST',
    path: '/api/privateQuestions/saveDraft',
    rate: ['answers'],
    summary: 'Save the draft of a private answer (autosave)',
    description: `${BY_INDEX} ${VERSIONED} ${SUB_IDS}`,
    auth: 'member',
    body: SavePrivateAnswerRequest,
    status: 200,
    response: PrivateAnswer,
    errors: ['QUESTION_NOT_FOUND', 'ANSWER_STALE'],
  },
  saveLive: {
    method: 'POST',
    path: '/api/privateQuestions/saveLive',
    rate: ['answers'],
    summary: 'Save a private answer: the texts become both its draft and its live version',
    description: `${BY_INDEX} ${VERSIONED} ${SUB_IDS} \`privacy\` (our addition, issue 34) sets who may read the saved answer; left out, it keeps its audience (\`private\`, only its owner, until chosen).`,
    auth: 'member',
    body: SavePrivateAnswerRequest,
    status: 200,
    response: PrivateAnswer,
    errors: ['QUESTION_NOT_FOUND', 'ANSWER_STALE'],
  },
  revertDraft: {
    method: 'POST',
    path: '/api/privateQuestions/revertDraft',
    rate: ['answers'],
    summary: 'Put a private answer’s draft back to its live version',
    description: `${BY_INDEX} ${VERSIONED} Never saved live: the draft becomes empty.`,
    auth: 'member',
    body: RevertPrivateAnswerRequest,
    status: 200,
    response: PrivateAnswer,
    errors: ['QUESTION_NOT_FOUND', 'ANSWER_STALE'],
  },
  getSharedAnswers: {
    method: 'POST',
    path: '/api/privateQuestions/getSharedAnswers',
    summary: 'A member’s private questions whose saved answers the caller may read',
    description:
      'Our addition (issue 34): each saved answer is read by its audience (`privacy`): its owner; `circle`, the members of the owner’s circle; `members`, any signed-in member; `public`, anyone, guests too. The owner reads all their saved answers; anyone else only those, never a draft and never a question without a saved answer. A member who has none the caller may read (or no such member) answers an empty list, alike.',
    auth: 'anyone',
    body: GetSharedAnswersRequest,
    status: 200,
    response: SharedPrivateAnswers,
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;

export const privateQuestionsApi: ApiService = {
  service: 'private-questions',
  title: 'Private questions',
  description:
    'A member’s own extra questions for their profile, and their answers (draft and live, as questionnaire answers). The questions and drafts are their owner’s alone; a saved answer is read by the audience its owner chose (our addition, issue 34: `getSharedAnswers`, the one route open to guests). Rules and choices: docs/api/private-questions.md.',
  schemas,
  routes: Object.values(privateQuestionsRoutes),
};
