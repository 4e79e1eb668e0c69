import { openDatabase } from '@mepedia/server-database';
import { createTestDatabase } from '@mepedia/server-testing';
import { describeUsersApi } from './users-api.suite';

describeUsersApi('PostgreSQL', async () => {
  const database = await createTestDatabase();
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  return {
    handle,
    dispose: async () => {
      await handle.close();
      await database.drop();
    },
  };
});
