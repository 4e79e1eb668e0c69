import secureJsonParse from 'secure-json-parse';
import { AppError } from './app-error';

/**
 * A JSON request body, read the one way every part of Mepedia reads it: the services' body
 * parser and the gateway (for the limits it keys by a body's `email`) both call this, so what a
 * service acts on is what the gateway counted. The bytes are UTF-8 (a charset parameter is not
 * honoured, by either); a leading byte-order mark is dropped, as JSON allows a parser to; a
 * `__proto__` key or a `constructor.prototype` is refused. An empty or unreadable body is
 * INVALID_JSON (400).
 */
export function parseJsonBody(body: Buffer | string): unknown {
  if (body.length === 0) throw new AppError('INVALID_JSON');
  try {
    return secureJsonParse(body, null, {
      protoAction: 'error',
      constructorAction: 'error',
    }) as unknown;
  } catch {
    throw new AppError('INVALID_JSON');
  }
}
