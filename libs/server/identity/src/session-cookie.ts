/**
 * The session cookie. In production it carries the `__Host-` prefix, which
 * browsers accept only with Secure, Path=/ and no Domain: it cannot be set or
 * overwritten by a sibling subdomain.
 */
export function sessionCookieName(production: boolean): string {
  return production ? '__Host-mepedia_session' : 'mepedia_session';
}

/** A session ends 30 days after sign-in however much it is used (absolute lifetime)... */
export const SESSION_TTL_DAYS = 30;
export const SESSION_TTL_SECONDS = SESSION_TTL_DAYS * 24 * 60 * 60;
/** ...and after 7 days without any use (idle timeout). */
export const SESSION_IDLE_DAYS = 7;
export const SESSION_IDLE_SECONDS = SESSION_IDLE_DAYS * 24 * 60 * 60;

/**
 * The visitor cookie: a random id per browser that the gateway issues and vouches for, so a
 * guest's views and shares count once, whatever identifier a client makes up.
 */
export function visitorCookieName(production: boolean): string {
  return production ? '__Host-mepedia_visitor' : 'mepedia_visitor';
}

export const VISITOR_TTL_SECONDS = 365 * 24 * 60 * 60;
