import { z } from 'zod';
import { Language } from './locale';

// ---------------------------------------------------------------------------
// QUEUE NAMES ARE STABLE. Jobs already waiting in Redis carry these names;
// renaming one needs a migration plan (drain, then switch).
// ---------------------------------------------------------------------------
export const QUEUES = {
  email: 'email',
  sms: 'sms',
  translation: 'translation',
  events: 'events',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const UserDeletedEvent = z.object({ userId: z.string() });
export const UserUpdatedEvent = z.object({
  userId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  language: Language,
  profileImage: z.string().nullable(),
});

/** Domain events, by type. Every event crosses services through the `events` queue. */
export const domainEvents = {
  'user.deleted': UserDeletedEvent,
  'user.updated': UserUpdatedEvent,
} as const;
export type DomainEventType = keyof typeof domainEvents;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEvents)[T]>;

export const DomainEventEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  source: z.string(),
  occurredAt: z.string(),
  payload: z.unknown(),
});
export type DomainEventEnvelope = z.infer<typeof DomainEventEnvelope>;

/** Pub/sub channels for cache invalidation between processes (not durable; see MessageBus). */
export const BUS_CHANNELS = {
  /** `{ sessionIds?: string[], userId?: string }`: drop these sessions (or all of a member's). */
  sessionsRevoked: 'sessions.revoked',
} as const;
