import { SETUP_TIMEOUT_MS, testRedisPrefix } from '@mepedia/server-testing';
import { BullMqQueue } from '../src/bullmq-queue';
import { describeQueueContract } from './queue-contract.suite';

// The same contract on real Redis; every queue gets a fresh key prefix.
const prefixes: Array<ReturnType<typeof testRedisPrefix>> = [];

describeQueueContract('BullMQ', async () => {
  const redis = testRedisPrefix();
  prefixes.push(redis);
  return new BullMqQueue(redis.url, redis.prefix);
});

afterAll(async () => {
  for (const prefix of prefixes) await prefix.cleanup();
}, SETUP_TIMEOUT_MS);
