import { isIPv4, isIPv6 } from 'node:net';

/** The 8 groups of an IPv6 address already checked by isIPv6 (no zone id, lower case). */
function ipv6Groups(address: string): number[] {
  let text = address;
  // A dotted IPv4 tail (`::ffff:192.0.2.7`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * What a per-address limit counts by: an IPv4 address as it is; an IPv6 address by its /64,
 * the block one household or one server is given, so a client cannot hop to a fresh limit by
 * taking the next of its 2^64 addresses. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, how a
 * dual-stack socket shows an IPv4 peer) is its IPv4 address. Every spelling of one block (`::`,
 * leading zeros, upper case, a zone id) gives one key. Anything else is left as it came.
 */
export function addressKey(address: string): string {
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, '').toLowerCase();
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
