/**
 * Whether an error means a backing store could not be reached or refused work for now (the
 * database restarting, Redis or S3 down): the caller should try again shortly, so the answer is
 * 503 SERVICE_UNAVAILABLE, not 500. Looks through `cause` chains (drizzle wraps the driver's
 * error) and an AggregateError's errors (a connect to every address of a host failing).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);
/** PostgreSQL: connection exceptions (class 08), shutting down or starting up, too many clients. */
const POSTGRES_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
const MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Connection is closed/,
  /Client has encountered a connection error/,
  /Reached the max retries per request limit/,
];

type Inspectable = {
  code?: unknown;
  message?: unknown;
  name?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: unknown };
};

export function isUnavailable(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; pending.length > 0 && seen < 20; seen++) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    const { code, message, name, cause, errors, $metadata } = current as Inspectable;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)))
      return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message)))
      return true;
    // An S3 (or other AWS) service answering 5xx: busy or down, for now.
    const status = $metadata?.httpStatusCode;
    if (typeof status === 'number' && status >= 500) return true;
    if (cause !== undefined) pending.push(cause);
    if (Array.isArray(errors)) pending.push(...(errors as unknown[]));
  }
  return false;
}
