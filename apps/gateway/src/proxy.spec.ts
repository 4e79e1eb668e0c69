import type { FastifyRequest } from 'fastify';
import { originAllowed, splitApiPath } from './proxy';

const request = (method: string, headers: Record<string, string>) =>
  ({
    method,
    headers: { host: 'mepedia.test', ...headers },
    protocol: 'https',
  }) as unknown as FastifyRequest;

describe(splitApiPath.name, () => {
  it('finds the prefix of an API path', () => {
    expect(splitApiPath('/api/users/login?x=1')).toEqual({
      prefix: 'users',
      path: '/api/users/login',
    });
    expect(splitApiPath('/api/feedMessages/getMessages')).toEqual({
      prefix: 'feedMessages',
      path: '/api/feedMessages/getMessages',
    });
    expect(splitApiPath('/health/live')).toBeUndefined();
    expect(splitApiPath('/apiusers/login')).toBeUndefined();
  });
});

describe(originAllowed.name, () => {
  const web = ['https://www.mepedia.test'];

  it('lets reads through from anywhere', () => {
    expect(originAllowed(request('GET', { origin: 'https://evil.test' }), web)).toBe(true);
  });

  it('lets writes through from this site, the web app, and non-browser clients', () => {
    expect(originAllowed(request('POST', { origin: 'https://mepedia.test' }), web)).toBe(true);
    expect(originAllowed(request('PUT', { origin: 'https://www.mepedia.test' }), web)).toBe(true);
    expect(originAllowed(request('POST', {}), web)).toBe(true);
    expect(originAllowed(request('POST', { 'sec-fetch-site': 'same-origin' }), web)).toBe(true);
  });

  it('stops writes from other sites', () => {
    expect(originAllowed(request('POST', { origin: 'https://evil.test' }), web)).toBe(false);
    expect(originAllowed(request('DELETE', { origin: 'http://mepedia.test' }), web)).toBe(false);
    expect(originAllowed(request('POST', { 'sec-fetch-site': 'cross-site' }), web)).toBe(false);
  });
});
