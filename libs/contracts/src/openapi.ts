import { z } from 'zod';
import { apiCatalogue } from './api-catalogue';
import {
  EVENT_STREAM_TYPE,
  operationIdOf,
  refusedWhileSuspended,
  routeErrorCodes,
  type ApiAuth,
  type ApiCookie,
  type ApiMethod,
  type ApiRoute,
  type ApiService,
} from './api-route';
import { errorDetails } from './error-details';
import { errorMessagesEn } from '@mepedia/messages/errors';
import { ErrorEnvelope, errorCatalog, type ErrorCode } from './errors';
import { LOCALE_COOKIE } from './locale';

// ---------------------------------------------------------------------------
// The OpenAPI 3.1 reference, built from the route catalogue with zod's own
// z.toJSONSchema(): request bodies and parameters as their input side (what a
// client may send: defaults make a field optional), answers as their output side.
// The gateway serves it at /api/docs/openapi.json and renders /api/docs from it.
// ---------------------------------------------------------------------------

export type JsonSchema = { [key: string]: unknown };

export type RateLimitNote = { by: 'ip' | 'email' | 'member'; limit: number };

export type OpenApiOptions = {
  /** Cookie names as production sets them (`__Host-` prefixed). */
  production?: boolean;
  /** The gateway's limits by normalised path (apps/gateway/src/rate-rules.ts). */
  rateLimits?: Readonly<Record<string, readonly RateLimitNote[]>>;
  rateLimitWindowSeconds?: number;
  catalogue?: readonly ApiService[];
};

export type ErrorCodeNote = {
  code: ErrorCode;
  status: number;
  message: string;
  /** `#/components/schemas/...` of the `details` this code carries, when it carries some. */
  details?: string;
};

export type OpenApiResponse = {
  description: string;
  headers?: Record<string, { $ref: string } | { description: string; schema: JsonSchema }>;
  /** `application/json`, or an image's media types (bytes) for a route that `produces` them. */
  content?: Record<string, { schema: JsonSchema }>;
};

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  schema: JsonSchema;
};

export type OpenApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: {
    required: true;
    /** `application/json`, or `multipart/form-data` for an upload. */
    content: Record<string, { schema: JsonSchema }>;
  };
  responses: Record<string, OpenApiResponse>;
  'x-auth': ApiAuth;
  /** A write a suspended member may still make. */
  'x-while-suspended'?: true;
  'x-owns'?: string;
  'x-error-codes': ErrorCodeNote[];
  'x-rate-limits'?: Array<RateLimitNote & { windowSeconds: number }>;
  'x-cookies'?: { reads?: ApiCookie[]; sets?: ApiCookie[]; clears?: ApiCookie[] };
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Partial<Record<Lowercase<ApiMethod>, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<
      string,
      { type: 'apiKey'; in: 'cookie'; name: string; description: string }
    >;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
  };
};

const SCHEMAS = '#/components/schemas/';
const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** The cookies clients meet, by the names the servers give them. */
export function apiCookieNames(production: boolean): Record<ApiCookie, string> {
  const prefix = production ? '__Host-' : '';
  return {
    session: `${prefix}mepedia_session`,
    verificationTicket: `${prefix}mepedia_verification`,
    visitor: `${prefix}mepedia_visitor`,
  };
}

const COOKIE_WORDS: Record<ApiCookie, string> = {
  session:
    'The session: an opaque HttpOnly token (SameSite=Lax, Path=/) set by `login`, `verifyUserByEmail` (in the browser holding the verification ticket) and `updateUserPassword` (a new token each time); it ends 30 days after sign-in, after 7 days unused, or at logout. The gateway resolves it; services never see it.',
  verificationTicket:
    'The verification ticket: an HttpOnly cookie set by `register`, by `login` with the right password of an account still being verified, and by a reclaiming password reset. It lasts until the account’s verification deadline; the calls that verify an account act only on its account.',
  visitor:
    'The visitor id: an HttpOnly cookie (one year) the gateway signs and gives a caller of a route that counts visitors (`updatePostViews`, `updateShareProp`, `toggleView`) that sent none it signed; views and shares count once per visitor, and only for a signed cookie sent back. The call that hands one out counts nothing and carries `x-mepedia-visitor: new`: send it again, once, with the cookie.',
};

const AUTH_WORDS: Record<ApiAuth, string> = {
  anyone: 'Anyone, guests included (a session is used if sent).',
  member: 'Signed-in members (the session cookie); a guest gets 401 AUTH_REQUIRED.',
  owner: 'Signed-in members, acting on something of their own; the service checks who owns it.',
  moderator:
    'Moderators (and admins), signed in; a guest gets 401 AUTH_REQUIRED, any other member 403 ROLE_REQUIRED.',
  admin:
    'Admins, signed in; a guest gets 401 AUTH_REQUIRED, any other member (moderators too) 403 ROLE_REQUIRED.',
};

/** What a suspended member meets on a route, for its `Who` line (nothing on public routes). */
function suspension(route: ApiRoute): string {
  if (refusedWhileSuspended(route))
    return ' A suspended member gets 403 ACCOUNT_SUSPENDED (`details.until`).';
  return route.whileSuspended ? ' A suspended member may still call it.' : '';
}

const BY_WORDS: Record<RateLimitNote['by'], string> = {
  ip: 'per IP address',
  email: 'per email (the JSON body’s `email`)',
  member: 'per member',
};

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** One schema on its own (a parameter), inline. */
function inline(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return clean(z.toJSONSchema(schema, { io, target: 'draft-2020-12' }));
}

function describeLimits(limits: readonly RateLimitNote[], windowSeconds: number): string {
  return `${limits.map((limit) => `${limit.limit} ${BY_WORDS[limit.by]}`).join(', ')} in ${windowSeconds} s (429 RATE_LIMITED with \`Retry-After\`)`;
}

/**
 * Names components after the contract exports (`RegisterRequest`, `CurrentUser`); a schema
 * that is not exported is named after its operation (`UsersGetProfileByIdResponse`).
 */
class ComponentNames {
  private readonly names = new Map<z.ZodType, string>();
  private readonly taken = new Set<string>();

  constructor(catalogue: readonly ApiService[]) {
    for (const service of catalogue) {
      for (const [name, value] of Object.entries(service.schemas)) {
        if (value instanceof z.ZodType && !this.names.has(value)) this.claim(value, name);
      }
    }
  }

  of(schema: z.ZodType, fallback: string): string {
    return this.names.get(schema) ?? this.claim(schema, fallback);
  }

  private claim(schema: z.ZodType, wanted: string): string {
    let name = wanted;
    for (let i = 2; this.taken.has(name); i++) name = `${wanted}${i}`;
    this.names.set(schema, name);
    this.taken.add(name);
    return name;
  }
}

export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const catalogue = options.catalogue ?? apiCatalogue;
  const cookies = apiCookieNames(options.production ?? false);
  const windowSeconds = options.rateLimitWindowSeconds ?? 300;
  const names = new ComponentNames(catalogue);
  // Requests are documented as what may be sent (input), answers as what comes back (output):
  // two registries, converted with zod's own z.toJSONSchema, referencing each other by name.
  const requests = z.registry<{ id: string }>();
  const answers = z.registry<{ id: string }>();
  const requestIds = new Map<z.ZodType, string>();
  const answerIds = new Map<z.ZodType, string>();
  const register = (
    registry: typeof requests,
    ids: Map<z.ZodType, string>,
    schema: z.ZodType,
    name: string,
  ) => {
    const known = ids.get(schema);
    if (known) return known;
    registry.add(schema, { id: name });
    ids.set(schema, name);
    return name;
  };
  register(answers, answerIds, ErrorEnvelope, 'ErrorEnvelope');
  const detailsRefs = new Map<ErrorCode, string>();
  for (const [code, schema] of Object.entries(errorDetails) as Array<[ErrorCode, z.ZodType]>) {
    detailsRefs.set(
      code,
      `${SCHEMAS}${register(answers, answerIds, schema, `${pascal(code.toLowerCase())}Details`)}`,
    );
  }

  const paths: OpenApiDocument['paths'] = {};
  const usedIds = new Set<string>();
  for (const service of catalogue) {
    for (const route of service.routes) {
      // Two methods on one path (the files service's GET and POST image/{id}): the later one
      // in the catalogue is told apart by its method, `files.image.post`.
      const plainId = operationIdOf(route);
      const operationId = usedIds.has(plainId)
        ? `${plainId}.${route.method.toLowerCase()}`
        : plainId;
      usedIds.add(operationId);
      const base = pascal(operationId);
      const limits = options.rateLimits?.[route.path];
      const operation = buildOperation(route, {
        service,
        operationId,
        cookies,
        limits: limits && limits.length > 0 ? limits : undefined,
        windowSeconds,
        detailsRefs,
        body: route.body
          ? register(requests, requestIds, route.body, names.of(route.body, `${base}Request`))
          : undefined,
        uploadFields: route.upload
          ? register(
              requests,
              requestIds,
              route.upload.fields,
              names.of(route.upload.fields, `${base}Fields`),
            )
          : undefined,
        response: route.produces
          ? undefined
          : register(
              answers,
              answerIds,
              route.response,
              names.of(route.response, `${base}Response`),
            ),
      });
      const methods = (paths[route.path] ??= {});
      const method = route.method.toLowerCase() as Lowercase<ApiMethod>;
      if (methods[method])
        throw new Error(`Two catalogue entries for ${route.method} ${route.path}`);
      methods[method] = operation;
    }
  }

  // A schema both sent and answered would need one name for two shapes.
  for (const [schema, name] of requestIds) {
    if (answerIds.has(schema)) throw new Error(`${name} is both a request and an answer`);
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [registry, io] of [
    [requests, 'input'],
    [answers, 'output'],
  ] as const) {
    const converted = z.toJSONSchema(registry, {
      io,
      target: 'draft-2020-12',
      uri: (id) => `${SCHEMAS}${id}`,
    }) as { schemas: Record<string, JsonSchema> };
    for (const [name, schema] of Object.entries(converted.schemas)) schemas[name] = clean(schema);
  }
  describeEnvelope(schemas['ErrorEnvelope']);

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    info: {
      title: 'Mepedia API',
      version: '1',
      description: introduction(cookies),
    },
    tags: catalogue.map((service) => ({ name: service.service, description: service.description })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: cookies.session,
          description: COOKIE_WORDS.session,
        },
        verificationTicket: {
          type: 'apiKey',
          in: 'cookie',
          name: cookies.verificationTicket,
          description: COOKIE_WORDS.verificationTicket,
        },
      },
      parameters: {
        lang: {
          name: 'lang',
          in: 'query',
          required: false,
          description:
            'The language of error messages (`en` or `he`). Without it: the locale cookie, the member’s saved language, then `Accept-Language`.',
          schema: { type: 'string', enum: ['en', 'he'] },
        },
      },
      headers: {
        RequestId: {
          description: 'The id the gateway gave this request; quote it when reporting a problem.',
          schema: { type: 'string' },
        },
        RetryAfter: {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer', minimum: 1 },
        },
      },
    },
  };
}

function buildOperation(
  route: ApiRoute,
  context: {
    service: ApiService;
    operationId: string;
    cookies: Record<ApiCookie, string>;
    limits: readonly RateLimitNote[] | undefined;
    windowSeconds: number;
    detailsRefs: Map<ErrorCode, string>;
    body: string | undefined;
    /** The registered name of an upload's text fields. */
    uploadFields: string | undefined;
    /** Undefined for a route that `produces` bytes. */
    response: string | undefined;
  },
): OpenApiOperation {
  const { cookies, limits, windowSeconds } = context;
  const codes = routeErrorCodes(route, { rateLimited: limits !== undefined });
  const errors: ErrorCodeNote[] = codes.map((code) => {
    const details = context.detailsRefs.get(code);
    return {
      code,
      status: errorCatalog[code].status,
      message: errorMessagesEn[`error.${code}`],
      ...(details ? { details } : {}),
    };
  });

  const parameters: OpenApiOperation['parameters'] = [];
  const placeholders = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
  for (const name of placeholders) {
    const schema = route.params?.[name];
    if (!schema) throw new Error(`${route.path}: no schema for the path parameter ${name}`);
    const json = inline(schema, 'input');
    parameters.push({
      name,
      in: 'path',
      required: true,
      ...(typeof json['description'] === 'string' ? { description: json['description'] } : {}),
      schema: json,
    });
  }
  for (const name of Object.keys(route.params ?? {})) {
    if (!placeholders.includes(name)) throw new Error(`${route.path} has no {${name}}`);
  }
  for (const [name, schema] of Object.entries(route.query ?? {})) {
    const json = inline(schema, 'input');
    parameters.push({
      name,
      in: 'query',
      required: !schema.safeParse(undefined).success,
      ...(typeof json['description'] === 'string' ? { description: json['description'] } : {}),
      schema: json,
    });
  }
  if (route.reads?.includes('visitor')) {
    parameters.push({
      name: cookies.visitor,
      in: 'cookie',
      required: false,
      description: COOKIE_WORDS.visitor,
      schema: { type: 'string', pattern: '^[0-9a-f]{24}$' },
    });
  }
  parameters.push({ $ref: '#/components/parameters/lang' });

  const security: OpenApiOperation['security'] =
    route.auth !== 'anyone'
      ? [{ session: [] }]
      : route.reads?.includes('verificationTicket')
        ? [{ verificationTicket: [] }]
        : [{}, { session: [] }];

  const cookieNote = (verb: string, list: readonly ApiCookie[] | undefined) =>
    list && list.length > 0
      ? [`**${verb}:** ${list.map((cookie) => `\`${cookies[cookie]}\``).join(', ')}`]
      : [];
  const description = [
    route.description ?? route.summary,
    `**Who:** ${AUTH_WORDS[route.auth]}${route.owns ? ` Owns: ${route.owns}.` : ''}${suspension(route)}`,
    ...cookieNote('Needs cookie', route.reads),
    ...cookieNote('Sets cookie', route.sets),
    ...cookieNote('Clears cookie', route.clears),
    ...(limits ? [`**Rate limit:** ${describeLimits(limits, windowSeconds)}.`] : []),
    `**Errors:** ${errors.map((error) => `${error.code} (${error.status})`).join(', ')}.`,
  ].join('\n\n');

  const successHeaders: NonNullable<OpenApiResponse['headers']> = {
    'x-request-id': { $ref: '#/components/headers/RequestId' },
  };
  const touched = [...(route.sets ?? []), ...(route.clears ?? [])];
  if (touched.length > 0) {
    successHeaders['set-cookie'] = {
      description: `May set or clear: ${[...new Set(touched)].map((cookie) => cookies[cookie]).join(', ')}.`,
      schema: { type: 'string' },
    };
  }
  const responses: Record<string, OpenApiResponse> = {
    [String(route.status)]: {
      description: route.summary,
      headers: successHeaders,
      content: route.produces
        ? Object.fromEntries(
            route.produces.map((type) => [
              type,
              // A stream of server-sent events is text; anything else produced is bytes (an image).
              {
                schema:
                  type === EVENT_STREAM_TYPE
                    ? { type: 'string' }
                    : { type: 'string', format: 'binary' },
              },
            ]),
          )
        : { 'application/json': { schema: { $ref: `${SCHEMAS}${context.response}` } } },
    },
  };
  const byStatus = new Map<number, ErrorCode[]>();
  for (const error of errors)
    byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error.code]);
  for (const [status, statusCodes] of byStatus) {
    responses[String(status)] = {
      description: statusCodes.join(', '),
      headers: {
        'x-request-id': { $ref: '#/components/headers/RequestId' },
        ...(status === 429 ? { 'retry-after': { $ref: '#/components/headers/RetryAfter' } } : {}),
      },
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: `${SCHEMAS}ErrorEnvelope` }],
            properties: { code: { type: 'string', enum: statusCodes } },
          },
        },
      },
    };
  }

  const cookieUse = {
    ...(route.reads?.length ? { reads: [...route.reads] } : {}),
    ...(route.sets?.length ? { sets: [...route.sets] } : {}),
    ...(route.clears?.length ? { clears: [...route.clears] } : {}),
  };
  return {
    operationId: context.operationId,
    tags: [context.service.service],
    summary: route.summary,
    description,
    security,
    parameters,
    ...(context.body
      ? {
          requestBody: {
            required: true as const,
            content: { 'application/json': { schema: { $ref: `${SCHEMAS}${context.body}` } } },
          },
        }
      : {}),
    ...(route.upload && context.uploadFields
      ? {
          requestBody: {
            required: true as const,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: [route.upload.file],
                  properties: {
                    [route.upload.file]: {
                      type: 'string',
                      format: 'binary',
                      description: `One file: ${route.upload.accepts.join(', ')} (told by its bytes, not its name or type header), at most ${route.upload.maxBytes} bytes.`,
                    },
                  },
                  allOf: [{ $ref: `${SCHEMAS}${context.uploadFields}` }],
                },
              },
            },
          },
        }
      : {}),
    responses,
    'x-auth': route.auth,
    ...(route.owns ? { 'x-owns': route.owns } : {}),
    ...(route.whileSuspended ? { 'x-while-suspended': true as const } : {}),
    'x-error-codes': errors,
    ...(limits ? { 'x-rate-limits': limits.map((limit) => ({ ...limit, windowSeconds })) } : {}),
    ...(Object.keys(cookieUse).length > 0 ? { 'x-cookies': cookieUse } : {}),
  };
}

// errors.ts stays free of descriptions: the web app's every-page bundle carries it.
const ENVELOPE_WORDS: Record<string, string> = {
  code: 'A stable error code (libs/contracts/src/errors.ts): branch on it.',
  message: 'Words for people, in the caller’s language.',
  details: 'More about the error, for the codes that carry some (see `x-error-codes`).',
  requestId: 'The request’s id; quote it when reporting a problem.',
};

function describeEnvelope(schema: JsonSchema | undefined): void {
  if (!schema) return;
  schema['description'] = 'Every error answer: `{ code, message, details?, requestId }`.';
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  for (const [name, words] of Object.entries(ENVELOPE_WORDS)) {
    const property = properties?.[name];
    if (property) property['description'] = words;
  }
}

function introduction(cookies: Record<ApiCookie, string>): string {
  return [
    'Every call of the Mepedia API, generated from the zod contracts the services validate with (`libs/contracts`). Bodies are JSON (`content-type: application/json`; anything else is 415 UNSUPPORTED_MEDIA_TYPE). Field limits, optional fields and defaults are in each schema.',
    '**Errors** are always `{ code, message, details?, requestId }` (`ErrorEnvelope`): branch on the stable `code`; `message` is in the caller’s language (`?lang=`, the locale cookie, the member’s language, then `Accept-Language`). Each operation lists the codes it can answer in `x-error-codes`, with their status and the schema of their `details`.',
    `**Who may call:** \`anyone\` (guests too), \`member\` (a signed-in member: the session cookie \`${cookies.session}\`), \`owner\` (a member acting on something of their own, which the service checks), \`moderator\` (a member holding the moderator or admin role) and \`admin\` (the admin role); a member without the role gets 403 ROLE_REQUIRED. A suspended member gets 403 ACCOUNT_SUSPENDED (with \`details.until\`) on every members’ call that writes, but those marked \`x-while-suspended\` (their account, sessions, notifications and mail settings, leaving). Browsers calling state-changing methods from another origin get 403 ORIGIN_NOT_ALLOWED.`,
    `**Cookies** (HttpOnly, SameSite=Lax, Path=/; \`__Host-\` prefixed and Secure in production): \`${cookies.session}\`: ${COOKIE_WORDS.session} \`${cookies.verificationTicket}\`: ${COOKIE_WORDS.verificationTicket} \`${cookies.visitor}\`: ${COOKIE_WORDS.visitor} \`${LOCALE_COOKIE}\` (not HttpOnly) is the web app’s chosen language.`,
    'API answers are `Cache-Control: no-store` unless a service says otherwise.',
  ].join('\n\n');
}
