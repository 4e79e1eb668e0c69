import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/reactions/src/reactions.schema.ts',
  out: './apps/reactions/src/migrations',
  schemaFilter: ['reactions'],
});
