import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { createServicePlatform } from '@mepedia/server-platform';
import { createPostsApp } from './posts.app';
import { loadPostsOptions } from './posts.options';

// The posts service as its own process (services mode, Kubernetes).
runMain(async () => {
  const options = loadPostsOptions();
  const { platform, config } = await createServicePlatform('posts');
  const app = await createPostsApp(platform, options);
  await app.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Mepedia posts service listening on ${await app.getUrl()}\n`);
  const close = async () => {
    await app.close();
    await platform.queue.close();
    await platform.bus.close();
    await platform.database.close();
  };
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  process.once('SIGINT', () => void close().then(() => process.exit(0)));
});
