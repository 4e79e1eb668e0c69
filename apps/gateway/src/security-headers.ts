import type { FastifyInstance } from 'fastify';
import { API_DOCS_PAGE } from './api-docs';

/** Headers for API answers: JSON that no browser should sniff, frame or render as a page. */
export function registerSecurityHeaders(fastify: FastifyInstance, production: boolean): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    // Pages and their assets set their own headers (apps/web/server).
    if (!/^\/(api|health|dev)(\/|$)/.test(request.url)) {
      done(null, payload);
      return;
    }
    void reply.header('x-content-type-options', 'nosniff');
    void reply.header('x-frame-options', 'DENY');
    void reply.header('referrer-policy', 'no-referrer');
    // The dev outbox and the API reference are small pages with inline styles (and no scripts);
    // everything else is data.
    const page = request.url.startsWith('/dev/') || request.url.split('?')[0] === API_DOCS_PAGE;
    const styles = page ? " style-src 'unsafe-inline';" : '';
    // A service that set its own policy keeps it (an image: `default-src 'none'; sandbox`), framed
    // by nobody either way.
    const own = reply.getHeader('content-security-policy');
    void reply.header(
      'content-security-policy',
      typeof own === 'string' && own.length > 0
        ? `${own}; frame-ancestors 'none'`
        : `default-src 'none';${styles} frame-ancestors 'none'`,
    );
    void reply.header('cross-origin-opener-policy', 'same-origin');
    if (production)
      void reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    done(null, payload);
  });
}
