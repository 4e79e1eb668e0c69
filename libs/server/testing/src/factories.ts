import { randomBytes, randomUUID } from 'node:crypto';
import type { CreatePostRequest } from '@mepedia/contracts';
import type { Identity } from '@mepedia/server-identity';

/** A signed-in member as the gateway vouches for one. */
export type TestMember = Extract<Identity, { kind: 'member' }>;

/** A member of their own: a fresh user and session (English unless told). */
export function newMember(overrides: Partial<Omit<TestMember, 'kind'>> = {}): TestMember {
  return {
    kind: 'member',
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'en',
    roles: [],
    ...overrides,
  };
}

/** A browser's visitor id, as the gateway's cookie carries it (24 hex characters). */
export const newVisitorId = (): string => randomBytes(12).toString('hex');

/** A post as a member writes one: public, on their profile, with a picture. */
export function newPost(overrides: Partial<CreatePostRequest> = {}): CreatePostRequest {
  return {
    title: 'A summer to remember',
    content:
      '<p>This is the story of a summer that changed everything, told slowly and with care, one memory at a time.</p>',
    image: '/api/files/image/Postimage0123456789_-a',
    credit: 'Photo: the author',
    privacy: 'public',
    destination: 'profile',
    ...overrides,
  };
}
