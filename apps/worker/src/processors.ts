import {
  DomainEventEnvelope,
  EmailJob,
  EmailUnsubscribedEvent,
  QUEUES,
  SmsJob,
  TRANSACTIONAL_TEMPLATES,
  eventSubscriptions,
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

/**
 * Send once: claim the job's delivery, send, mark it sent. A provider error
 * frees the claim and throws (the queue retries with backoff). A claim that is
 * already there means an earlier attempt sent, or may have: never send twice.
 */
async function deliverOnce(
  deps: Deps,
  key: string,
  channel: 'email' | 'sms',
  send: () => Promise<void>,
  requestId?: string,
) {
  const state = await deps.repository.claim(key, channel);
  if (state !== 'new') {
    deps.logger.info(
      { key, state, requestId },
      'already delivered (or in doubt): not sending again',
    );
    return;
  }
  try {
    await send();
  } catch (error) {
    await deps.repository.release(key);
    throw error;
  }
  await deps.repository.markSent(key);
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
    const unsubscribeUrl = `${deps.publicUrl}${localePath(email.language, '/unsubscribe')}?email=${encodeURIComponent(email.to)}&signature=${unsubscribeSignature(email.to, deps.linkSecret)}`;
    const rendered = renderEmail(email, unsubscribeUrl);
    await deliverOnce(
      deps,
      `email:${job.id}`,
      'email',
      () =>
        deps.email.send({
          to: email.to,
          ...rendered,
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>` },
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
    for (const queue of subscribers)
      await deps.queue.add(queue, event.type, event, { jobId: event.id });
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
