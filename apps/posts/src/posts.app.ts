import { join } from 'node:path';
import { runMigrations, type MigrationTarget } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { POSTS_SERVICE_NAME, PostsModule } from './posts.module';
import type { PostsOptions } from './posts.options';
import { recleanStoredContent } from './reclean';

export const POSTS_MIGRATIONS: MigrationTarget = {
  schema: POSTS_SERVICE_NAME,
  folder: join(__dirname, 'migrations'),
  // A stricter sanitizer policy reaches every stored post (issue 29: links left open).
  afterMigrations: async (db) => void (await recleanStoredContent(db)),
};

/** Migrate, then build the posts app (not yet listening). */
export async function createPostsApp(
  platform: ServicePlatform,
  options: PostsOptions,
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, POSTS_MIGRATIONS);
  return createHttpApp(PostsModule.register(platform, options), { logger: platform.logger });
}
