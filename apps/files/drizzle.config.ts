import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/files/src/files.schema.ts',
  out: './apps/files/src/migrations',
  schemaFilter: ['files'],
});
