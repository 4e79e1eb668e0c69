import { z } from 'zod';
import { UserId } from './users';

// ---------------------------------------------------------------------------
// Blocking and muting (issue 35, our addition). A member blocks another: the blocked member
// cannot comment on, react to or follow the blocker's stories, and neither sees the other in
// people, feeds, comments or notifications. Muting hides someone from one's own feeds only, and
// they are never told. The moderation service keeps both (docs/api/moderation.md).
// ---------------------------------------------------------------------------

/** The most members one may block, and mute, each. */
export const BLOCKS_MAX = 1000;

export const BLOCK_KINDS = ['block', 'mute'] as const;
export const BlockKind = z.enum(BLOCK_KINDS);
export type BlockKind = z.infer<typeof BlockKind>;

export const BlockRequest = z.object({
  userId: UserId.describe('The member to block, unblock, mute or unmute.'),
});
export type BlockRequest = z.input<typeof BlockRequest>;

/** Where the caller stands with a member after a call. */
export const BlockState = z.object({
  userId: z.string(),
  blocked: z.boolean(),
  muted: z.boolean(),
});
export type BlockState = z.infer<typeof BlockState>;

export const BlockedMember = z.object({
  userId: z.string(),
  fullname: z.string(),
  since: z.string().describe('ISO 8601.'),
});

export const MyBlocks = z.object({
  blocked: z.array(BlockedMember).describe('Newest first.'),
  muted: z.array(BlockedMember).describe('Newest first.'),
});
export type MyBlocks = z.infer<typeof MyBlocks>;
