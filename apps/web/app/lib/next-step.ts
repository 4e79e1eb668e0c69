/**
 * The one thing a member's own profile asks them to do next (docs/design.md, "The profile
 * header"): finish the questionnaire first (it is what makes the profile theirs), then write a
 * first story, then another.
 */
export type NextStep =
  { kind: 'question'; index: number } | { kind: 'firstStory' } | { kind: 'story' };

/** What the chooser needs to know about the member. */
export type NextStepState = {
  /** The question they may answer next (1..10), as the me-answers service says; null when all are answered. */
  nextQuestion: number | null;
  /** Whether they have a post; null when it could not be read. */
  hasPosts: boolean | null;
};

export function chooseNextStep({ nextQuestion, hasPosts }: NextStepState): NextStep {
  if (nextQuestion !== null && Number.isSafeInteger(nextQuestion) && nextQuestion >= 1)
    return { kind: 'question', index: nextQuestion };
  // An unknown count asks for "a story": never "your first" to someone who may have ten.
  return hasPosts === false ? { kind: 'firstStory' } : { kind: 'story' };
}

/** Where the step's button leads, without a locale prefix. */
export function nextStepPath(step: NextStep): string {
  return step.kind === 'question' ? `/profile/edit-me/${step.index}` : '/profile/write-post';
}

/**
 * Where a member lands once their account is verified: the first question, with a word of
 * welcome above it (edit-me reads `welcome`).
 */
export const WELCOME_PATH = '/profile/edit-me/1?welcome=1';
