import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/notifications/src/notifications.schema.ts',
  out: './apps/notifications/src/migrations',
  schemaFilter: ['notifications'],
});
