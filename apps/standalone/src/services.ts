import type { ServiceApp } from '@mepedia/contracts';
import type { ServiceDefinition } from '@mepedia/server-platform';
import { circlesService } from '../../circles/src/circles.app';
import { moderationService } from '../../moderation/src/moderation.app';
import { feedMessagesService } from '../../feed-messages/src/feed-messages.app';
import { filesService } from '../../files/src/files.app';
import { meAnswersService } from '../../me-answers/src/me-answers.app';
import { notificationsService } from '../../notifications/src/notifications.app';
import { postsService } from '../../posts/src/posts.app';
import { privateQuestionsService } from '../../private-questions/src/private-questions.app';
import { reactionsService } from '../../reactions/src/reactions.app';
import { searchService } from '../../search/src/search.app';
import { siteService } from '../../site/src/site.app';
import { usersService } from '../../users/src/users.app';

/**
 * Every service's definition (its `<app>.app.ts`) under its name in the registry
 * (libs/contracts/src/services.json), in the order the standalone process starts them. A service
 * of the registry missing here fails the typecheck; services.spec.ts checks each sits under its
 * own name. (A static import per service, not one found by name at run time: the typecheck, Nx's
 * project graph and the Docker image's tracing of what an app loads all follow imports.)
 */
export const SERVICE_DEFINITIONS = {
  users: usersService,
  posts: postsService,
  'me-answers': meAnswersService,
  'private-questions': privateQuestionsService,
  'feed-messages': feedMessagesService,
  reactions: reactionsService,
  site: siteService,
  files: filesService,
  notifications: notificationsService,
  circles: circlesService,
  moderation: moderationService,
  search: searchService,
} satisfies Record<ServiceApp, ServiceDefinition>;

export const serviceDefinitions: readonly ServiceDefinition[] = Object.values(SERVICE_DEFINITIONS);
