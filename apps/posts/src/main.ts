import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createPostsApp } from './posts.app';
import { loadPostsOptions } from './posts.options';

// The posts service as its own process (services mode, Kubernetes).
runMain(async () => {
  const options = loadPostsOptions();
  await runServiceProcess('posts', (platform) => createPostsApp(platform, options));
});
