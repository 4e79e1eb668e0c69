import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/search/src/search.schema.ts',
  out: './apps/search/src/migrations',
  schemaFilter: ['search'],
});
