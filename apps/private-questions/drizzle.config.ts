import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/private-questions/src/private-questions.schema.ts',
  out: './apps/private-questions/src/migrations',
  schemaFilter: ['private_questions'],
});
