import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { SearchIndex } from './search-index';
import type { SearchService } from './search.service';

/**
 * The search service's share of domain events (ADR 11): the items as their services announce
 * them (`searchable.changed`: members too, whose documents give the bylines), and who may find
 * what: circles, blocks, moderation's word, members who left. Every write keeps the newest word by the event's
 * `occurredAt`, so replays and reordering converge.
 */
export function searchEventsHandler(index: SearchIndex, search: SearchService, logger: AppLogger) {
  const at = (event: { occurredAt: string }) => new Date(event.occurredAt);
  return domainEventsHandler('search', logger, {
    'searchable.changed': (item, event) => search.indexItem(item, at(event)),
    'user.deleted': removeDeletedMember(logger, 'documents', (userId) =>
      index.removeMember(userId),
    ),
    'circle.member.added': ({ ownerId, memberId }, event) =>
      index.applyCircle({ ownerId, memberId, inCircle: true, occurredAt: at(event) }),
    'circle.member.removed': ({ ownerId, memberId }, event) =>
      index.applyCircle({ ownerId, memberId, inCircle: false, occurredAt: at(event) }),
    'moderation.item.changed': (word, event) =>
      index.applyModeration({ ...word, occurredAt: at(event) }),
    'member.block.changed': (change, event) =>
      index.applyBlock({ ...change, occurredAt: at(event) }),
  });
}
