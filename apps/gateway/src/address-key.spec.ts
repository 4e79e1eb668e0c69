import { addressKey } from './address-key';

describe(addressKey.name, () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.8')).toBe('192.0.2.8');
  });

  it('takes an IPv4-mapped IPv6 address for its IPv4 address, in either spelling', () => {
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::ffff:c000:207')).toBe('192.0.2.7');
    expect(addressKey('0:0:0:0:0:ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('puts every address of one IPv6 /64 under one key, however it is spelled', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const spelling of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0001',
      '2001:DB8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:0:0:0:0',
      '2001:db8:1:2::',
      '2001:db8:1:2:1:2:3.4.5.6',
    ])
      expect(addressKey(spelling)).toBe(key);
  });

  it('keeps neighbouring /64s apart', () => {
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('2001:db8:1::1')).toBe('2001:db8:1:0::/64');
    expect(addressKey('2001:db8::1:2:3:4')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%2')).toBe('fe80:0:0:0::/64');
  });

  it('leaves what is not an address as it came (nothing to group)', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not-an-address')).toBe('not-an-address');
    expect(addressKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
