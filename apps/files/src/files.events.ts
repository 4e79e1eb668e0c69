import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FilesService } from './files.service';

/** The files service's share of domain events: members who leave take their images along. */
export function filesEventsHandler(service: FilesService, logger: AppLogger) {
  return domainEventsHandler('files', logger, {
    'user.deleted': removeDeletedMember(logger, 'images', (userId) => service.removeMember(userId)),
  });
}
