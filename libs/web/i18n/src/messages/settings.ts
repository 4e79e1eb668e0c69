// Interface strings of the settings page (/profile/settings), keys starting `settings.`.
// en.ts and he.ts take them in; Hebrew must have every key.

export const settingsEn = {} as const satisfies Record<`settings.${string}`, string>;

export const settingsHe: Record<keyof typeof settingsEn, string> = {};
