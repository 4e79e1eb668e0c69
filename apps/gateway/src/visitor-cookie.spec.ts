import { exportIdentityKeys, generateIdentityKeys } from '@mepedia/server-identity';
import { VisitorCookies } from './visitor-cookie';

describe(VisitorCookies.name, () => {
  const key = () => exportIdentityKeys(generateIdentityKeys()).privateKey;
  const gatewayKey = key();
  const cookies = new VisitorCookies(gatewayKey);

  it('vouches for the ids it issued, each new', () => {
    const one = cookies.issue();
    const two = cookies.issue();
    expect(one).not.toBe(two);
    expect(one).toMatch(/^[0-9a-f]{24}\.[\w-]{22}$/);
    expect(cookies.verify(one)).toBe(one.split('.')[0]);
    // Another replica, with the same signing key, vouches for it too; a gateway with another
    // key does not.
    expect(new VisitorCookies(gatewayKey).verify(one)).toBe(one.split('.')[0]);
    expect(new VisitorCookies(key()).verify(one)).toBeUndefined();
  });

  it('vouches for no id it did not sign', () => {
    const issued = cookies.issue();
    const [id = '', signature = ''] = issued.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const value of [
      undefined,
      '',
      id,
      `${id}.`,
      `${id}.${flipped}`,
      `${id}.${signature}x`,
      `${id}.${signature.slice(1)}`,
      `${'0'.repeat(24)}.${signature}`,
      `${id.toUpperCase()}.${signature}`,
      `${id}.${signature}.${signature}`,
      new VisitorCookies(key()).issue(),
    ])
      expect(cookies.verify(value)).toBeUndefined();
  });
});
