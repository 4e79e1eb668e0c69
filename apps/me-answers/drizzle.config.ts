import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/me-answers/src/me-answers.schema.ts',
  out: './apps/me-answers/src/migrations',
  schemaFilter: ['me_answers'],
});
