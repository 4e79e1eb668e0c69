import type { FastifyRequest } from 'fastify';
import { isLoopback, originAllowed } from './proxy';

const request = (method: string, headers: Record<string, string>) =>
  ({
    method,
    headers: { host: 'mepedia.test', ...headers },
    protocol: 'https',
  }) as unknown as FastifyRequest;

describe(isLoopback.name, () => {
  it('knows loopback peers, in IPv4, IPv6 and mapped form', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '192.168.1.2', '::ffff:10.0.0.1', 'fe80::1', undefined])
      expect(isLoopback(address)).toBe(false);
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
