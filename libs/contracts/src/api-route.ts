import type { z } from 'zod';
import { errorCatalog, type ErrorCode } from './errors';
import type { ServiceApp } from './routes';

// ---------------------------------------------------------------------------
// THE ROUTE CATALOGUE: each route is declared here once (ADR 0006). Each service
// names its routes in `<service>.api.ts` (see users.api.ts); that one entry binds
// the handler (`@Endpoint` in libs/server/http), decides who may call, validates
// the input, names the gateway's rate limits, builds the OpenAPI reference
// (openapi.ts, served at /api/docs) and types the web client (libs/web/api).
// ---------------------------------------------------------------------------

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/**
 * Who may call a route:
 * - `anyone`: guests included (`@Public()`); a session, if any, is used.
 * - `member`: a signed-in member (`@MembersOnly()`); a guest gets 401 AUTH_REQUIRED.
 * - `owner`: a signed-in member acting on something of their own, which the service checks
 *   (their account, their post, their session).
 * - `moderator`: a signed-in member holding the moderator or admin role (`@ModeratorsOnly()`);
 *   a guest gets 401 AUTH_REQUIRED, a member without the role 403 ROLE_REQUIRED.
 * - `admin`: a signed-in member holding the admin role (`@AdminsOnly()`); the same refusals.
 */
export const API_AUTH = ['anyone', 'member', 'owner', 'moderator', 'admin'] as const;
export type ApiAuth = (typeof API_AUTH)[number];

/** Codes a guest may get on a members' route besides AUTH_REQUIRED (both 401). */
export const GUEST_ERROR_CODES = ['MUST_BE_LOGGED_IN'] as const satisfies readonly ErrorCode[];
export type GuestErrorCode = (typeof GUEST_ERROR_CODES)[number];

/** Cookies a route reads or sets besides the session a signed-in caller carries anyway. */
export const API_COOKIES = ['session', 'verificationTicket', 'visitor'] as const;
export type ApiCookie = (typeof API_COOKIES)[number];

/**
 * The gateway's limits a route counts against, by name (apps/gateway/src/rate-rules.ts defines
 * each: its buckets, by address, member or email, and the configured numbers).
 */
export const RATE_RULE_NAMES = [
  'login',
  'register',
  'reset',
  'messages',
  'verify',
  'account',
  'lookups',
  'posts',
  'translate',
  'counters',
  'reactions',
  'comments',
  'answers',
  'uploads',
  'reports',
  'notices',
  'moderation',
  'search',
] as const;
export type RateRuleName = (typeof RATE_RULE_NAMES)[number];

export type ApiRoute = {
  method: ApiMethod;
  /** The full path a client calls, path parameters in braces: `/api/users/getProfileById/{id}`. */
  path: string;
  /**
   * The gateway's limits on the path, checked in this order (every method of a path counts).
   * Every call that writes has some; apps/gateway/src/rate-rules.ts lists the reads without.
   */
  rate?: readonly RateRuleName[];
  /** One line. */
  summary: string;
  /** Rules worth knowing before calling (markdown allowed). */
  description?: string;
  auth: ApiAuth;
  /**
   * What a guest gets on a members' route when it is not AUTH_REQUIRED: commenting and liking
   * answer MUST_BE_LOGGED_IN (the product's 'You must be logged in to comment or like').
   */
  guestError?: GuestErrorCode;
  /** For `owner`: what the service checks belongs to the caller. */
  owns?: string;
  /**
   * A write a suspended member may still make (their account, their sessions, less mail, leaving):
   * without it a suspended member gets 403 ACCOUNT_SUSPENDED on every members' route that writes
   * (`refusedWhileSuspended`).
   */
  whileSuspended?: true;
  /** The JSON body, as the very schema the controller validates with (its input side is documented). */
  body?: z.ZodType;
  /**
   * An upload: a `multipart/form-data` body (never with `body`) holding one file part named
   * `file`, no larger than `maxBytes`, of one of the `accepts` types (checked by content, not by
   * name or header), and text parts validated by `fields` as a JSON body would be.
   */
  upload?: {
    file: string;
    maxBytes: number;
    accepts: readonly string[];
    fields: z.ZodType;
  };
  /**
   * Media types of a success answer that is not JSON (an image's bytes): `response` is then
   * not sent and documents nothing.
   */
  produces?: readonly string[];
  /** Path parameters, by name (each in the path as `{name}`). */
  params?: Record<string, z.ZodType>;
  /** Query parameters, by name. */
  query?: Record<string, z.ZodType>;
  /** The success status. */
  status: 200 | 201;
  /** The success answer (its output side is documented; no `.default()` in it). */
  response: z.ZodType;
  /**
   * What the service itself may answer besides success. Errors every route of its kind can
   * answer are added by `routeErrorCodes` (gateway, validation, auth, rate limits): do not list
   * them here.
   */
  errors: readonly ErrorCode[];
  /** Cookies the route needs (the verification ticket) or reads (the visitor id). */
  reads?: readonly ApiCookie[];
  /** Cookies a success (or an error named in `description`) sets. */
  sets?: readonly ApiCookie[];
  /** Cookies a success clears. */
  clears?: readonly ApiCookie[];
};

/**
 * Rate rules that limit reads rather than writes: a lookup of members by email (`lookups`), a
 * translation (`translate`: a paid call; it changes nothing of the caller's) and counting a view
 * or a share (`counters`).
 */
export const READ_RATE_RULES = [
  'lookups',
  'translate',
  'counters',
] as const satisfies readonly RateRuleName[];

/**
 * Whether a route writes, from the route table: it names a rate rule that is not a read's. Every
 * call that writes names some (apps/gateway/src/rate-rules.ts holds each to it and lists the
 * reads without any); the few limited reads name only READ_RATE_RULES.
 */
export function routeWrites(route: Pick<ApiRoute, 'rate'>): boolean {
  return (route.rate ?? []).some(
    (rule) => !(READ_RATE_RULES as readonly RateRuleName[]).includes(rule),
  );
}

/**
 * Whether a suspended member is refused a route (403 ACCOUNT_SUSPENDED, by every service's guard):
 * a members' route (`member`, `owner`, `moderator`, `admin`) that writes, unless it is marked
 * `whileSuspended`. Reads stay open, and so do `anyone` routes (logout, unsubscribing by link).
 */
export function refusedWhileSuspended(
  route: Pick<ApiRoute, 'auth' | 'rate' | 'whileSuspended'>,
): boolean {
  return route.auth !== 'anyone' && routeWrites(route) && route.whileSuspended !== true;
}

/** Whether a route asks for a role besides being signed in. */
export const needsRole = (route: Pick<ApiRoute, 'auth'>): boolean =>
  route.auth === 'moderator' || route.auth === 'admin';

/** The media type of a stream of server-sent events (a route that `produces` it stays open). */
export const EVENT_STREAM_TYPE = 'text/event-stream';

/** A route answering server-sent events: the gateway lets it stay open (apps/gateway/src/proxy.ts). */
export function isEventStream(route: Pick<ApiRoute, 'produces'>): boolean {
  return route.produces?.includes(EVENT_STREAM_TYPE) ?? false;
}

/** `POST /api/userLikes/toggleLike`: how the web client names a route. */
export type RouteKey<R extends ApiRoute = ApiRoute> = `${R['method']} ${R['path']}`;

type Empty = Record<never, never>;
type ShapeInput<S> = { [K in keyof S]: S[K] extends z.ZodType ? z.input<S[K]> : never };

/**
 * What a caller sends: the JSON `body` (or, for an upload, the form), `query` parameters and
 * path `params` (by name, as strings), each only where the route has them.
 */
export type RouteInput<R extends ApiRoute> = (R extends { body: infer B extends z.ZodType }
  ? { body: z.input<B> }
  : R extends { upload: object }
    ? { body: FormData }
    : Empty) &
  (R extends { query: infer Q } ? { query: ShapeInput<Q> } : Empty) &
  (R extends { params: infer P } ? { params: { [K in keyof P]: string } } : Empty);

/** What a route answers on success: its response schema's output (JSON as sent). */
export type RouteAnswer<R extends ApiRoute> = z.output<R['response']>;

/** A route that counts the visitor (a view, a share): it reads the gateway's visitor cookie. */
export type CountsVisitor<R extends ApiRoute> = R extends { reads: readonly (infer C)[] }
  ? 'visitor' extends C
    ? true
    : false
  : false;

/** One service's part of the catalogue. */
export type ApiService = {
  service: ServiceApp;
  title: string;
  /** Concepts a client needs for this service (markdown). */
  description: string;
  /** The service's contract module: schemas are named in the reference after their exports. */
  schemas: Readonly<Record<string, unknown>>;
  routes: readonly ApiRoute[];
};

/** Answered by the gateway (or the platform under every service) on any route. */
export const GATEWAY_ERROR_CODES = [
  'BAD_REQUEST_PATH',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
] as const satisfies readonly ErrorCode[];

const STATE_CHANGING: ReadonlySet<ApiMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every error code a route can answer: its own, plus the gateway's, a body's (INVALID_JSON,
 * VALIDATION_FAILED), the browser origin check on state-changing methods (ORIGIN_NOT_ALLOWED),
 * AUTH_REQUIRED for members' routes, ROLE_REQUIRED for moderators' and admins', ACCOUNT_SUSPENDED
 * where a suspended member is refused (`refusedWhileSuspended`) and RATE_LIMITED where the
 * gateway limits the path.
 * Sorted by status, then code.
 */
export function routeErrorCodes(route: ApiRoute, options: { rateLimited: boolean }): ErrorCode[] {
  const codes = new Set<ErrorCode>([...route.errors, ...GATEWAY_ERROR_CODES]);
  if (STATE_CHANGING.has(route.method)) {
    codes.add('ORIGIN_NOT_ALLOWED');
    if (!route.upload) codes.add('INVALID_JSON');
  }
  if (route.body || route.query || route.upload) codes.add('VALIDATION_FAILED');
  if (route.auth !== 'anyone') codes.add(route.guestError ?? 'AUTH_REQUIRED');
  if (needsRole(route)) codes.add('ROLE_REQUIRED');
  if (refusedWhileSuspended(route)) codes.add('ACCOUNT_SUSPENDED');
  if (options.rateLimited) codes.add('RATE_LIMITED');
  return [...codes].sort(
    (a, b) => errorCatalog[a].status - errorCatalog[b].status || a.localeCompare(b),
  );
}

/** `users.getProfileById` for `GET /api/users/getProfileById/{id}`. */
export function operationIdOf(route: ApiRoute): string {
  const segments = route.path.split('/').filter((segment) => segment && !segment.startsWith('{'));
  return `${segments[1]}.${segments.slice(2).join('.')}`;
}
