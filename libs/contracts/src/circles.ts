import { z } from 'zod';
import { Language } from './language';
import { UserId } from './users';
import { Email } from './validation';

// ---------------------------------------------------------------------------
// Circles (issue 34, our addition): the people a member chose, who read what the member shares
// with "my circle". One circle per member. People join by an invitation, sent to an email
// address or handed over as a link; each invitation admits one person, expires, and can be
// withdrawn. The circles service owns circles (docs/api/circles.md).
// ---------------------------------------------------------------------------

/** The most people a circle holds. */
export const CIRCLE_MEMBERS_MAX = 100;
/** The most invitations of one member waiting for an answer at once. */
export const CIRCLE_PENDING_MAX = 20;
/** How long an invitation can be accepted. */
export const CIRCLE_INVITATION_DAYS = 14;
/** The inviter's own words in an invitation, at most (code points). */
export const CIRCLE_MESSAGE_MAX = 500;

/** The site's page an invitation link opens: `/circle/join/{token}` (`/he/circle/join/…` in Hebrew). */
export const circleInvitationPath = (token: string) => `/circle/join/${encodeURIComponent(token)}`;

const InvitationMessage = z
  .string()
  .trim()
  .refine((text) => [...text].length <= CIRCLE_MESSAGE_MAX, 'TOO_LONG')
  .optional()
  .describe(
    `The inviter’s own words, shown in the email and on the invitation’s page as plain text, at most ${CIRCLE_MESSAGE_MAX} characters.`,
  );

/** An invitation's secret as it travels in a link: the token, never stored as it is. */
export const InvitationToken = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(200, 'INVALID_VALUE')
  .describe('The token from the invitation’s link (`/circle/join/{token}`).');

export const InviteByEmailRequest = z.object({
  email: Email.describe(
    'Where the invitation goes; the person joins with an account of this address.',
  ),
  message: InvitationMessage,
  language: Language.optional().describe(
    'The language to write to this person in, when the inviter knows it. A member with this address is written to in their own language; otherwise, without it, the email is in the inviter’s language with a short part in the other.',
  ),
});
export type InviteByEmailRequest = z.input<typeof InviteByEmailRequest>;

export const CreateInvitationLinkRequest = z.object({ message: InvitationMessage });
export type CreateInvitationLinkRequest = z.input<typeof CreateInvitationLinkRequest>;

export const InvitationIdRequest = z.object({
  invitationId: z
    .string()
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(64, 'INVALID_VALUE')
    .describe('One of the caller’s own invitations.'),
});
export type InvitationIdRequest = z.input<typeof InvitationIdRequest>;

export const InvitationTokenRequest = z.object({ token: InvitationToken });
export type InvitationTokenRequest = z.input<typeof InvitationTokenRequest>;

export const CircleMemberRequest = z.object({
  userId: UserId.describe('A member of the caller’s circle.'),
});
export type CircleMemberRequest = z.input<typeof CircleMemberRequest>;

export const LeaveCircleRequest = z.object({
  ownerId: UserId.describe('The member whose circle the caller leaves.'),
});
export type LeaveCircleRequest = z.input<typeof LeaveCircleRequest>;

/** An invitation waiting for an answer, as its inviter sees it. */
export const CircleInvitation = z.object({
  id: z.string(),
  kind: z.enum(['email', 'link']).describe('Sent to an address, or a link the inviter hands over.'),
  email: z.string().nullable().describe('The address it went to (null for a link).'),
  message: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601.'),
  expiresAt: z.string().describe('ISO 8601: after this it can no longer be accepted.'),
});
export type CircleInvitation = z.infer<typeof CircleInvitation>;

/** A new link invitation: its token is answered once, here, and never again. */
export const CircleInvitationLink = z.object({
  invitation: CircleInvitation,
  token: z.string(),
  path: z
    .string()
    .describe('The site’s page to hand over: `/circle/join/{token}` (prefix `/he` for Hebrew).'),
});
export type CircleInvitationLink = z.infer<typeof CircleInvitationLink>;

/** A member as a circle shows them: the owner's circle members, or the circles one is in. */
export const CirclePerson = z.object({
  userId: z.string(),
  fullname: z.string(),
  profileImage: z.string().nullable(),
  since: z.string().describe('ISO 8601: when they joined the circle.'),
});
export type CirclePerson = z.infer<typeof CirclePerson>;

/** The caller's circle: its members, the invitations waiting, and the limits. */
export const MyCircle = z.object({
  members: z.array(CirclePerson).describe('Newest first.'),
  invitations: z.array(CircleInvitation).describe('Waiting for an answer, newest first.'),
  limits: z.object({ members: z.number(), pending: z.number() }),
});
export type MyCircle = z.infer<typeof MyCircle>;

/** The circles the caller is in: each one's owner. */
export const CirclesImIn = z.object({
  circles: z.array(CirclePerson).describe('Each circle’s owner, newest joined first.'),
});
export type CirclesImIn = z.infer<typeof CirclesImIn>;

/** What an invitation's page shows before it is accepted. */
export const CircleInvitationPreview = z.object({
  inviter: z.object({
    userId: z.string(),
    fullname: z.string(),
    profileImage: z.string().nullable(),
  }),
  kind: z.enum(['email', 'link']),
  email: z
    .string()
    .nullable()
    .describe('For an invitation sent to an address: that address (to register or sign in with).'),
  message: z.string().nullable(),
  expiresAt: z.string(),
});
export type CircleInvitationPreview = z.infer<typeof CircleInvitationPreview>;

/** The caller is in the circle now: whose it is. */
export const CircleJoined = z.object({ owner: CirclePerson });
export type CircleJoined = z.infer<typeof CircleJoined>;

export const CircleDone = z.object({ done: z.literal(true) });
export type CircleDone = z.infer<typeof CircleDone>;
