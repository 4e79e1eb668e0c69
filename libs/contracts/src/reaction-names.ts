// What can be liked and reacted to, and the reactions' names and labels: the part the web app's
// post page needs without zod (a module whose exports the page uses keeps its top-level zod calls,
// and zod with them: lib/zod-without-eval.ts). The schemas are in reactions.ts.
import type { Localized } from './locale';

/**
 * What can be liked, viewed and reacted to. An allow-list: a value is only ever compared with
 * these, never used as a table or column name. Adding one needs a migration of the reactions
 * schema too (its check constraints hold the same list).
 */
export const REACTION_COLLECTIONS = ['posts', 'meAnswers', 'feedMessages', 'users'] as const;
export type ReactionCollection = (typeof REACTION_COLLECTIONS)[number];

/** The reactions a member can leave on an object, in display order. */
export const REACTION_NAMES = ['heart', 'clap', 'laugh', 'wow', 'hug'] as const;
export type ReactionName = (typeof REACTION_NAMES)[number];

/** Each reaction's label; a new name without labels does not compile. */
export const REACTION_LABELS: Readonly<Record<ReactionName, Localized>> = {
  heart: { en: 'Love', he: 'אהבה' },
  clap: { en: 'Applause', he: 'מחיאות כפיים' },
  laugh: { en: 'Funny', he: 'מצחיק' },
  wow: { en: 'Wow', he: 'וואו' },
  hug: { en: 'Hug', he: 'חיבוק' },
};

/** The reactions with their labels, in display order. */
export const REACTIONS: ReadonlyArray<{ name: ReactionName } & Localized> = REACTION_NAMES.map(
  (name) => ({ name, ...REACTION_LABELS[name] }),
);

/** Counters a view can go to. Only `views` for now; another needs a migration too. */
export const VIEW_PROPERTIES = ['views'] as const;
export type ViewProperty = (typeof VIEW_PROPERTIES)[number];
