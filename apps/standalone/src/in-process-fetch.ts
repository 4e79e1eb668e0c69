import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * A `fetch` answered by a Fastify instance of this process (Fastify's inject): the pages'
 * loaders call the gateway as a browser would, with the same routes, limits and identity, but
 * without a socket, a TCP handshake or HTTP parsing on either side. The visitor's address comes
 * in `x-forwarded-for` (app/lib/context.ts) and becomes the request's own.
 */
export function inProcessFetch(target: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    );
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value));
    // The page's visitor, as the web server saw them: the gateway's limits count that address.
    // Only loaders in this process reach here, so it is taken as the caller's own address.
    const visitor = headers['x-forwarded-for']?.split(',')[0]?.trim();
    delete headers['x-forwarded-for'];
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string')
      throw new TypeError('in-process fetch takes string bodies only');
    const response = await target.inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: `${url.pathname}${url.search}`,
      headers,
      ...(visitor ? { remoteAddress: visitor } : {}),
      ...(body ? { payload: body } : {}),
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [String(value)]) answer.append(name, one);
    }
    const empty = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(empty ? null : response.rawPayload, {
      status: response.statusCode,
      headers: answer,
    });
  };
}
