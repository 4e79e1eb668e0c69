import { SetMetadata } from '@nestjs/common';

/**
 * Every route states who may call it. The decision lives in route metadata,
 * so a route without one is refused at boot (see the identity module's audit).
 */
export const AUTH_DECISION = 'mepedia:auth-decision';
export type AuthDecision = 'public' | 'member' | 'service';

/** Anyone, guests included. */
export const Public = () => SetMetadata(AUTH_DECISION, 'public' satisfies AuthDecision);
/** Signed-in members only; guests get AUTH_REQUIRED. */
export const MembersOnly = () => SetMetadata(AUTH_DECISION, 'member' satisfies AuthDecision);
/** Other Mepedia processes only (the gateway); never reachable through /api. */
export const ServiceOnly = () => SetMetadata(AUTH_DECISION, 'service' satisfies AuthDecision);
