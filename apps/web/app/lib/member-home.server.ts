import {
  hasText,
  type CurrentUserAnswers,
  type Localized,
  type PostDraftsPage,
  type PrivateQuestionsList,
  type ProfileQuestion,
} from '@mepedia/contracts';

// What a signed-in member's home page says about their own writing (issue 33): where the
// questionnaire stands, their newest drafts, and their private questions still unanswered.
// Worked out on the server (the home page's loader) from what the services answered, so the page carries only what it
// shows (not every answer's text), and a part that could not be read is left out alone.

/** How many drafts and unanswered private questions the home page lists (the rest are linked). */
export const HOME_DRAFTS = 3;
export const HOME_PRIVATE_QUESTIONS = 3;

/** The questionnaire's next step: a question to answer (or go on with), or all of them done. */
export type HomeNext =
  | {
      kind: 'question';
      index: number;
      title: Localized;
      prompt: Localized;
      /** The member has a draft of it already: "go on with" rather than "answer". */
      started: boolean;
    }
  | { kind: 'done' };

export type HomeQuestionnaire = { answered: number; total: number; next: HomeNext };
export type HomeDraft = { draftId: string; title: string; updatedAt: string };
export type HomeDrafts = { drafts: HomeDraft[]; more: boolean };
export type HomePrivateQuestion = { index: number; title: string };
export type HomePrivateQuestions = { questions: HomePrivateQuestion[]; more: number };

export type MemberHomeSummary = {
  questionnaire: HomeQuestionnaire | null;
  drafts: HomeDrafts | null;
  privateQuestions: HomePrivateQuestions | null;
};

/**
 * Where the questionnaire stands: how many questions have a saved answer, and the next one to
 * answer (the service's `nextIndex`), with its title and prompt; `done` when none is left.
 */
export function questionnaireStep(
  questions: readonly ProfileQuestion[],
  answers: CurrentUserAnswers,
): HomeQuestionnaire | null {
  if (questions.length === 0) return null;
  const answered = answers.answers.filter((answer) => hasText(answer.live)).length;
  const total = questions.length;
  const next =
    answers.nextIndex === null ? undefined : questions.find((q) => q.index === answers.nextIndex);
  if (!next) return { answered, total, next: { kind: 'done' } };
  const own = answers.answers.find((answer) => answer.questionId === next.questionId);
  return {
    answered,
    total,
    next: {
      kind: 'question',
      index: next.index,
      title: next.title,
      prompt: next.prompt,
      started: Boolean(own && hasText(own.draft)),
    },
  };
}

/** The newest drafts: their ids, titles and when they changed (no text). */
export function homeDrafts(page: PostDraftsPage): HomeDrafts {
  return {
    drafts: page.drafts.slice(0, HOME_DRAFTS).map(({ draftId, title, updatedAt }) => ({
      draftId,
      title,
      updatedAt,
    })),
    more: page.hasMore || page.drafts.length > HOME_DRAFTS,
  };
}

/** The private questions without a saved answer, in the member's order; how many more there are. */
export function homePrivateQuestions(list: PrivateQuestionsList): HomePrivateQuestions {
  const waiting = list.questions.filter((question) => !question.answered);
  return {
    questions: waiting
      .slice(0, HOME_PRIVATE_QUESTIONS)
      .map((question) => ({ index: question.questionIndex, title: question.questionTitle })),
    more: Math.max(0, waiting.length - HOME_PRIVATE_QUESTIONS),
  };
}
