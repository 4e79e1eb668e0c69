export type TestResponse<T = unknown> = {
  status: number;
  headers: Headers;
  body: T;
  text: string;
};

/** A real HTTP call (fetch), JSON in and out; a non-JSON body is left in `text`. */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

type SetCookie = { name: string; value: string; attributes: Map<string, string> };

/**
 * One Set-Cookie of a response, parsed: from a response's headers the one named `name` (by
 * default the session cookie, whatever else the gateway sets beside it), or one header line.
 */
export function parseSetCookie(
  source: Headers | string | null,
  name: string | RegExp = /(^|-)mepedia_session$/,
): SetCookie | undefined {
  if (source === null) return undefined;
  if (typeof source !== 'string') {
    return source
      .getSetCookie()
      .map((line) => parseSetCookie(line))
      .find(
        (cookie) =>
          cookie !== undefined &&
          (typeof name === 'string' ? cookie.name === name : name.test(cookie.name)),
      );
  }
  const header = source;
  if (!header) return undefined;
  const [pair = '', ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', ...value] = part.trim().split('=');
    attributes.set(key.toLowerCase(), value.join('='));
  }
  return {
    name: pair.slice(0, eq).trim(),
    value: decodeURIComponent(pair.slice(eq + 1).trim()),
    attributes,
  };
}
