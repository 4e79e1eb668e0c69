import { randomUUID } from 'node:crypto';
import type { DomainEventEnvelope } from '@mepedia/contracts';

/** A domain event as the worker's fan-out hands it to a service. */
export function testEnvelope(
  type: string,
  payload: unknown,
  occurredAt = new Date(),
  source = 'users',
): DomainEventEnvelope {
  return { id: randomUUID(), type, source, occurredAt: occurredAt.toISOString(), payload };
}

/** A browser's user agent: crawlers do not count as viewers, and a plain fetch looks like one. */
export const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
};
