import { domainEventsHandler } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { PeopleService } from './people.service';
import type { RestrictionsService } from './restrictions.service';

/** The users service's share of domain events (see eventSubscriptions). */
export function usersEventsHandler(
  people: PeopleService,
  restrictions: RestrictionsService,
  logger: AppLogger,
) {
  return domainEventsHandler('users', logger, {
    // The moderation service's word on a member's profile (issue 35).
    'moderation.item.changed': async (change, event) => {
      const changed = await people.applyModeration(change, new Date(event.occurredAt));
      logger.info(
        { kind: change.kind, itemId: change.itemId, state: change.state, changed },
        'moderation of a profile',
      );
    },
    // Who blocks whom (the moderation service's, issue 35): out of each other's directory.
    'member.block.changed': async (change, event) => {
      await people.applyBlock(change, new Date(event.occurredAt));
    },
    'profile.publication.changed': async (payload, event) => {
      const applied = await people.applyPublication(
        payload.userId,
        payload.publishedAnswers,
        payload.topics,
        new Date(event.occurredAt),
      );
      if (!applied)
        logger.debug(
          { eventId: event.id, userId: payload.userId },
          'publication event skipped (stale or unknown member)',
        );
    },
    'member.restriction.changed': async (payload, event) => {
      const applied = await restrictions.apply(payload, new Date(event.occurredAt));
      logger.info(
        {
          eventId: event.id,
          userId: payload.userId,
          suspendedUntil: payload.suspendedUntil,
          banned: payload.banned,
          applied,
        },
        applied
          ? 'account restriction applied'
          : 'account restriction skipped (stale or unknown member)',
      );
    },
  });
}
