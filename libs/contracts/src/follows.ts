import { z } from 'zod';
import { UserId } from './users';

// ---------------------------------------------------------------------------
// Following members (issue 32, our addition): the notifications service keeps who follows whom.
// ---------------------------------------------------------------------------

/** The most members one page of followers or following carries. */
export const FOLLOWS_PAGE_MAX = 50;
export const FOLLOWS_PAGE_DEFAULT = 20;

export const FollowRequest = z.object({
  userId: UserId.describe('The member to follow or stop following.'),
});
export type FollowRequest = z.input<typeof FollowRequest>;

export const FollowCountsRequest = z.object({
  userId: UserId.describe('The member whose counts to read.'),
});
export type FollowCountsRequest = z.input<typeof FollowCountsRequest>;

export const FollowCounts = z.object({
  followers: z.number().describe('How many members follow this member.'),
  following: z.number().describe('How many members this member follows.'),
  followedByMe: z.boolean().describe('Whether the caller follows this member (false for a guest).'),
});
export type FollowCounts = z.infer<typeof FollowCounts>;

/** The answer of follow and unfollow: the caller's state after the call, and the counts. */
export const FollowState = FollowCounts.extend({
  userId: z.string().describe('The member followed or no longer followed.'),
});
export type FollowState = z.infer<typeof FollowState>;

/** The most members one getFollowStates call asks about (a page of people cards). */
export const FOLLOW_STATES_MAX = 50;

export const FollowStatesRequest = z.object({
  userIds: z
    .array(UserId, { error: 'INVALID_VALUE' })
    .min(1, 'FIELD_REQUIRED')
    .max(FOLLOW_STATES_MAX, 'INVALID_VALUE')
    .describe(
      `The members to read, 1 to ${FOLLOW_STATES_MAX}; an id named twice is answered once.`,
    ),
});
export type FollowStatesRequest = z.input<typeof FollowStatesRequest>;

export const FollowStates = z.object({
  states: z
    .array(FollowState)
    .describe(
      'One per member asked about who may be followed, in the order asked; any other id (unknown, malformed, still being verified, departed) is left out.',
    ),
});
export type FollowStates = z.infer<typeof FollowStates>;

export const FollowListRequest = z.object({
  userId: UserId.describe('The member whose followers, or whose followed members, to list.'),
  cursor: z
    .string()
    .max(200, 'INVALID_VALUE')
    .optional()
    .describe(
      'Pass `nextCursor` back for the next page; one the service did not make answers INVALID_CURSOR.',
    ),
  limit: z
    .number({ error: 'INVALID_VALUE' })
    .int('INVALID_VALUE')
    .min(1, 'INVALID_VALUE')
    .max(FOLLOWS_PAGE_MAX, 'INVALID_VALUE')
    .optional()
    .describe(`At most ${FOLLOWS_PAGE_MAX}; ${FOLLOWS_PAGE_DEFAULT} when left out.`),
});
export type FollowListRequest = z.input<typeof FollowListRequest>;

export const FollowListItem = z.object({
  userId: z.string(),
  fullname: z.string(),
  profileImage: z.string().nullable(),
  followedAt: z.string().describe('When the follow began (ISO 8601).'),
});
export type FollowListItem = z.infer<typeof FollowListItem>;

export const FollowListPage = z.object({
  members: z.array(FollowListItem).describe('Newest follow first.'),
  nextCursor: z.string().nullable().describe('Pass it back as `cursor`; null on the last page.'),
});
export type FollowListPage = z.infer<typeof FollowListPage>;
