import { createHash, randomBytes } from 'node:crypto';

/**
 * A UUIDv7: time-ordered, so new rows land at the end of a b-tree index and
 * ids sort by creation, yet opaque and unguessable (74 random bits).
 */
export function newId(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | ((bytes[6] ?? 0) & 0x0f);
  bytes[8] = 0x80 | ((bytes[8] ?? 0) & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/**
 * How a service remembers that a member left, without keeping their id: a one-way digest. A
 * late event naming them (sent before they left, delivered after) is recognised and ignored, so
 * it cannot bring back a row with their id.
 */
export function removedMemberKey(userId: string): string {
  return createHash('sha256').update(`mepedia:removed-member:${userId}`).digest('hex');
}

/** When a UUIDv7 (`newId`) was made, in ms since the epoch; undefined for any other id. */
export function uuidV7Time(id: string): number | undefined {
  if (!isUuid(id) || id[14] !== '7') return undefined;
  return Number.parseInt(`${id.slice(0, 8)}${id.slice(9, 13)}`, 16);
}
