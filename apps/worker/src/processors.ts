import {
  DomainEventEnvelope,
  EmailJob,
  EmailUnsubscribedEvent,
  QUEUES,
  SmsJob,
  TRANSACTIONAL_TEMPLATES,
  eventSubscriptions,
  payloadFor,
  type DomainEventType,
} from '@mepedia/contracts';
import { localePath, unsubscribeSignature, type AppLogger } from '@mepedia/server-http';
import type { Job, QueueDriver } from '@mepedia/server-queue';
import type { EmailSender, SmsSender } from './senders';
import { renderEmail, renderSms } from './templates';
import type { WorkerRepository } from './worker.repository';

type Deps = {
  repository: WorkerRepository;
  email: EmailSender;
  sms: SmsSender;
  queue: QueueDriver;
  logger: AppLogger;
  publicUrl: string;
  linkSecret: string;
};

/** Thrown when another attempt may be sending the same message now: the queue tries later. */
export class DeliveryBusyError extends Error {
  constructor(key: string) {
    super(`${key}: another attempt may be sending it now; trying again later`);
  }
}

/**
 * Send once: claim the job's delivery, send, mark it sent. A provider error frees the claim and
 * throws (the queue retries with backoff). A delivery marked sent is never sent again. A claim
 * still `sending` means an attempt that may be sending now (the queue tries later) or, once it is
 * older than any send can take, one whose process died mid-send: that one is sent again, so a
 * worker killed mid-job still delivers (the provider may then have it twice, if the kill came in
 * the moment between its acceptance and our record; an email keeps one Message-ID for both).
 */
async function deliverOnce(
  deps: Deps,
  key: string,
  channel: 'email' | 'sms',
  send: () => Promise<void>,
  requestId?: string,
) {
  const state = await deps.repository.claim(key, channel);
  if (state === 'sent') {
    deps.logger.info({ key, requestId }, 'already delivered: not sending again');
    return;
  }
  if (state === 'busy') throw new DeliveryBusyError(key);
  if (state === 'resend')
    deps.logger.warn({ key, requestId }, 'an earlier attempt died mid-send: sending again');
  try {
    await send();
  } catch (error) {
    await deps.repository.release(key);
    throw error;
  }
  try {
    await deps.repository.markSent(key);
  } catch (error) {
    // It went: failing the job now would only send it again. The claim stays `sending`, and the
    // job (finished) is never run again.
    deps.logger.error({ err: error, key, requestId }, 'sent, but the record of it failed');
  }
}

export function emailProcessor(deps: Deps) {
  return async (job: Job) => {
    const email = EmailJob.parse(job.data);
    if (
      !TRANSACTIONAL_TEMPLATES.has(email.template) &&
      (await deps.repository.isSuppressed(email.to))
    ) {
      deps.logger.info(
        { jobId: job.id, template: email.template, requestId: email.requestId },
        'recipient unsubscribed: notice not sent',
      );
      return;
    }
    const own =
      email.template === 'notice' || email.template === 'notification'
        ? email.unsubscribe
        : undefined;
    // A notification's own links stop its kind alone, in one click (RFC 8058); every other email
    // carries the address-wide link to /unsubscribe.
    const unsubscribeUrl =
      own?.page ??
      `${deps.publicUrl}${localePath(email.language, '/unsubscribe')}?email=${encodeURIComponent(email.to)}&signature=${unsubscribeSignature(email.to, deps.linkSecret)}`;
    const headers: Record<string, string> = own
      ? {
          'List-Unsubscribe': `<${own.oneClick}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : { 'List-Unsubscribe': `<${unsubscribeUrl}>` };
    const rendered = renderEmail(email, unsubscribeUrl);
    await deliverOnce(
      deps,
      `email:${job.id}`,
      'email',
      () =>
        deps.email.send({
          id: `email.${String(job.id)}`,
          to: email.to,
          ...rendered,
          headers,
        }),
      email.requestId,
    );
  };
}

export function smsProcessor(deps: Deps) {
  return async (job: Job) => {
    const sms = SmsJob.parse(job.data);
    await deliverOnce(
      deps,
      `sms:${job.id}`,
      'sms',
      () => deps.sms.send({ to: sms.to, body: renderSms(sms) }),
      sms.requestId,
    );
  };
}

/** Every domain event once in, once out to each subscriber's queue (the event id is the job id). */
export function eventsFanOut(deps: Pick<Deps, 'queue' | 'logger'>) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    const subscribers = eventSubscriptions[event.type as DomainEventType];
    if (!subscribers) {
      deps.logger.warn({ eventId: event.id, type: event.type }, 'unknown event type: dropped');
      return;
    }
    // Each subscriber's copy holds only the fields meant for it (a member's address, say).
    for (const queue of subscribers)
      await deps.queue.add(
        queue,
        event.type,
        { ...event, payload: payloadFor(event.type, event.payload, queue) },
        { jobId: event.id },
      );
  };
}

/** The worker's own subscriptions. */
export function workerEvents(deps: Pick<Deps, 'repository' | 'logger'>) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    if (event.type === 'email.unsubscribed') {
      await deps.repository.suppress(EmailUnsubscribedEvent.parse(event.payload).email);
      return;
    }
    deps.logger.warn(
      { eventId: event.id, type: event.type },
      'event type not handled by the worker',
    );
  };
}

export function registerProcessors(deps: Deps, concurrency: number): void {
  deps.queue.process(QUEUES.email, emailProcessor(deps), { concurrency });
  deps.queue.process(QUEUES.sms, smsProcessor(deps), { concurrency });
  deps.queue.process(QUEUES.events, eventsFanOut(deps), { concurrency });
  deps.queue.process('events-worker', workerEvents(deps), { concurrency: 1 });
}
