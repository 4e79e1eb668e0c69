import { openDatabase, runMigrations, type DatabaseHandle } from '@mepedia/server-database';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { WORKER_MIGRATIONS } from '../src/worker.app';
import { IN_DOUBT_AFTER_MS, WorkerRepository } from '../src/worker.repository';

// The delivery claims' SQL, on embedded PGlite (npm start's database), with a clock of the
// test's own: who may send a message, and when an attempt that died is taken over.
describe('delivery claims', () => {
  let handle: DatabaseHandle;
  let now = new Date('2026-11-23T10:00:00Z');
  let repository: WorkerRepository;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://', template: process.env['PGLITE_TEMPLATE'] });
    await runMigrations(handle, WORKER_MIGRATIONS);
    repository = new WorkerRepository(handle.db, () => now);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await handle?.close();
  }, SETUP_TIMEOUT_MS);

  const later = (ms: number) => (now = new Date(now.getTime() + ms));

  it('lets the first claim send, and the others wait while it may be sending', async () => {
    expect(await repository.claim('email:a', 'email')).toBe('new');
    expect(await repository.claim('email:a', 'email')).toBe('busy');
    later(IN_DOUBT_AFTER_MS - 1000);
    expect(await repository.claim('email:a', 'email')).toBe('busy');
  });

  it('hands a claim whose attempt died to one caller, which then owns it afresh', async () => {
    later(2000);
    const [first, second] = await Promise.all([
      repository.claim('email:a', 'email'),
      repository.claim('email:a', 'email'),
    ]);
    expect([first, second].sort()).toEqual(['busy', 'resend']);
    expect(await repository.claim('email:a', 'email')).toBe('busy');
  });

  it('never hands out a message marked sent, however old', async () => {
    await repository.markSent('email:a');
    later(IN_DOUBT_AFTER_MS * 10);
    expect(await repository.claim('email:a', 'email')).toBe('sent');
  });

  it('frees a claim the provider refused, for the retry to send', async () => {
    expect(await repository.claim('sms:b', 'sms')).toBe('new');
    await repository.release('sms:b');
    expect(await repository.claim('sms:b', 'sms')).toBe('new');
  });
});
