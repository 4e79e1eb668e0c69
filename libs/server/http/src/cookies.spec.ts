import { parseCookies, serializeCookie } from './cookies';

describe('cookies', () => {
  it('parse the first value of each name, decoded', () => {
    const cookies = parseCookies('a=1; b="two%20words"; a=ignored; broken; =x');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'two words'],
    ]);
  });

  it('serialise with safe defaults, and expire with Max-Age=0', () => {
    expect(serializeCookie('s', 'v', { maxAgeSeconds: 60 })).toBe(
      's=v; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
    expect(serializeCookie('__Host-s', '', { maxAgeSeconds: 0, secure: true })).toBe(
      '__Host-s=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax',
    );
  });
});
