import type { z } from 'zod';
import { requiredEnum } from './zod-helpers';

/**
 * Who may read an item (issue 34, ADR 9), narrowest first:
 * - `private`: only its owner;
 * - `circle`: its owner and the members of the owner's circle;
 * - `members`: anyone signed in;
 * - `public`: everyone, guests included.
 *
 * `private` and `public` are the specification's original values and keep their meaning, so a
 * client that knows only those two works as before; `circle` and `members` are our addition.
 * Each audience's readers include those of every narrower one (a circle member is a member), so
 * the list's order is also "who may read" ordered by inclusion: see `isWider`.
 */
export const AUDIENCES = ['private', 'circle', 'members', 'public'] as const;

export const Audience = requiredEnum(AUDIENCES);
export type Audience = z.infer<typeof Audience>;

/**
 * Whether `a` lets strictly more people read than `b`. A change to a narrower audience (not
 * wider, not the same) takes the item away from readers who had it, and whoever keeps copies of
 * it for them must hear so, as for a deletion.
 */
export function isWider(a: Audience, b: Audience): boolean {
  return AUDIENCES.indexOf(a) > AUDIENCES.indexOf(b);
}
