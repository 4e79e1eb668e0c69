import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  type RateLimitNote,
} from '@mepedia/contracts';
import type { FastifyInstance } from 'fastify';
import type { GatewayConfig } from './gateway.config';
import { RATE_RULES } from './rate-rules';

/** The reference, for people (HTML rendered here) and for tools (OpenAPI 3.1). */
export const API_DOCS_PAGE = '/api/docs';
export const API_DOCS_JSON = '/api/docs/openapi.json';
/** Public and the same for everyone: caches may keep it a little while. */
const CACHE_CONTROL = 'public, max-age=300';

/** The gateway's limits (rate-rules.ts) with this configuration's numbers. */
export function rateLimitNotes(
  limits: GatewayConfig['rateLimits'],
): Record<string, RateLimitNote[]> {
  return Object.fromEntries(
    Object.entries(RATE_RULES).map(([path, rules]) => [
      path,
      rules.map((rule) => ({ by: rule.by, limit: rule.limit(limits) })),
    ]),
  );
}

export function gatewayApiDocument(config: GatewayConfig): OpenApiDocument {
  return buildOpenApiDocument({
    production: config.production,
    rateLimits: rateLimitNotes(config.rateLimits),
    rateLimitWindowSeconds: config.rateLimits.windowSeconds,
  });
}

/** `GET /api/docs/openapi.json` and `GET /api/docs`, built once at start. */
export function registerApiDocs(fastify: FastifyInstance, config: GatewayConfig): void {
  const document = gatewayApiDocument(config);
  const json = JSON.stringify(document);
  const page = renderApiDocsPage(document);
  fastify.get(API_DOCS_JSON, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('application/json; charset=utf-8').send(json),
  );
  fastify.get(API_DOCS_PAGE, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/html; charset=utf-8').send(page),
  );
}

// --- the page -----------------------------------------------------------------------------

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** The little markdown the descriptions use: `code`, **strong**, paragraphs. */
function prose(text: string): string {
  return text
    .split(/\n\n+/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
          .replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`,
    )
    .join('');
}

const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

type Row = { name: string; type: string; required: boolean; rules: string; description: string };

class SchemaReader {
  constructor(private readonly document: OpenApiDocument) {}

  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema['$ref'];
    if (typeof ref !== 'string') return schema;
    const target = this.document.components.schemas[refName(ref)];
    if (!target) throw new Error(`Unresolved ${ref}`);
    return target;
  }

  /** `string`, `string | null`, `"en" | "he"`, `PersonCard[]`. */
  typeOf(schema: JsonSchema): string {
    if (typeof schema['$ref'] === 'string') return refName(schema['$ref']);
    if ('const' in schema) return JSON.stringify(schema['const']);
    if (Array.isArray(schema['enum']))
      return (schema['enum'] as unknown[]).map((value) => JSON.stringify(value)).join(' | ');
    const alternatives = (schema['anyOf'] ?? schema['oneOf']) as JsonSchema[] | undefined;
    if (alternatives) return alternatives.map((item) => this.typeOf(item)).join(' | ');
    const type = schema['type'];
    if (type === 'array') {
      const items = (schema['items'] as JsonSchema | undefined) ?? {};
      const inner = this.typeOf(items);
      return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
    }
    if (Array.isArray(type)) return type.join(' | ');
    if (typeof type === 'string') return type;
    return 'any JSON';
  }

  /** Limits and defaults, in words. */
  rules(schema: JsonSchema): string {
    const parts: string[] = [];
    const alternatives = (schema['anyOf'] ?? []) as JsonSchema[];
    const all = [schema, ...alternatives];
    for (const item of all) {
      const min = item['minLength'];
      const max = item['maxLength'];
      if (typeof min === 'number' && typeof max === 'number')
        parts.push(`${min}–${max} characters`);
      else if (typeof min === 'number') parts.push(`at least ${min} characters`);
      else if (typeof max === 'number') parts.push(`at most ${max} characters`);
      const minimum = item['minimum'];
      const maximum = item['maximum'];
      if (typeof minimum === 'number' && typeof maximum === 'number' && maximum < 2 ** 53 - 1)
        parts.push(`${minimum} to ${maximum}`);
      else if (typeof minimum === 'number') parts.push(`at least ${minimum}`);
      if (typeof item['format'] === 'string') parts.push(`format ${item['format']}`);
      else if (typeof item['pattern'] === 'string' && item['pattern'].length <= 40)
        parts.push(`pattern ${item['pattern']}`);
    }
    if ('default' in schema) parts.push(`default ${JSON.stringify(schema['default'])}`);
    return parts.join('; ');
  }

  /** One row per field; objects inside (resolved refs, array items) as `parent.child`. */
  rows(schema: JsonSchema, prefix = '', depth = 0): Row[] {
    const object = this.resolve(schema);
    const properties = object['properties'] as Record<string, JsonSchema> | undefined;
    if (!properties) return [];
    const required = new Set((object['required'] as string[] | undefined) ?? []);
    const rows: Row[] = [];
    for (const [name, property] of Object.entries(properties)) {
      rows.push({
        name: `${prefix}${name}`,
        type: this.typeOf(property),
        required: required.has(name),
        rules: this.rules(property),
        description: typeof property['description'] === 'string' ? property['description'] : '',
      });
      if (depth >= 2) continue;
      const nested = this.nestedObject(property);
      if (nested)
        rows.push(...this.rows(nested.schema, `${prefix}${name}${nested.suffix}.`, depth + 1));
    }
    return rows;
  }

  private nestedObject(property: JsonSchema): { schema: JsonSchema; suffix: string } | undefined {
    const options = [property, ...((property['anyOf'] as JsonSchema[] | undefined) ?? [])];
    for (const option of options) {
      const resolved = this.resolve(option);
      if (resolved['properties']) return { schema: resolved, suffix: '' };
      const items = resolved['items'] as JsonSchema | undefined;
      if (resolved['type'] === 'array' && items && this.resolve(items)['properties'])
        return { schema: items, suffix: '[]' };
    }
    return undefined;
  }
}

function fieldTable(rows: Row[]): string {
  if (rows.length === 0) return '';
  const body = rows
    .map(
      (row) =>
        `<tr><td><code>${escapeHtml(row.name)}</code></td><td>${escapeHtml(row.type)}</td><td>${row.required ? 'required' : 'optional'}</td><td>${escapeHtml(row.rules)}</td><td>${prose(row.description)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>field</th><th>type</th><th></th><th>limits</th><th>notes</th></tr></thead><tbody>${body}</tbody></table>`;
}

/** An upload's form: the file part, then the text parts (the referenced fields schema). */
function formHtml(reader: SchemaReader, form: JsonSchema): string {
  const properties = (form['properties'] ?? {}) as Record<string, JsonSchema>;
  const files = Object.entries(properties).map(([name, part]) => ({
    name,
    type: 'file',
    required: true,
    rules: '',
    description: typeof part['description'] === 'string' ? part['description'] : '',
  }));
  const fields = ((form['allOf'] ?? []) as JsonSchema[]).map((part) => shape(reader, part));
  return `${fieldTable(files)}${fields.join('')}`;
}

/** What a schema holds: its fields, or each alternative of a union, or its array's items. */
function shape(reader: SchemaReader, schema: JsonSchema): string {
  const resolved = reader.resolve(schema);
  const name = typeof schema['$ref'] === 'string' ? refName(schema['$ref']) : undefined;
  const label = name ? `<p class="schema"><code>${escapeHtml(name)}</code></p>` : '';
  const description =
    typeof resolved['description'] === 'string' ? prose(resolved['description']) : '';
  const alternatives = resolved['anyOf'] as JsonSchema[] | undefined;
  if (alternatives) {
    return `${label}${description}<p>One of:</p><ul>${alternatives
      .map((item) => `<li>${escapeHtml(reader.typeOf(item))}${fieldTable(reader.rows(item))}</li>`)
      .join('')}</ul>`;
  }
  if (resolved['type'] === 'array') {
    const items = (resolved['items'] as JsonSchema | undefined) ?? {};
    return `${label}${description}<p>An array of ${escapeHtml(reader.typeOf(items))}:</p>${fieldTable(reader.rows(items))}`;
  }
  const rows = reader.rows(schema);
  return `${label}${description}${rows.length > 0 ? fieldTable(rows) : `<p>${escapeHtml(reader.typeOf(resolved))}</p>`}`;
}

const AUTH_LABEL: Record<OpenApiOperation['x-auth'], string> = {
  anyone: 'anyone',
  member: 'members',
  owner: 'the owner',
  moderator: 'moderators',
  admin: 'admins',
};

function operationHtml(
  reader: SchemaReader,
  path: string,
  method: string,
  operation: OpenApiOperation,
): string {
  const parameters = operation.parameters.filter(
    (parameter): parameter is OpenApiParameter => !('$ref' in parameter),
  );
  const parameterRows = parameters.map((parameter) => ({
    name: `${parameter.name} (${parameter.in})`,
    type: reader.typeOf(parameter.schema),
    required: parameter.required,
    rules: reader.rules(parameter.schema),
    description: parameter.description ?? '',
  }));
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
  const successContent = success?.[1].content ?? {};
  const successSchema = successContent['application/json']?.schema;
  // Bytes (an image): the media types are the answer.
  const successTypes = Object.keys(successContent).filter((type) => type !== 'application/json');
  const body = operation.requestBody?.content['application/json']?.schema;
  const form = operation.requestBody?.content['multipart/form-data']?.schema;
  const errors = operation['x-error-codes']
    .map(
      (error) =>
        `<tr><td><code>${error.code}</code></td><td>${error.status}</td><td>${escapeHtml(error.message)}</td><td>${error.details ? `<code>${escapeHtml(refName(error.details))}</code>` : ''}</td></tr>`,
    )
    .join('');
  return `<article id="${escapeHtml(operation.operationId)}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="auth ${operation['x-auth']}">${AUTH_LABEL[operation['x-auth']]}</span></h3>
<p class="summary">${escapeHtml(operation.summary)}</p>
${prose(operation.description)}
${parameterRows.length > 0 ? `<h4>Parameters</h4>${fieldTable(parameterRows)}` : ''}
<h4>Body${form ? ' (multipart/form-data)' : ''}</h4>${body ? shape(reader, body) : form ? formHtml(reader, form) : '<p>None.</p>'}
<h4>Answer ${success ? escapeHtml(success[0]) : ''}</h4>${successSchema ? shape(reader, successSchema) : ''}${successTypes.length > 0 ? `<p>The bytes, as ${successTypes.map((type) => `<code>${escapeHtml(type)}</code>`).join(', ')}.</p>` : ''}
<h4>Errors</h4><table><thead><tr><th>code</th><th>status</th><th>message (en)</th><th>details</th></tr></thead><tbody>${errors}</tbody></table>
</article>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
header,main,nav{max-width:72rem;margin:0 auto;padding:0 1rem}
h1{margin-top:1.5rem}h2{border-bottom:2px solid #ddd;margin-top:2.5rem}
article{border:1px solid #ddd;border-radius:6px;padding:.25rem 1rem 1rem;margin:1.25rem 0}
h3{font-size:1.05rem;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
h4{margin:1rem 0 .25rem}
code{font:13px/1.4 ui-monospace,monospace;background:#f3f3f3;padding:0 .2rem;border-radius:3px}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid #e2e2e2;padding:.25rem .4rem;text-align:left;vertical-align:top}
td p{margin:0}th{background:#f7f7f7}
.method{font:bold 12px ui-monospace,monospace;color:#fff;padding:.15rem .4rem;border-radius:3px;background:#555}
.get{background:#1f6feb}.post{background:#1a7f37}.put{background:#9a6700}.delete{background:#cf222e}.patch{background:#8250df}
.auth{font-size:12px;border:1px solid #999;border-radius:10px;padding:0 .5rem;font-weight:normal}
.member,.owner{border-color:#9a6700;color:#6b4700}
.summary{font-weight:600}nav ul{columns:2}
`;

/** A readable page of every route, rendered from the document: no scripts, styles inline. */
export function renderApiDocsPage(document: OpenApiDocument): string {
  const reader = new SchemaReader(document);
  const sections = document.tags.map((tag) => {
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags.includes(tag.name))
        .map(([method, operation]) => ({ path, method, operation })),
    );
    return {
      tag,
      toc: operations
        .map(
          ({ path, method, operation }) =>
            `<li><a href="#${escapeHtml(operation.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`,
        )
        .join(''),
      html: operations
        .map(({ path, method, operation }) => operationHtml(reader, path, method, operation))
        .join('\n'),
    };
  });
  const envelope = fieldTable(reader.rows({ $ref: '#/components/schemas/ErrorEnvelope' }));
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(document.info.title)} reference</h1>
${prose(document.info.description)}
<p>The same as an OpenAPI ${document.openapi} document: <a href="${API_DOCS_JSON}">${API_DOCS_JSON}</a>.</p>
<h2>The error envelope</h2>
${envelope}
</header>
<nav>
${sections.map(({ tag, toc }) => `<h2><a href="#${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a></h2><ul>${toc}</ul>`).join('\n')}
</nav>
<main>
${sections.map(({ tag, html }) => `<section id="${escapeHtml(tag.name)}"><h2>${escapeHtml(tag.name)}</h2>${prose(tag.description)}\n${html}</section>`).join('\n')}
</main>
</body>
</html>
`;
}
