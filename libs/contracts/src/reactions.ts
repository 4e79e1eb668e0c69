import { z } from 'zod';
import {
  REACTION_COLLECTIONS,
  REACTION_NAMES,
  VIEW_PROPERTIES,
  type ReactionName as ReactionNameValue,
} from './reaction-names';
import { requiredError } from './zod-helpers';

// Likes, views and reactions ("lotties") of the reactions service: one counter store for
// objects that other services own. See docs/api/reactions.md.

export * from './reaction-names';

/** An object's id as its owning service gives it: 1 to 64 letters, digits, `_` or `-`. */
export const REACTION_OBJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const UUID_ANY_CASE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A member's likes list answers at most this many ids, the most recent first. */
export const LIKED_BY_CURRENT_USER_MAX = 1000;

export const ReactionCollectionName = z
  .enum(REACTION_COLLECTIONS, { error: requiredError })
  .describe(`What kind of object: one of ${REACTION_COLLECTIONS.join(', ')}.`);

export const ReactionObjectId = z
  .string({ error: requiredError })
  .min(1, { message: 'FIELD_REQUIRED', abort: true })
  .regex(REACTION_OBJECT_ID_PATTERN, 'INVALID_VALUE')
  // A UUID names the same object in either case; other ids are compared exactly.
  .transform((id) => (UUID_ANY_CASE.test(id) ? id.toLowerCase() : id))
  .describe(
    'The object’s id in its collection: 1 to 64 letters, digits, `_` or `-`. A UUID is compared case-insensitively, any other id exactly. The service does not check that the object exists.',
  );

const RandomIdentifier = z
  .string({ error: 'INVALID_VALUE' })
  .regex(/^[0-9a-f]{24}$/, 'INVALID_VALUE')
  .optional()
  .describe('Accepted for compatibility; ignored (a like is the signed-in member’s).');

export const ReactionName = z
  .enum(REACTION_NAMES, { error: requiredError })
  .describe(`Which reaction: one of ${REACTION_NAMES.join(', ')}.`);
// The schema's name shadows reaction-names.ts' type in `export *`: the type is declared again.
export type ReactionName = ReactionNameValue;

export const ToggleUserLikeRequest = z.object({
  collectionName: ReactionCollectionName,
  objectId: ReactionObjectId,
  randomIdentifier: RandomIdentifier,
});
export type ToggleUserLikeRequest = z.input<typeof ToggleUserLikeRequest>;

export const ToggleUserLikeResponse = z.object({
  liked: z.boolean().describe('Whether the caller likes the object after this call.'),
  likes: z.number().int().describe('How many members like the object.'),
});
export type ToggleUserLikeResponse = z.infer<typeof ToggleUserLikeResponse>;

export const LikedByCurrentUserRequest = z.object({
  collectionName: ReactionCollectionName,
  userId: z
    .string({ error: 'INVALID_VALUE' })
    .max(64, 'INVALID_VALUE')
    .optional()
    .describe('Accepted for compatibility; ignored: the answer is always the caller’s own likes.'),
  post: ReactionObjectId.optional().describe(
    'Only this object: the answer lists it if the caller likes it, else nothing. Left out: all the caller’s likes in the collection.',
  ),
});
export type LikedByCurrentUserRequest = z.input<typeof LikedByCurrentUserRequest>;

export const LikedByCurrentUserResponse = z.object({
  collectionName: z.enum(REACTION_COLLECTIONS),
  objectIds: z
    .array(z.string())
    .describe(
      `Ids of the objects the caller likes, the most recently liked first; at most ${LIKED_BY_CURRENT_USER_MAX}.`,
    ),
});
export type LikedByCurrentUserResponse = z.infer<typeof LikedByCurrentUserResponse>;

export const ToggleViewRequest = z.object({
  collectionName: ReactionCollectionName,
  objectId: ReactionObjectId,
  property: z
    .enum(VIEW_PROPERTIES, { error: 'INVALID_VALUE' })
    .optional()
    .describe(`The counter: one of ${VIEW_PROPERTIES.join(', ')}. Left out: \`views\`.`),
});
export type ToggleViewRequest = z.input<typeof ToggleViewRequest>;

export const ToggleViewResponse = z.object({
  views: z.number().int().describe('The object’s count of distinct viewers.'),
  counted: z.boolean().describe('Whether this call counted (once per member or visitor).'),
});
export type ToggleViewResponse = z.infer<typeof ToggleViewResponse>;

export const FillLottiesRequest = z.object({
  collectionName: ReactionCollectionName,
  objectId: ReactionObjectId,
});
export type FillLottiesRequest = z.input<typeof FillLottiesRequest>;

export const ToggleLottieRequest = FillLottiesRequest.extend({
  name: ReactionName,
  randomIdentifier: RandomIdentifier,
});
export type ToggleLottieRequest = z.input<typeof ToggleLottieRequest>;

export const ReactionCounts = z
  .object(
    Object.fromEntries(REACTION_NAMES.map((name) => [name, z.number().int()])) as Record<
      ReactionName,
      z.ZodNumber
    >,
  )
  .describe('How many members left each reaction (0 for none).');
export type ReactionCounts = z.infer<typeof ReactionCounts>;

export const LottiesState = z.object({
  counts: ReactionCounts,
  mine: z
    .array(z.enum(REACTION_NAMES))
    .describe('The caller’s own reactions on the object, in display order (a guest: none).'),
});
export type LottiesState = z.infer<typeof LottiesState>;

export const ToggleLottieResponse = LottiesState.extend({
  reacted: z.boolean().describe('Whether the caller has the reaction `name` after this call.'),
});
export type ToggleLottieResponse = z.infer<typeof ToggleLottieResponse>;
