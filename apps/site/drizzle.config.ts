import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/site/src/site.schema.ts',
  out: './apps/site/src/migrations',
  schemaFilter: ['site'],
});
