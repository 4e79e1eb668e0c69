import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/posts/src/posts.schema.ts',
  out: './apps/posts/src/migrations',
  schemaFilter: ['posts'],
});
