import type { FastifyInstance } from 'fastify';

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
    // The dev outbox is a small page with inline styles; everything else is data.
    const styles = request.url.startsWith('/dev/') ? " style-src 'unsafe-inline';" : '';
    void reply.header(
      'content-security-policy',
      `default-src 'none';${styles} frame-ancestors 'none'`,
    );
    void reply.header('cross-origin-opener-policy', 'same-origin');
    if (production)
      void reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    done(null, payload);
  });
}
