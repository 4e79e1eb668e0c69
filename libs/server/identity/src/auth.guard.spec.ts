import { Controller, Get, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ApiRoute } from '@mepedia/contracts';
import { createHttpApp, createLogger, Endpoint, ModeratorsOnly } from '@mepedia/server-http';
import { z } from 'zod';
import { IDENTITY_HEADER, IdentitySigner, generateIdentityKeys, type Identity } from './assertion';
import { IdentityModule } from './identity.module';

const answer = z.object({ done: z.literal(true) });
const route = (path: string, auth: ApiRoute['auth'], extra: Partial<ApiRoute> = {}) =>
  ({
    method: 'POST',
    path: `/api/things/${path}`,
    summary: path,
    auth,
    status: 200,
    response: answer,
    errors: [],
    ...extra,
  }) satisfies ApiRoute;

const routes = {
  write: route('write', 'member', { rate: ['posts'], guestError: 'MUST_BE_LOGGED_IN' }),
  own: route('own', 'owner', { rate: ['account'], owns: 'the thing' }),
  settle: route('settle', 'member', { rate: ['account'], whileSuspended: true }),
  read: route('read', 'member'),
  translate: route('translate', 'member', { rate: ['translate'] }),
  open: route('open', 'anyone', { rate: ['counters'] }),
  publicWrite: route('publicWrite', 'anyone', { rate: ['account'] }),
  review: route('review', 'moderator'),
  decide: route('decide', 'moderator', { rate: ['account'] }),
  appoint: route('appoint', 'admin', { rate: ['account'] }),
};

const done = { done: true as const };

@Controller()
class ThingsController {
  @Endpoint(routes.write)
  write() {
    return done;
  }

  @Endpoint(routes.own)
  own() {
    return done;
  }

  @Endpoint(routes.settle)
  settle() {
    return done;
  }

  @Endpoint(routes.read)
  read() {
    return done;
  }

  @Endpoint(routes.translate)
  translate() {
    return done;
  }

  @Endpoint(routes.open)
  open() {
    return done;
  }

  @Endpoint(routes.publicWrite)
  publicWrite() {
    return done;
  }

  @Endpoint(routes.review)
  review() {
    return done;
  }

  @Endpoint(routes.decide)
  decide() {
    return done;
  }

  @Endpoint(routes.appoint)
  appoint() {
    return done;
  }
}

/** Handlers with a decision but no catalogue entry: their method decides what writes. */
@Controller('bare')
class BareController {
  @ModeratorsOnly()
  @Get('look')
  look() {
    return done;
  }

  @ModeratorsOnly()
  @Post('act')
  act() {
    return done;
  }
}

describe('AuthGuard', () => {
  const keys = generateIdentityKeys();
  const signer = new IdentitySigner(keys.privateKey);
  let app: NestFastifyApplication;

  @Module({
    imports: [IdentityModule.forService('things', keys.publicKey)],
    controllers: [ThingsController, BareController],
  })
  class ThingsModule {}

  beforeAll(async () => {
    app = await createHttpApp(ThingsModule, {
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
    await app.init();
  });
  afterAll(() => app.close());

  const inFuture = () => new Date(Date.now() + 3_600_000).toISOString();
  const inPast = () => new Date(Date.now() - 1_000).toISOString();
  const member = (extra: Partial<Extract<Identity, { kind: 'member' }>> = {}): Identity => ({
    kind: 'member',
    userId: 'u1',
    sessionId: 's1',
    language: 'en',
    roles: [],
    ...extra,
  });
  const guest: Identity = { kind: 'guest' };

  /** The status and code (or 'ok') of a call as `identity`. */
  async function outcome(identity: Identity, path: string, method: 'GET' | 'POST' = 'POST') {
    const response = await app
      .getHttpAdapter()
      .getInstance()
      .inject({
        method,
        url: path.startsWith('/') ? path : `/api/things/${path}`,
        headers:
          identity.kind === 'guest' ? {} : { [IDENTITY_HEADER]: signer.sign(identity, 'things') },
      });
    const body = response.json<{ code?: string; details?: unknown }>();
    return response.statusCode === 200
      ? 'ok'
      : { status: response.statusCode, code: body.code, details: body.details };
  }

  describe('on members’ routes', () => {
    it('refuses a guest with the route’s guest code, and lets a member in', async () => {
      expect(await outcome(guest, 'write')).toEqual({
        status: 401,
        code: 'MUST_BE_LOGGED_IN',
        details: undefined,
      });
      expect(await outcome(guest, 'own')).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
      expect(await outcome(member(), 'write')).toBe('ok');
      expect(await outcome(member(), 'own')).toBe('ok');
    });
  });

  describe('on moderators’ and admins’ routes', () => {
    it('refuses a guest AUTH_REQUIRED and a member without the role ROLE_REQUIRED', async () => {
      expect(await outcome(guest, 'review')).toMatchObject({ status: 401, code: 'AUTH_REQUIRED' });
      expect(await outcome(member(), 'review')).toMatchObject({
        status: 403,
        code: 'ROLE_REQUIRED',
      });
      expect(await outcome(member(), 'appoint')).toMatchObject({
        status: 403,
        code: 'ROLE_REQUIRED',
      });
    });

    it('lets a moderator moderate, an admin moderate and appoint, a moderator not appoint', async () => {
      const moderator = member({ roles: ['moderator'] });
      const admin = member({ roles: ['admin'] });
      expect(await outcome(moderator, 'review')).toBe('ok');
      expect(await outcome(moderator, 'decide')).toBe('ok');
      expect(await outcome(admin, 'review')).toBe('ok');
      expect(await outcome(admin, 'appoint')).toBe('ok');
      expect(await outcome(moderator, 'appoint')).toMatchObject({
        status: 403,
        code: 'ROLE_REQUIRED',
      });
      // A role by any other name is none.
      const forged = { ...member(), roles: ['Moderator'] } as unknown as Identity;
      expect(await outcome(forged, 'review')).toMatchObject({ code: 'ROLE_REQUIRED' });
    });

    it('holds bare handlers to the same decision', async () => {
      expect(await outcome(member(), '/bare/look', 'GET')).toMatchObject({ code: 'ROLE_REQUIRED' });
      expect(await outcome(member({ roles: ['moderator'] }), '/bare/look', 'GET')).toBe('ok');
    });
  });

  describe('a suspended member', () => {
    const suspended = (extra: Partial<Extract<Identity, { kind: 'member' }>> = {}) =>
      member({ suspendedUntil: inFuture(), ...extra });

    it('is refused every members’ write with ACCOUNT_SUSPENDED and the end of the suspension', async () => {
      const until = inFuture();
      expect(await outcome(member({ suspendedUntil: until }), 'write')).toEqual({
        status: 403,
        code: 'ACCOUNT_SUSPENDED',
        details: { until },
      });
      expect(await outcome(suspended(), 'own')).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    });

    it('still reads, and makes the writes the route allows while suspended', async () => {
      expect(await outcome(suspended(), 'read')).toBe('ok');
      expect(await outcome(suspended(), 'translate')).toBe('ok');
      expect(await outcome(suspended(), 'settle')).toBe('ok');
      // Public routes are no members’ routes: the rule does not reach them.
      expect(await outcome(suspended(), 'open')).toBe('ok');
      expect(await outcome(suspended(), 'publicWrite')).toBe('ok');
    });

    it('writes again once the suspension is over', async () => {
      expect(await outcome(member({ suspendedUntil: inPast() }), 'write')).toBe('ok');
    });

    it('as a moderator, reviews but does not act', async () => {
      const moderator = suspended({ roles: ['moderator'] });
      expect(await outcome(moderator, 'review')).toBe('ok');
      expect(await outcome(moderator, 'decide')).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
      expect(await outcome(suspended({ roles: ['admin'] }), 'appoint')).toMatchObject({
        code: 'ACCOUNT_SUSPENDED',
      });
      // Without a catalogue entry, a method that is not a read's counts as a write.
      expect(await outcome(moderator, '/bare/look', 'GET')).toBe('ok');
      expect(await outcome(moderator, '/bare/act')).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    });

    it('is told ROLE_REQUIRED, not the suspension, on a route whose role they lack', async () => {
      expect(await outcome(suspended(), 'decide')).toMatchObject({ code: 'ROLE_REQUIRED' });
    });
  });
});
