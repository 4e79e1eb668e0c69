import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { GuestErrorCode } from '@mepedia/contracts';

/**
 * Every route states who may call it. The decision lives in route metadata,
 * so a route without one is refused at boot (see the identity module's audit).
 */
export const AUTH_DECISION = 'mepedia:auth-decision';
export type AuthDecision = 'public' | 'member' | 'moderator' | 'admin' | 'service';

/** Anyone, guests included. */
export const Public = () => SetMetadata(AUTH_DECISION, 'public' satisfies AuthDecision);
/** The error a guest gets on a members' route, when not AUTH_REQUIRED. */
export const GUEST_ERROR = 'mepedia:guest-error';

/**
 * Signed-in members only; guests get AUTH_REQUIRED, or the route's own code (commenting and
 * liking answer MUST_BE_LOGGED_IN, the product's 'You must be logged in to comment or like').
 */
export const MembersOnly = (guestError?: GuestErrorCode) =>
  guestError
    ? applyDecorators(
        SetMetadata(AUTH_DECISION, 'member' satisfies AuthDecision),
        SetMetadata(GUEST_ERROR, guestError),
      )
    : SetMetadata(AUTH_DECISION, 'member' satisfies AuthDecision);
/**
 * Signed-in members holding the moderator role, or admin (which implies it); a guest gets
 * AUTH_REQUIRED, any other member 403 ROLE_REQUIRED.
 */
export const ModeratorsOnly = () => SetMetadata(AUTH_DECISION, 'moderator' satisfies AuthDecision);
/** Signed-in members holding the admin role; a guest gets AUTH_REQUIRED, any other member 403 ROLE_REQUIRED. */
export const AdminsOnly = () => SetMetadata(AUTH_DECISION, 'admin' satisfies AuthDecision);
/** Other Mepedia processes only (the gateway); never reachable through /api. */
export const ServiceOnly = () => SetMetadata(AUTH_DECISION, 'service' satisfies AuthDecision);
