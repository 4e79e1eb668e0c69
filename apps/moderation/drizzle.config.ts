import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/moderation/src/moderation.schema.ts',
  out: './apps/moderation/src/migrations',
  schemaFilter: ['moderation'],
});
