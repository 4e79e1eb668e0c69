import { sql } from 'drizzle-orm';
import { check, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const workerSchema = pgSchema('worker');

/**
 * One row per message handed to a provider, keyed by its job: a retried job
 * finds it and does not send again. `sending` is claimed before the provider
 * call, `sent` after it.
 */
export const deliveries = workerSchema.table(
  'deliveries',
  {
    key: text('key').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    status: text('status', { enum: ['sending', 'sent'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('deliveries_channel_check', sql`${table.channel} in ('email', 'sms')`),
    check('deliveries_status_check', sql`${table.status} in ('sending', 'sent')`),
  ],
);

/** Addresses that unsubscribed: they get transactional mail only. */
export const emailSuppressions = workerSchema.table('email_suppressions', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Development only: messages kept instead of sent, shown at /dev/outbox. */
export const devOutbox = workerSchema.table(
  'dev_outbox',
  {
    id: uuid('id').primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('dev_outbox_created_idx').on(table.createdAt)],
);
