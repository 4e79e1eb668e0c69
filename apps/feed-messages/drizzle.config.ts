import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/feed-messages/src/feed-messages.schema.ts',
  out: './apps/feed-messages/src/migrations',
  schemaFilter: ['feed_messages'],
});
