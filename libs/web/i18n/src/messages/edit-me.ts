// Interface strings of the questionnaire editor (/profile/edit-me/{n}), keys starting `editMe.`.
// en.ts and he.ts take them in; Hebrew must have every key.

export const editMeEn = {} as const satisfies Record<`editMe.${string}`, string>;

export const editMeHe: Record<keyof typeof editMeEn, string> = {};
