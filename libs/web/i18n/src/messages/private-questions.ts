// Interface strings of private questions: create, update, answer (/profile/custom-question…, /profile/edit-me-private/{n}), keys starting `privateQuestions.`.
// en.ts and he.ts take them in; Hebrew must have every key.

export const privateQuestionsEn = {} as const satisfies Record<
  `privateQuestions.${string}`,
  string
>;

export const privateQuestionsHe: Record<keyof typeof privateQuestionsEn, string> = {};
