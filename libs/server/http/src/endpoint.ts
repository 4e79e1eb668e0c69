import {
  applyDecorators,
  createParamDecorator,
  Delete,
  Get,
  HttpCode,
  Patch,
  Post,
  Put,
  SetMetadata,
  type ExecutionContext,
} from '@nestjs/common';
import type { ApiMethod, ApiRoute, RouteAnswer } from '@mepedia/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AdminsOnly, MembersOnly, ModeratorsOnly, Public } from './route-metadata';
import { ZodPipe } from './zod-pipe';

/** The catalogue entry a handler serves (`@Endpoint`), for `@Input` and the route test. */
export const API_ROUTE = 'mepedia:api-route';

const bindings: Record<ApiMethod, (path: string) => MethodDecorator> = {
  GET: Get,
  POST: Post,
  PUT: Put,
  PATCH: Patch,
  DELETE: Delete,
};

/** `/api/files/image/{id}` as Nest and Fastify spell it: `/api/files/image/:id`. */
export const nestPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

/**
 * What a handler may answer: the route's response (its output), or for a route whose success
 * is not JSON (`produces`: an image's bytes) whatever the handler sends.
 */
export type EndpointAnswer<R extends ApiRoute> = R extends { produces: readonly string[] }
  ? unknown
  : RouteAnswer<R>;

type Handler<A> = (...args: never[]) => A | Promise<A>;

/** The auth decision of a route's `auth`. */
function decisionOf(route: ApiRoute) {
  switch (route.auth) {
    case 'anyone':
      return Public();
    case 'member':
    case 'owner':
      return MembersOnly(route.guestError);
    case 'moderator':
      return ModeratorsOnly();
    case 'admin':
      return AdminsOnly();
  }
}

/**
 * Binds a handler to its catalogue entry, the route's one declaration (ADR 0006): the method
 * and full path, the success status, who may call it (`anyone` is public; `member` and `owner`
 * are members only, a guest getting the entry's `guestError` or AUTH_REQUIRED; `moderator` and
 * `admin` ask for the role too, ROLE_REQUIRED for a member without it), and the entry
 * itself for `@Input`. The handler must answer the entry's response type (`Also`: a second
 * kind of answer the entry does not describe, stated where it is used). Use it under a bare
 * `@Controller()`: the path is the catalogue's, whole.
 */
export function Endpoint<R extends ApiRoute, Also = never>(route: R) {
  const decorate = applyDecorators(
    bindings[route.method](nestPath(route.path)),
    HttpCode(route.status),
    decisionOf(route),
    SetMetadata(API_ROUTE, route),
  );
  return <H extends Handler<EndpointAnswer<R> | Also>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ): void => {
    decorate(target, key, descriptor);
  };
}

/** The catalogue entry `@Endpoint` bound a handler to, if any. */
export function routeOfHandler(handler: unknown): ApiRoute | undefined {
  return typeof handler === 'function'
    ? (Reflect.getMetadata(API_ROUTE, handler) as ApiRoute | undefined)
    : undefined;
}

type InputSource = 'body' | 'query' | 'params';
type InputSpec = { source: InputSource; name?: string };

// One pipe per route and input, made on the first call.
const pipes = new WeakMap<ApiRoute, Map<string, ZodPipe<z.ZodType> | null>>();

function pipeOf(route: ApiRoute, { source, name }: InputSpec): ZodPipe<z.ZodType> | null {
  let byInput = pipes.get(route);
  if (!byInput) pipes.set(route, (byInput = new Map<string, ZodPipe<z.ZodType> | null>()));
  const key = `${source}:${name ?? ''}`;
  let pipe = byInput.get(key);
  if (pipe === undefined) {
    const schema =
      source === 'body'
        ? route.body
        : source === 'query'
          ? route.query && z.object(route.query)
          : name === undefined
            ? route.params && z.object(route.params)
            : route.params?.[name];
    pipe = schema ? new ZodPipe(schema) : null;
    byInput.set(key, pipe);
  }
  return pipe;
}

const readInput = createParamDecorator((spec: InputSpec, context: ExecutionContext) => {
  const route = routeOfHandler(context.getHandler());
  if (!route) throw new Error(`@Input on ${context.getHandler().name}, which has no @Endpoint`);
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const all = request[spec.source] as Record<string, unknown> | undefined;
  const value = spec.name === undefined ? all : all?.[spec.name];
  const pipe = pipeOf(route, spec);
  if (!pipe) throw new Error(`${route.method} ${route.path} declares no ${spec.source} schema`);
  return pipe.transform(value);
});

/**
 * An input of the handler's route, parsed with the route's own schema (`ZodPipe`: a failure is
 * VALIDATION_FAILED with its fields): `@Input('body')`, `@Input('query')` (its parameters as
 * one object), `@Input('params')` (all path parameters) or `@Input('params', 'id')` (one, as
 * before: a failure names no field).
 */
export const Input = (source: InputSource, name?: string): ParameterDecorator =>
  readInput({ source, ...(name === undefined ? {} : { name }) });

/** The parsed type of a route's input, for the handler's parameter: `In<typeof r, 'body'>`. */
export type In<R extends ApiRoute, S extends InputSource> = S extends 'body'
  ? R extends { body: infer B extends z.ZodType }
    ? z.output<B>
    : never
  : S extends 'query'
    ? R extends { query: infer Q extends Record<string, z.ZodType> }
      ? z.output<z.ZodObject<Q>>
      : never
    : R extends { params: infer P extends Record<string, z.ZodType> }
      ? { [K in keyof P]: z.output<P[K]> }
      : never;
