import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/worker/src/worker.schema.ts',
  out: './apps/worker/src/migrations',
  schemaFilter: ['worker'],
});
