// Interface strings of the post editor (/profile/write-post/{postId?}), keys starting `writePost.`.
// en.ts and he.ts take them in; Hebrew must have every key.

export const writePostEn = {} as const satisfies Record<`writePost.${string}`, string>;

export const writePostHe: Record<keyof typeof writePostEn, string> = {};
