import { isUnavailable } from './unavailable';

describe('isUnavailable', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['a refused connection', coded('ECONNREFUSED')],
    [
      'PostgreSQL shutting down (57P01)',
      coded('57P01', 'terminating connection due to administrator command'),
    ],
    ['PostgreSQL starting up (57P03)', coded('57P03', 'the database system is starting up')],
    ['a PostgreSQL connection failure (08006)', coded('08006')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    [
      'drizzle wrapping the driver',
      new Error('Failed query: select 1', { cause: coded('ECONNRESET') }),
    ],
    ['every address refusing', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
    [
      'S3 answering 503',
      Object.assign(new Error('SlowDown'), { $metadata: { httpStatusCode: 503 } }),
    ],
    ['Redis gone', Object.assign(new Error('gone'), { name: 'MaxRetriesPerRequestError' })],
  ])('is true for %s', (_name, error) => {
    expect(isUnavailable(error)).toBe(true);
  });

  it.each([
    ['a bug', new TypeError('x is not a function')],
    ['a unique violation (23505)', coded('23505', 'duplicate key')],
    ['a syntax error (42601)', coded('42601')],
    [
      'S3 refusing a request (403)',
      Object.assign(new Error('AccessDenied'), { $metadata: { httpStatusCode: 403 } }),
    ],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isUnavailable(error)).toBe(false);
  });

  it('stops on a cause that points at itself', () => {
    const looped = new Error('loop') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(isUnavailable(looped)).toBe(false);
  });
});
