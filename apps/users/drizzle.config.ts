import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/users/src/users.schema.ts',
  out: './apps/users/src/migrations',
  schemaFilter: ['users'],
});
