import { z } from 'zod';
import { API_AUTH, API_METHODS, EVENT_STREAM_TYPE, type ApiService } from './api-route';
import { apiCatalogue, catalogueRoutes } from './api-catalogue';
import { errorCatalog, isErrorCode } from './errors';
import { buildOpenApiDocument, type JsonSchema } from './openapi';
import { appForPrefix } from './routes';

const document = buildOpenApiDocument({
  rateLimits: { '/api/users/login': [{ by: 'ip', limit: 25 }] },
});
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    path,
    method,
    operation: operation,
  })),
);

/** Every value under `key` anywhere in `value`, with where it was. */
function collect(value: unknown, key: string, at = '#'): Array<{ at: string; value: unknown }> {
  if (Array.isArray(value))
    return value.flatMap((item, index) => collect(item, key, `${at}/${index}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, child]) => [
    ...(name === key ? [{ at, value: child }] : []),
    ...collect(child, key, `${at}/${name}`),
  ]);
}

/** A local JSON pointer (`#/components/schemas/Post`) resolved in the document. */
function resolvePointer(pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of pointer.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment))
      return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The schemas an answer reaches, following references. */
function reachable(schema: unknown, seen = new Set<string>()): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as JsonSchema;
    found.push(record);
    const ref = record['$ref'];
    if (typeof ref === 'string' && !seen.has(ref)) {
      seen.add(ref);
      visit(resolvePointer(ref));
    }
    Object.values(record).forEach(visit);
  };
  visit(schema);
  return found;
}

describe('the generated OpenAPI document', () => {
  it('is an OpenAPI 3.1 document of plain JSON', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(document.tags.map((tag) => tag.name)).toEqual(apiCatalogue.map((s) => s.service));
  });

  it('has operations under every path, one per catalogue route', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      expect(Object.keys(methods).length).toBeGreaterThan(0);
      for (const method of Object.keys(methods))
        expect(API_METHODS.map((m) => m.toLowerCase())).toContain(method);
    }
    expect(operations).toHaveLength(catalogueRoutes().length);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref, including the error details each code points at', () => {
    const refs = collect(document, '$ref');
    expect(refs.length).toBeGreaterThan(100);
    for (const { at, value } of refs) {
      expect(typeof value).toBe('string');
      expect({ at, ref: value, resolved: resolvePointer(value as string) !== undefined }).toEqual({
        at,
        ref: value,
        resolved: true,
      });
    }
    for (const { operation } of operations)
      for (const error of operation['x-error-codes'])
        if (error.details) expect(resolvePointer(error.details)).toBeDefined();
  });

  it('gives every operation its auth, a success answer, its path parameters and its errors', () => {
    for (const { path, operation } of operations) {
      expect(API_AUTH).toContain(operation['x-auth']);
      expect(operation.security.length).toBeGreaterThan(0);
      const statuses = Object.keys(operation.responses);
      const success = statuses.filter((status) => status.startsWith('2'));
      expect(success).toHaveLength(1);
      const content = operation.responses[success[0]!]?.content ?? {};
      if (content['application/json']) {
        expect(content['application/json'].schema['$ref']).toMatch(/^#\/components\/schemas\//);
      } else {
        // Bytes (an image): each media type it may come as, as binary; or a stream of events, text.
        expect(Object.keys(content).length).toBeGreaterThan(0);
        for (const [type, media] of Object.entries(content)) {
          if (type === EVENT_STREAM_TYPE) {
            expect(media.schema).toEqual({ type: 'string' });
            continue;
          }
          expect(type).toMatch(/^image\//);
          expect(media.schema).toEqual({ type: 'string', format: 'binary' });
        }
      }
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const pathParameters = operation.parameters.flatMap((parameter) =>
        'in' in parameter && parameter.in === 'path' ? [parameter.name] : [],
      );
      expect(pathParameters).toEqual(placeholders);
      // Each listed code is real, answers its catalogue status, and has that status described.
      for (const error of operation['x-error-codes']) {
        expect(isErrorCode(error.code)).toBe(true);
        expect(error.status).toBe(errorCatalog[error.code].status);
        const enumerated = collect(operation.responses[String(error.status)], 'enum')[0]?.value;
        expect(enumerated).toContain(error.code);
      }
      const codes = operation['x-error-codes'].map((error) => error.code);
      for (const gateway of ['BAD_REQUEST_PATH', 'PAYLOAD_TOO_LARGE', 'SERVICE_UNAVAILABLE'])
        expect(codes).toContain(gateway);
      if (operation.requestBody) expect(codes).toContain('VALIDATION_FAILED');
      if (operation['x-auth'] !== 'anyone') {
        // A guest is told one thing: AUTH_REQUIRED, or the route's own 401 (comment and like).
        expect(
          codes.filter((code) => code === 'AUTH_REQUIRED' || code === 'MUST_BE_LOGGED_IN'),
        ).toHaveLength(1);
        expect(operation.security).toEqual([{ session: [] }]);
      }
      expect(codes.includes('RATE_LIMITED')).toBe(path === '/api/users/login');
    }
  });

  it('documents what a client sends as input and what it gets back as output', () => {
    const schemas = document.components.schemas;
    // A default makes a field optional to send...
    const create = schemas['CreatePostRequest']!;
    expect(create['required']).not.toContain('destination');
    expect((create['properties'] as Record<string, JsonSchema>)['destination']).toMatchObject({
      default: 'profile',
    });
    // ...and field docs come from the schemas.
    const register = schemas['RegisterRequest']!['properties'] as Record<string, JsonSchema>;
    expect(register['password']).toMatchObject({ minLength: 8, maxLength: 64 });
    expect(register['firstname']).toMatchObject({ minLength: 1, maxLength: 50 });
    expect(register['email']).toMatchObject({ format: 'email', maxLength: 254 });
    expect(register['termsAccepted']).toMatchObject({ const: true });
    // Answers are closed, complete objects.
    expect(schemas['CurrentUser']).toMatchObject({ additionalProperties: false });
    expect(schemas['ErrorEnvelope']).toMatchObject({
      required: ['code', 'message', 'requestId'],
    });
  });

  it('puts no default in any answer: an answer holds what the service sent', () => {
    for (const { operation } of operations) {
      const success = Object.entries(operation.responses).find(([s]) => s.startsWith('2'))!;
      for (const node of reachable(success[1])) expect(Object.keys(node)).not.toContain('default');
    }
  });
});

describe('the route catalogue', () => {
  const routes = catalogueRoutes();

  it('puts each route under a prefix its service owns, once', () => {
    const seen = new Set<string>();
    for (const route of routes) {
      const prefix = route.path.split('/')[2] ?? '';
      expect({ path: route.path, app: appForPrefix(prefix) }).toEqual({
        path: route.path,
        app: route.service,
      });
      expect(seen.has(`${route.method} ${route.path}`)).toBe(false);
      seen.add(`${route.method} ${route.path}`);
    }
  });

  it('uses zod schemas, says what an owner owns, and lists only known codes', () => {
    for (const route of routes) {
      expect(route.response).toBeInstanceOf(z.ZodType);
      if (route.body) expect(route.body).toBeInstanceOf(z.ZodType);
      expect(Boolean(route.owns)).toBe(route.auth === 'owner');
      for (const code of route.errors) expect(isErrorCode(code)).toBe(true);
    }
  });

  it('builds from another catalogue the same way (the pattern new services follow)', () => {
    const extra: ApiService = {
      service: 'files',
      title: 'Files',
      description: 'Files.',
      schemas: {},
      routes: [
        {
          method: 'GET',
          path: '/api/files/image/{id}',
          summary: 'An image',
          auth: 'anyone',
          params: { id: z.string() },
          status: 200,
          response: z.object({ url: z.string() }),
          errors: ['NOT_FOUND'],
        },
      ],
    };
    const built = buildOpenApiDocument({ catalogue: [extra] });
    const operation = built.paths['/api/files/image/{id}']?.get;
    expect(operation?.operationId).toBe('files.image');
    expect(operation?.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/FilesImageResponse',
    });
    expect(built.components.schemas['FilesImageResponse']).toBeDefined();
    expect(operation?.responses['404']).toBeDefined();
  });

  it('documents an upload as a multipart form and bytes as their media types', () => {
    const fields = z.object({ purpose: z.enum(['post', 'profile']).optional() });
    const extra: ApiService = {
      service: 'files',
      title: 'Files',
      description: 'Files.',
      schemas: {},
      routes: [
        {
          method: 'POST',
          path: '/api/files/upload',
          summary: 'Upload',
          auth: 'member',
          upload: { file: 'file', maxBytes: 1000, accepts: ['image/png'], fields },
          status: 201,
          response: z.object({ id: z.string() }),
          errors: ['IMAGE_TOO_BIG'],
        },
        {
          method: 'GET',
          path: '/api/files/bytes/{id}',
          summary: 'Bytes',
          auth: 'anyone',
          params: { id: z.string() },
          produces: ['image/webp'],
          status: 200,
          response: z.unknown(),
          errors: [],
        },
      ],
    };
    const built = buildOpenApiDocument({ catalogue: [extra] });
    const upload = built.paths['/api/files/upload']?.post;
    const form = upload?.requestBody?.content['multipart/form-data']?.schema;
    expect(upload?.requestBody?.content['application/json']).toBeUndefined();
    expect(form?.['required']).toEqual(['file']);
    expect(form?.['properties']).toEqual({
      file: expect.objectContaining({ type: 'string', format: 'binary' }),
    });
    expect(form?.['allOf']).toEqual([{ $ref: '#/components/schemas/FilesUploadFields' }]);
    expect(built.components.schemas['FilesUploadFields']?.['properties']).toHaveProperty('purpose');
    // Not JSON: no INVALID_JSON; the fields are validated (VALIDATION_FAILED).
    const codes = upload?.['x-error-codes'].map((error) => error.code);
    expect(codes).toContain('VALIDATION_FAILED');
    expect(codes).not.toContain('INVALID_JSON');
    const bytes = built.paths['/api/files/bytes/{id}']?.get;
    expect(bytes?.responses['200']?.content).toEqual({
      'image/webp': { schema: { type: 'string', format: 'binary' } },
    });
    expect(built.components.schemas['FilesBytesResponse']).toBeUndefined();
  });
});
