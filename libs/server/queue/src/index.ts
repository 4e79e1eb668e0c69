export * from './bus';
export * from './bullmq-queue';
export * from './guest-cache';
export * from './in-process-queue';
export * from './outbox';
export * from './queue';
export * from './redis';
