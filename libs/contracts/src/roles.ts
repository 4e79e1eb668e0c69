import { z } from 'zod';

/**
 * Roles a member may hold besides being a member (issue 35), granted and revoked by an operator
 * (`npm run admin`, docs/moderation.md). `admin` implies `moderator`: an admin may do all a
 * moderator may.
 */
export const MEMBER_ROLES = ['moderator', 'admin'] as const;
export const MemberRole = z.enum(MEMBER_ROLES);
export type MemberRole = (typeof MEMBER_ROLES)[number];

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);
}

/** Whether a member holding `roles` may act as `role` (an admin may act as a moderator). */
export function holdsRole(roles: readonly MemberRole[], role: MemberRole): boolean {
  return roles.includes(role) || (role === 'moderator' && roles.includes('admin'));
}
