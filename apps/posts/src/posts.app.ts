import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { PostsModule } from './posts.module';
import { loadPostsOptions } from './posts.options';
import { recleanStoredContent } from './reclean';
import { announceBacklogToSearch } from './search-backlog';

/** The posts service: members' posts, their lists, likes and views, and translation. */
export const postsService = defineService({
  name: 'posts',
  migrations: {
    folder: join(__dirname, 'migrations'),
    afterMigrations: async (db) => {
      // A stricter sanitizer policy reaches every stored post (issue 29: links left open).
      await recleanStoredContent(db);
      // The posts from before the search service, announced to it once (issue 36), as cleaned.
      await announceBacklogToSearch(db);
    },
  },
  loadOptions: loadPostsOptions,
  module: (platform, options) => PostsModule.register(platform, options),
});

export const POSTS_MIGRATIONS = postsService.migrations;
/** Migrate, then build the posts app (not yet listening). */
export const createPostsApp = postsService.createApp;
