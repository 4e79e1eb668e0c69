import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/circles/src/circles.schema.ts',
  out: './apps/circles/src/migrations',
  schemaFilter: ['circles'],
});
