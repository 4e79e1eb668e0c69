import { apiCookieNames, catalogueRoutes, type OpenApiDocument } from '@mepedia/contracts';
import {
  exportIdentityKeys,
  generateIdentityKeys,
  sessionCookieName,
  visitorCookieName,
} from '@mepedia/server-identity';
import type { FastifyInstance } from 'fastify';
import { API_DOCS_JSON, API_DOCS_PAGE } from './api-docs';
import { createGatewayApp, type GatewayApp } from './gateway.app';
import { loadGatewayConfig } from './gateway.config';
import { RATE_RULES } from './rate-rules';

const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      path,
      method,
      operation: operation,
    })),
  );

// The gateway serves the reference itself: no service needs to run.
describe('the API reference the gateway serves', () => {
  let gateway: GatewayApp;
  let fastify: FastifyInstance;
  let document: OpenApiDocument;

  beforeAll(async () => {
    gateway = await createGatewayApp(
      loadGatewayConfig({
        IDENTITY_PRIVATE_KEY: exportIdentityKeys(generateIdentityKeys()).privateKey,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_LOGIN_PER_IP: '7',
        RATE_LIMIT_WINDOW_SECONDS: '120',
      }),
    );
    await gateway.app.init();
    fastify = gateway.app.getHttpAdapter().getInstance();
    await fastify.ready();
    const response = await fastify.inject({ method: 'GET', url: API_DOCS_JSON });
    document = response.json<OpenApiDocument>();
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('answers the OpenAPI document as public, briefly cacheable JSON', async () => {
    const response = await fastify.inject({ method: 'GET', url: API_DOCS_JSON });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(document.openapi).toBe('3.1.0');
    const documented = operations(document).map(({ path, method }) => `${method} ${path}`);
    const catalogued = catalogueRoutes().map(
      (route) => `${route.method.toLowerCase()} ${route.path}`,
    );
    expect(documented.sort()).toEqual(catalogued.sort());
  });

  it('documents every limit the gateway applies, with the configured numbers, and no other', () => {
    const limited = operations(document).filter(({ operation }) =>
      operation['x-error-codes'].some((error) => error.code === 'RATE_LIMITED'),
    );
    expect(limited.map(({ path }) => path).sort()).toEqual(Object.keys(RATE_RULES).sort());
    for (const { operation } of limited) {
      expect(operation['x-rate-limits']?.length).toBeGreaterThan(0);
      expect(operation.responses['429']).toBeDefined();
    }
    const login = document.paths['/api/users/login']?.post;
    expect(login?.['x-rate-limits']).toEqual([
      { by: 'ip', limit: 7, windowSeconds: 120 },
      { by: 'email', limit: 10, windowSeconds: 120 },
    ]);
    expect(login?.description).toContain('7 per IP address, 10 per email');
  });

  it('names the cookies as the servers set them', () => {
    for (const production of [false, true]) {
      const names = apiCookieNames(production);
      expect(names.session).toBe(sessionCookieName(production));
      expect(names.visitor).toBe(visitorCookieName(production));
    }
    expect(document.components.securitySchemes['session']?.name).toBe(sessionCookieName(false));
  });

  it('renders a readable page of every route on the server, working under the strict policy', async () => {
    const response = await fastify.inject({ method: 'GET', url: API_DOCS_PAGE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    // Styles inline, allowed for this page only; nothing else may load.
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    const html = response.body;
    expect(html).not.toMatch(/<script|<link|\bsrc=|@import|url\(/i);
    expect(html).not.toMatch(/href="(https?:)?\/\//);
    for (const route of catalogueRoutes()) {
      const heading = new RegExp(
        `<span class="method \\w+">${route.method}</span> <code>${route.path.replace(/[{}]/g, (char) => `\\${char}`)}</code>`,
      );
      expect(html).toMatch(heading);
    }
    // Grouped by service, with auth, body fields and their limits, answers and errors.
    expect(html).toContain('<section id="users">');
    expect(html).toContain('<section id="posts">');
    const register = html.slice(
      html.indexOf('id="users.register"'),
      html.indexOf('</article>', html.indexOf('id="users.register"')),
    );
    expect(register).toContain('<span class="auth anyone">anyone</span>');
    expect(register).toMatch(
      /<code>firstname<\/code><\/td><td>string<\/td><td>required<\/td><td>1–50 characters/,
    );
    expect(register).toMatch(
      /<code>password<\/code><\/td><td>string<\/td><td>required<\/td><td>8–64 characters/,
    );
    expect(register).toContain('<code>RegisterResponse</code>');
    expect(register).toContain('<code>EMAIL_EXISTS</code></td><td>409');
    expect(register).toContain('<code>RATE_LIMITED</code></td><td>429');
    const create = html.slice(html.indexOf('id="posts.create"'));
    expect(create).toContain('<span class="auth member">members</span>');
    expect(create).toMatch(
      /<code>destination<\/code><\/td><td>&quot;profile&quot; \| &quot;magazine&quot;<\/td><td>optional<\/td><td>default &quot;profile&quot;/,
    );
  });

  it('keeps the strict policy without style exceptions on API answers', async () => {
    const response = await fastify.inject({ method: 'POST', url: '/api/users/session' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
