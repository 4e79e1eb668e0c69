import type { DomainEventEnvelope, EmailJob, SmsJob } from '@mepedia/contracts';
import { createLogger, isUnsubscribeSignature } from '@mepedia/server-http';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  DeliveryBusyError,
  emailProcessor,
  eventsFanOut,
  smsProcessor,
  workerEvents,
} from './processors';
import type { EmailSender, OutgoingEmail, OutgoingSms, SmsSender } from './senders';
import type { DeliveryState, WorkerRepository } from './worker.repository';

/**
 * The worker's storage, in memory, with the claim rules of the real one (worker.repository.ts):
 * `failNextMark` makes the next markSent throw once; `cutOff(key)` makes a claim look like one
 * whose attempt died long ago.
 */
function fakeRepository() {
  const deliveries = new Map<string, { status: 'sending' | 'sent'; inDoubt: boolean }>();
  const suppressed = new Set<string>();
  let failMarkSent = false;
  const repository = {
    claim: async (key: string): Promise<DeliveryState> => {
      const found = deliveries.get(key);
      if (!found) {
        deliveries.set(key, { status: 'sending', inDoubt: false });
        return 'new';
      }
      if (found.status === 'sent') return 'sent';
      if (!found.inDoubt) return 'busy';
      found.inDoubt = false;
      return 'resend';
    },
    markSent: async (key: string) => {
      if (failMarkSent) {
        failMarkSent = false;
        throw new Error('database hiccup');
      }
      deliveries.set(key, { status: 'sent', inDoubt: false });
    },
    release: async (key: string) => {
      if (deliveries.get(key)?.status === 'sending') deliveries.delete(key);
    },
    isSuppressed: async (email: string) => suppressed.has(email),
    suppress: async (email: string) => void suppressed.add(email),
  } as unknown as WorkerRepository;
  return {
    repository,
    deliveries,
    suppressed,
    failNextMark: () => (failMarkSent = true),
    cutOff: (key: string) => {
      const found = deliveries.get(key);
      if (found) found.inDoubt = true;
    },
  };
}

function flakySender(failures: number) {
  const sent: Array<OutgoingEmail | OutgoingSms> = [];
  let left = failures;
  const sender: EmailSender & SmsSender = {
    kind: 'fake',
    send: async (message: OutgoingEmail | OutgoingSms) => {
      if (left > 0) {
        left -= 1;
        throw new Error('provider down');
      }
      sent.push(message);
    },
  };
  return { sender, sent };
}

const logger = createLogger({ name: 'test', level: 'silent' });
const smsJob: SmsJob = {
  template: 'verification-code',
  to: '+972501234567',
  language: 'en',
  data: { code: '123456', expiresInMinutes: 10 },
};
const job = <T>(data: T, id = 'job-1'): Job<T> => ({ id, name: 'x', data, attemptsMade: 0 });

/** Run a processor the way the queue does: again after each failure, up to `attempts`. */
async function runWithRetries(handler: (job: Job) => Promise<void>, input: Job, attempts = 5) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      await handler({ ...input, attemptsMade: attempt });
      return attempt + 1;
    } catch {
      // retried
    }
  }
  return attempts;
}

function deps(overrides: { email?: EmailSender; sms?: SmsSender } = {}) {
  const store = fakeRepository();
  const fallback = flakySender(0);
  return {
    store,
    deps: {
      repository: store.repository,
      email: overrides.email ?? fallback.sender,
      sms: overrides.sms ?? fallback.sender,
      queue: new InProcessQueue(),
      logger,
      publicUrl: 'https://mepedia.test',
      linkSecret: 'l'.repeat(32),
    },
  };
}

describe(smsProcessor.name, () => {
  it('sends exactly once when the provider fails twice first', async () => {
    const provider = flakySender(2);
    const { deps: d } = deps({ sms: provider.sender });
    const runs = await runWithRetries(smsProcessor(d), job(smsJob));
    expect(runs).toBe(3);
    expect(provider.sent).toEqual([
      {
        to: '+972501234567',
        body: 'Mepedia: your verification code is 123456. It expires in 10 minutes.',
      },
    ]);
  });

  it('never sends twice when the send succeeded but recording it failed: the job just ends', async () => {
    const provider = flakySender(0);
    const { deps: d, store } = deps({ sms: provider.sender });
    store.failNextMark();
    // One run, which succeeds: the queue has nothing to try again.
    const runs = await runWithRetries(smsProcessor(d), job(smsJob));
    expect(runs).toBe(1);
    expect(provider.sent).toHaveLength(1);
  });

  it('waits while another attempt may be sending, and takes over one that died mid-send', async () => {
    const provider = flakySender(0);
    const { deps: d, store } = deps({ sms: provider.sender });
    // An attempt claimed the message, then its process died before it could send or record.
    await store.repository.claim('sms:job-1', 'sms');
    await expect(smsProcessor(d)(job(smsJob))).rejects.toThrow(DeliveryBusyError);
    expect(provider.sent).toHaveLength(0);
    // Once the claim is older than any send can take, the next attempt sends it: once.
    store.cutOff('sms:job-1');
    await smsProcessor(d)(job(smsJob));
    await smsProcessor(d)(job(smsJob));
    expect(provider.sent).toHaveLength(1);
  });

  it('treats another job id as another message', async () => {
    const provider = flakySender(0);
    const { deps: d } = deps({ sms: provider.sender });
    await smsProcessor(d)(job(smsJob, 'a'));
    await smsProcessor(d)(job(smsJob, 'a'));
    await smsProcessor(d)(job(smsJob, 'b'));
    expect(provider.sent).toHaveLength(2);
  });

  it('refuses a malformed job rather than texting garbage', async () => {
    const provider = flakySender(0);
    const { deps: d } = deps({ sms: provider.sender });
    await expect(smsProcessor(d)(job({ ...smsJob, to: 'not-a-number' }))).rejects.toThrow();
    expect(provider.sent).toHaveLength(0);
  });
});

describe(emailProcessor.name, () => {
  const notice: EmailJob = {
    template: 'notice',
    to: 'dana@example.com',
    language: 'en',
    data: { subject: 'News', text: 'Hello' },
  };
  const reset: EmailJob = {
    template: 'password-reset',
    to: 'dana@example.com',
    language: 'he',
    data: {
      firstname: 'דנה',
      link: 'https://mepedia.test/he/password-reset?token=t&userId=u',
      expiresInMinutes: 60,
    },
  };

  it('adds a signed unsubscribe link and header to every email', async () => {
    const provider = flakySender(0);
    const { deps: d } = deps({ email: provider.sender });
    await emailProcessor(d)(job(reset));
    const sent = provider.sent[0] as OutgoingEmail;
    const header = sent.headers['List-Unsubscribe'] ?? '';
    expect(header).toMatch(
      /^<https:\/\/mepedia\.test\/he\/unsubscribe\?email=dana%40example\.com&signature=[\w-]{43}>$/,
    );
    const signature = /signature=([\w-]+)/.exec(header)?.[1] ?? '';
    expect(isUnsubscribeSignature('dana@example.com', signature, 'l'.repeat(32))).toBe(true);
    expect(sent.text).toContain(header.slice(1, -1));
  });

  it('gives a notification its own one-click unsubscribe, both headers (RFC 8058)', async () => {
    const provider = flakySender(0);
    const { deps: d } = deps({ email: provider.sender });
    const oneClick = 'https://mepedia.test/api/notifications/unsubscribe?token=u.comment.s';
    const page = 'https://mepedia.test/unsubscribe?token=u.comment.s';
    await emailProcessor(d)(job({ ...notice, unsubscribe: { oneClick, page } }));
    const sent = provider.sent[0] as OutgoingEmail;
    expect(sent.headers).toEqual({
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(sent.text).toContain(page);
    expect(sent.html).toContain(page);
    // Without its own links, a notice keeps the address-wide one and no one-click header.
    await emailProcessor(d)(job(notice, 'plain'));
    expect((provider.sent[1] as OutgoingEmail).headers['List-Unsubscribe-Post']).toBeUndefined();
  });

  it('refuses a notice whose unsubscribe links are not web addresses', async () => {
    const provider = flakySender(0);
    const { deps: d } = deps({ email: provider.sender });
    const unsubscribe = { oneClick: 'javascript:alert(1)', page: 'https://mepedia.test/u' };
    await expect(emailProcessor(d)(job({ ...notice, unsubscribe }))).rejects.toThrow();
    expect(provider.sent).toEqual([]);
  });

  it('skips notices to unsubscribed addresses but still sends transactional mail', async () => {
    const provider = flakySender(0);
    const { deps: d, store } = deps({ email: provider.sender });
    store.suppressed.add('dana@example.com');
    await emailProcessor(d)(job(notice, 'n1'));
    await emailProcessor(d)(job(reset, 'r1'));
    expect(provider.sent.map((m) => (m as OutgoingEmail).subject)).toEqual([
      'איפוס הסיסמה שלך במפדיה',
    ]);
  });
});

describe('events', () => {
  const envelope = (type: string, payload: unknown): DomainEventEnvelope => ({
    id: `evt-${type}`,
    type,
    source: 'users',
    occurredAt: new Date().toISOString(),
    payload,
  });

  it('fans an event out to each subscriber queue, once per event id', async () => {
    const queue = new InProcessQueue();
    const received: string[] = [];
    queue.process('events-users', async (j) => void received.push(j.id));
    const fanOut = eventsFanOut({ queue, logger });
    const event = envelope('profile.publication.changed', {
      userId: 'u1',
      publishedAnswers: 1,
      topics: [],
    });
    await fanOut(job(event));
    await fanOut(job(event));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.close();
    expect(received).toEqual(['evt-profile.publication.changed']);
  });

  it('gives each subscriber only the fields meant for it: a member’s address to notifications alone', async () => {
    const queue = new InProcessQueue();
    const received = new Map<string, unknown>();
    for (const name of ['events-posts', 'events-notifications'] as const)
      queue.process(
        name,
        async (j) => void received.set(name, (j.data as DomainEventEnvelope).payload),
      );
    const member = {
      userId: 'u1',
      firstname: 'Noa',
      lastname: 'Levi',
      fullname: 'Noa Levi',
      language: 'he',
      profileImage: null,
    };
    await eventsFanOut({ queue, logger })(
      job(envelope('user.updated', { ...member, email: 'noa@example.com' })),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await queue.close();
    expect(received.get('events-notifications')).toEqual({ ...member, email: 'noa@example.com' });
    expect(received.get('events-posts')).toEqual(member);
  });

  it('drops unknown event types without failing the job', async () => {
    await expect(
      eventsFanOut({ queue: new InProcessQueue(), logger })(job(envelope('no.such.event', {}))),
    ).resolves.toBeUndefined();
  });

  it('keeps the suppression list from unsubscribe events', async () => {
    const { store } = deps();
    await workerEvents({ repository: store.repository, logger })(
      job(envelope('email.unsubscribed', { email: 'Dana@Example.com' })),
    );
    expect([...store.suppressed]).toEqual(['Dana@Example.com']);
  });
});
