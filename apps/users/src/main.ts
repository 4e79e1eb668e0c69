import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { createServicePlatform } from '@mepedia/server-platform';
import { createUsersApp } from './users.app';
import { loadUsersOptions } from './users.options';

// The users service as its own process (services mode, Kubernetes).
runMain(async () => {
  const options = loadUsersOptions();
  const { platform, config } = await createServicePlatform('users');
  const app = await createUsersApp(platform, options);
  await app.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Mepedia users service listening on ${await app.getUrl()}\n`);
  const close = async () => {
    await app.close();
    await platform.queue.close();
    await platform.bus.close();
    await platform.database.close();
  };
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  process.once('SIGINT', () => void close().then(() => process.exit(0)));
});
