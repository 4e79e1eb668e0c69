import { z } from 'zod';
import { catalogueRoutes } from './api-catalogue';
import {
  refusedWhileSuspended,
  routeErrorCodes,
  routeWrites,
  type ApiRoute,
  type ApiService,
} from './api-route';
import { buildOpenApiDocument } from './openapi';
import { holdsRole, isMemberRole } from './roles';

const key = (route: Pick<ApiRoute, 'method' | 'path'>) => `${route.method} ${route.path}`;

describe('roles', () => {
  it('lets an admin act as a moderator, and no one else act as an admin', () => {
    expect(holdsRole(['admin'], 'moderator')).toBe(true);
    expect(holdsRole(['admin'], 'admin')).toBe(true);
    expect(holdsRole(['moderator'], 'moderator')).toBe(true);
    expect(holdsRole(['moderator'], 'admin')).toBe(false);
    expect(holdsRole([], 'moderator')).toBe(false);
  });

  it('knows its roles by name only', () => {
    expect(isMemberRole('moderator')).toBe(true);
    expect(isMemberRole('Moderator')).toBe(false);
    expect(isMemberRole('toString')).toBe(false);
  });
});

describe('the suspension rule, from the route table', () => {
  const routes = catalogueRoutes();

  it('counts a route as a write when it names a rate rule that is no read’s', () => {
    expect(routeWrites({ rate: ['posts'] })).toBe(true);
    expect(routeWrites({ rate: ['verify', 'account'] })).toBe(true);
    expect(routeWrites({ rate: ['lookups'] })).toBe(false);
    expect(routeWrites({ rate: ['translate'] })).toBe(false);
    expect(routeWrites({})).toBe(false);
    // No GET writes.
    expect(routes.filter((route) => route.method === 'GET' && routeWrites(route)).map(key)).toEqual(
      [],
    );
  });

  it('refuses a suspended member the members’ writes, never a read or a public route', () => {
    const create = routes.find((route) => route.path === '/api/posts/create')!;
    const comment = routes.find((route) => route.path === '/api/feedMessages/sendMessage')!;
    const feed = routes.find((route) => route.path === '/api/posts/getFollowingPosts')!;
    const logout = routes.find((route) => route.path === '/api/users/logout')!;
    const translate = routes.find((route) => route.path === '/api/posts/translateOutput')!;
    expect([create, comment, feed, logout, translate].map(refusedWhileSuspended)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(refusedWhileSuspended({ auth: 'moderator', rate: ['account'] })).toBe(true);
    expect(refusedWhileSuspended({ auth: 'member', rate: ['account'], whileSuspended: true })).toBe(
      false,
    );
  });

  it('lets a suspended member look after their account, their mail and what reaches them', () => {
    expect(
      routes
        .filter((route) => route.whileSuspended)
        .map(key)
        .sort(),
    ).toEqual(
      [
        'PUT /api/users/updateUserLanguage',
        'POST /api/users/endOtherSessions',
        'POST /api/users/endSession',
        'POST /api/users/deleteUserById',
        'PUT /api/users/changeEmail',
        'POST /api/follows/unfollow',
        'POST /api/notifications/markRead',
        'POST /api/notifications/markAllRead',
        'POST /api/weeklyQuestion/pause',
        'POST /api/weeklyQuestion/skip',
        'POST /api/weeklyQuestion/stop',
        'POST /api/notifications/setEmailPreferences',
        'POST /api/circles/revokeInvitation',
        'POST /api/circles/removeMember',
        'POST /api/circles/leaveCircle',
        // Appealing a decision is the suspended member's own way out (issue 35).
        'POST /api/moderation/appeal',
        // So is keeping someone away (blocking, muting), and letting them back.
        'POST /api/blocks/block',
        'POST /api/blocks/unblock',
        'POST /api/blocks/mute',
        'POST /api/blocks/unmute',
      ].sort(),
    );
  });

  it('marks whileSuspended only where it changes something: a members’ write', () => {
    const idle = routes
      .filter((route) => route.whileSuspended)
      .filter((route) => route.auth === 'anyone' || !routeWrites(route))
      .map(key);
    expect(idle).toEqual([]);
  });

  it('documents ROLE_REQUIRED and ACCOUNT_SUSPENDED where a route can answer them', () => {
    const route = (auth: ApiRoute['auth'], extra: Partial<ApiRoute> = {}): ApiRoute => ({
      method: 'POST',
      path: '/api/things/act',
      rate: ['account'],
      summary: 'Act',
      auth,
      status: 200,
      response: z.object({}),
      errors: [],
      ...extra,
    });
    const codes = (r: ApiRoute) => routeErrorCodes(r, { rateLimited: true });
    expect(codes(route('moderator'))).toEqual(
      expect.arrayContaining(['AUTH_REQUIRED', 'ROLE_REQUIRED', 'ACCOUNT_SUSPENDED']),
    );
    expect(codes(route('admin', { whileSuspended: true }))).toContain('ROLE_REQUIRED');
    expect(codes(route('admin', { whileSuspended: true }))).not.toContain('ACCOUNT_SUSPENDED');
    expect(codes(route('member'))).not.toContain('ROLE_REQUIRED');
    expect(codes(route('anyone'))).not.toContain('ACCOUNT_SUSPENDED');

    const catalogue: ApiService[] = [
      {
        service: 'users',
        title: 'Users',
        description: 'Users.',
        schemas: {},
        routes: [route('moderator'), { ...route('admin'), path: '/api/things/grant' }],
      },
    ];
    const built = buildOpenApiDocument({ catalogue });
    const act = built.paths['/api/things/act']?.post;
    expect(act?.['x-auth']).toBe('moderator');
    expect(act?.responses['403']?.description).toBe(
      'ACCOUNT_SUSPENDED, ORIGIN_NOT_ALLOWED, ROLE_REQUIRED',
    );
    expect(act?.description).toMatch(/Moderators \(and admins\)/);
    expect(built.paths['/api/things/grant']?.post?.description).toMatch(/moderators too/);
  });
});
