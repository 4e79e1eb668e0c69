import { Controller, HttpStatus, Module } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum';
import type { ApiRoute } from '@mepedia/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { z } from 'zod';
import { createHttpApp } from './bootstrap';
import { Endpoint, Input, nestPath, routeOfHandler, type In } from './endpoint';
import { createLogger } from './logger';
import { AUTH_DECISION, GUEST_ERROR } from './route-metadata';

const Thing = z.object({ id: z.string(), title: z.string(), full: z.boolean() });
const ThingId = z.string().regex(/^t\d+$/, 'INVALID_VALUE');

const routes = {
  create: {
    method: 'POST',
    path: '/api/things/create',
    summary: 'Make a thing',
    auth: 'member',
    guestError: 'MUST_BE_LOGGED_IN',
    body: z.object({ title: z.string().min(1, 'FIELD_REQUIRED') }),
    status: 201,
    response: Thing,
    errors: [],
  },
  read: {
    method: 'POST',
    path: '/api/things/read/{id}',
    summary: 'Read a thing',
    auth: 'anyone',
    params: { id: ThingId },
    query: { full: z.enum(['true', 'false']).optional() },
    status: 200,
    response: Thing,
    errors: [],
  },
  remove: {
    method: 'DELETE',
    path: '/api/things/remove/{id}/{room}',
    summary: 'Remove one’s thing',
    auth: 'owner',
    owns: 'the thing',
    params: { id: ThingId, room: z.string() },
    status: 200,
    response: z.object({ removed: z.literal(true) }),
    errors: [],
  },
  review: {
    method: 'POST',
    path: '/api/things/review',
    summary: 'Review the things',
    auth: 'moderator',
    status: 200,
    response: z.object({}),
    errors: [],
  },
  appoint: {
    method: 'POST',
    path: '/api/things/appoint',
    summary: 'Appoint a reviewer',
    auth: 'admin',
    status: 200,
    response: z.object({}),
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;

@Controller()
class ThingsController {
  @Endpoint(routes.review)
  review() {
    return {};
  }

  @Endpoint(routes.appoint)
  appoint() {
    return {};
  }

  @Endpoint(routes.create)
  create(@Input('body') body: In<typeof routes.create, 'body'>) {
    return { id: 't1', title: body.title, full: false };
  }

  @Endpoint(routes.read)
  read(
    @Input('params') params: In<typeof routes.read, 'params'>,
    @Input('query') query: In<typeof routes.read, 'query'>,
  ) {
    return Promise.resolve({ id: params.id, title: 'A thing', full: query.full === 'true' });
  }

  @Endpoint(routes.remove)
  remove(@Input('params', 'id') id: In<typeof routes.remove, 'params'>['id']) {
    return { removed: id.startsWith('t') as true };
  }
}

// Never registered (its route is ThingsController's): here for the typecheck, which must refuse
// an answer the route does not describe.
class WrongController {
  // @ts-expect-error `title` must be a string
  @Endpoint(routes.create)
  wrong() {
    return { id: 't1', title: 1, full: false };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

const metadata = (key: string, handler: unknown): unknown =>
  Reflect.getMetadata(key, handler as object);
/** A handler as Nest reads it, off the prototype (not called, so never unbound). */
const handlerOf = (type: { prototype: object }, name: string): unknown =>
  Object.getOwnPropertyDescriptor(type.prototype, name)?.value;

describe(Endpoint.name, () => {
  it('binds the method and the catalogue’s whole path, in the router’s spelling', () => {
    expect(metadata(METHOD_METADATA, handlerOf(ThingsController, 'create'))).toBe(
      RequestMethod.POST,
    );
    expect(metadata(PATH_METADATA, handlerOf(ThingsController, 'create'))).toBe(
      '/api/things/create',
    );
    expect(metadata(METHOD_METADATA, handlerOf(ThingsController, 'remove'))).toBe(
      RequestMethod.DELETE,
    );
    expect(metadata(PATH_METADATA, handlerOf(ThingsController, 'remove'))).toBe(
      '/api/things/remove/:id/:room',
    );
    expect(nestPath('/api/files/image/{id}')).toBe('/api/files/image/:id');
  });

  it('states the auth decision: anyone is public, a member or an owner members only, and the roles’ own', () => {
    expect(metadata(AUTH_DECISION, handlerOf(ThingsController, 'read'))).toBe('public');
    expect(metadata(AUTH_DECISION, handlerOf(ThingsController, 'create'))).toBe('member');
    expect(metadata(GUEST_ERROR, handlerOf(ThingsController, 'create'))).toBe('MUST_BE_LOGGED_IN');
    expect(metadata(AUTH_DECISION, handlerOf(ThingsController, 'remove'))).toBe('member');
    expect(metadata(GUEST_ERROR, handlerOf(ThingsController, 'remove'))).toBeUndefined();
    expect(metadata(AUTH_DECISION, handlerOf(ThingsController, 'review'))).toBe('moderator');
    expect(metadata(AUTH_DECISION, handlerOf(ThingsController, 'appoint'))).toBe('admin');
  });

  it('sets the success status and keeps the entry on the handler', () => {
    expect(metadata(HTTP_CODE_METADATA, handlerOf(ThingsController, 'create'))).toBe(
      HttpStatus.CREATED,
    );
    expect(metadata(HTTP_CODE_METADATA, handlerOf(ThingsController, 'read'))).toBe(HttpStatus.OK);
    expect(routeOfHandler(handlerOf(ThingsController, 'remove'))).toBe(routes.remove);
    expect(routeOfHandler(handlerOf(WrongController, 'wrong'))).toBe(routes.create);
    expect(routeOfHandler(() => undefined)).toBeUndefined();
  });

  describe('over HTTP', () => {
    let app: NestFastifyApplication;
    const send = (method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
      app
        .getHttpAdapter()
        .getInstance()
        .inject({
          method,
          url,
          ...(payload === undefined
            ? {}
            : {
                payload: JSON.stringify(payload),
                headers: { 'content-type': 'application/json' },
              }),
        });

    beforeAll(async () => {
      app = await createHttpApp(ThingsModule, {
        logger: createLogger({ name: 'test', level: 'silent' }),
      });
      await app.init();
    });
    afterAll(() => app.close());

    it('answers with the route’s status', async () => {
      const created = await send('POST', '/api/things/create', { title: 'A thing' });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({ id: 't1', title: 'A thing', full: false });
      const read = await send('POST', '/api/things/read/t7?full=true');
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ id: 't7', title: 'A thing', full: true });
    });

    it('validates the body with the route’s schema, into the one error envelope', async () => {
      const answer = await send('POST', '/api/things/create', { title: '' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        requestId: expect.any(String),
        details: [{ field: 'title', code: 'FIELD_REQUIRED', message: expect.any(String) }],
      });
      // No body at all is an empty one, as ZodPipe has always read it.
      expect((await send('POST', '/api/things/create')).json()).toMatchObject({
        details: [{ field: 'title', code: 'INVALID_VALUE' }],
      });
      // Text no column can keep is refused before the schema runs.
      expect((await send('POST', '/api/things/create', { title: 'a\u0000' })).json()).toMatchObject(
        { details: [{ field: 'title', code: 'UNSUPPORTED_CHARACTER' }] },
      );
    });

    it('validates the query and the path parameters, whole or one by one', async () => {
      expect((await send('POST', '/api/things/read/t7?full=maybe')).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'full', code: 'INVALID_VALUE' }],
      });
      expect((await send('POST', '/api/things/read/x7')).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'id', code: 'INVALID_VALUE' }],
      });
      // One parameter is validated alone, as `@Param('id', new ZodPipe(schema))` did.
      expect((await send('DELETE', '/api/things/remove/x7/r1')).json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: '(body)', code: 'INVALID_VALUE' }],
      });
      const removed = await send('DELETE', '/api/things/remove/t7/r1');
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ removed: true });
    });
  });
});
