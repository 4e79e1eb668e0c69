import { errorMessages } from '@mepedia/messages/errors';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { codedRouteError, withCodedErrors, type CodedErrorData } from './route-errors';

/**
 * The shape of libs/web/api's ApiError (the server, CommonJS, cannot import that ES module; the
 * browser tests meet the real one): its name, the HTTP status, the envelope and its code.
 */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: { code: string; message: string; requestId: string },
  ) {
    super(envelope.message);
    this.name = 'ApiError';
  }
  get code(): string {
    return this.envelope.code;
  }
}

const apiError = (status: number, code: string, message = 'raw text from a server') =>
  new ApiError(status, { code, message, requestId: 'r1' });

type Thrown = { type: string; data: CodedErrorData; init: { status: number } | null };

describe('coded API errors on the error page', () => {
  it("keeps the API's status and gives the code's message in the page's language", () => {
    const english = codedRouteError(apiError(404, 'POST_NOT_FOUND'), '/post/abc') as Thrown;
    expect(english.init?.status).toBe(404);
    expect(english.data).toEqual({
      code: 'POST_NOT_FOUND',
      message: errorMessages.en['error.POST_NOT_FOUND'],
    });
    const hebrew = codedRouteError(apiError(429, 'RATE_LIMITED'), '/he/people') as Thrown;
    expect(hebrew.init?.status).toBe(429);
    expect(hebrew.data.message).toBe(errorMessages.he['error.RATE_LIMITED']);
    expect(hebrew.data.message).toBe('יותר מדי ניסיונות. יש להמתין מעט ולנסות שוב');
    // A data request for the Hebrew home page (React Router's `/he.data`).
    expect(
      (codedRouteError(apiError(503, 'SERVICE_UNAVAILABLE'), '/he.data') as Thrown).data,
    ).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: errorMessages.he['error.SERVICE_UNAVAILABLE'],
    });
    // /help is English, not Hebrew.
    expect((codedRouteError(apiError(400, 'INVALID_CURSOR'), '/help') as Thrown).data.message).toBe(
      errorMessages.en['error.INVALID_CURSOR'],
    );
  });

  it("never passes the server's own text on: an unknown code gets no message", () => {
    const unknown = codedRouteError(apiError(502, 'SOMETHING_NEW', '<b>stack at x.js:1</b>'), '/');
    expect((unknown as Thrown).init?.status).toBe(502);
    expect((unknown as Thrown).data).toEqual({ code: 'SOMETHING_NEW', message: null });
    for (const known of [apiError(404, 'POST_NOT_FOUND'), apiError(500, 'INTERNAL')])
      expect(JSON.stringify(codedRouteError(known, '/'))).not.toContain('raw text from a server');
  });

  it('leaves other errors alone (the generic 500)', () => {
    expect(codedRouteError(new Error('boom'), '/')).toBeUndefined();
    expect(codedRouteError(new TypeError('fetch failed'), '/')).toBeUndefined();
    expect(codedRouteError({ name: 'ApiError', status: 404, code: 'X' }, '/')).toBeUndefined();
    expect(codedRouteError(apiError(200, 'INTERNAL'), '/')).toBeUndefined();
  });

  it("wraps every route's loader, and only loaders", async () => {
    const failing = async () => {
      throw apiError(400, 'INVALID_CURSOR');
    };
    const broken = async () => {
      throw new Error('a bug');
    };
    const build = {
      routes: {
        root: { id: 'root', path: '', module: { default: () => null } },
        magazine: { id: 'magazine', path: 'm', module: { loader: failing, meta: () => [] } },
        bug: { id: 'bug', path: 'b', module: { loader: broken } },
      },
    } as unknown as ServerBuild;
    const wrapped = withCodedErrors(build);
    expect(wrapped.routes['root']).toBe(build.routes['root']);
    expect(wrapped.routes['magazine']!.module.meta).toBe(build.routes['magazine']!.module.meta);
    const args = (url: string) =>
      ({ request: new Request(url), params: {}, context: {} }) as unknown as Parameters<
        NonNullable<ServerBuild['routes'][string]>['module']['loader'] & object
      >[0];
    const thrown = await Promise.resolve(
      wrapped.routes['magazine']!.module.loader!(args('http://x/he/m?cursor=bad')),
    ).catch((error: unknown) => error as Thrown);
    expect(thrown).toMatchObject({
      type: 'DataWithResponseInit',
      init: { status: 400 },
      data: { code: 'INVALID_CURSOR', message: errorMessages.he['error.INVALID_CURSOR'] },
    });
    await expect(
      Promise.resolve(wrapped.routes['bug']!.module.loader!(args('http://x/b'))),
    ).rejects.toThrow('a bug');
  });
});
