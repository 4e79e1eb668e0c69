import { openDatabase } from '@mepedia/server-database';
import { describeUsersApi } from './users-api.suite';

describeUsersApi('PGlite', async () => {
  const handle = await openDatabase({ dataDir: 'memory://' });
  return { handle, dispose: () => handle.close() };
});
