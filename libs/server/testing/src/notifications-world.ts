import { randomBytes, randomUUID } from 'node:crypto';
import type { Audience, DomainEventPayload, DomainEventType } from '@mepedia/contracts';
import { eventually } from './eventually';
import { newMember, type TestMember as Member } from './factories';
import { testEnvelope as envelope } from './service-app';

/** Where a notifications test reaches the service: its events queue and its database. */
export type NotificationsPorts = {
  queue: {
    add(
      queue: 'events-notifications',
      name: string,
      data: unknown,
      options: { jobId: string },
    ): Promise<void>;
  };
  database: { count(statement: string, params: unknown[]): Promise<number> };
};

/**
 * The domain events a notifications test plays, delivered to the service's events queue as the
 * worker hands them on, each waited for until the service applied it: members as the users
 * service announces them, posts, comments and reactions.
 */
export function notificationsWorld(service: () => NotificationsPorts) {
  const count = (statement: string, params: unknown[]) =>
    service().database.count(statement, params);

  /** Wait until the service applied an event (each is applied once, and noted). */
  const applied = (event: { id: string; type: string }) =>
    eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.notification_events where event_id = $1',
          [event.id],
        )) > 0
          ? true
          : undefined,
      { what: `${event.type} applied` },
    );

  /** Deliver an event and wait until it is applied (a member's word: until their row is there). */
  const deliver = async <T extends DomainEventType>(
    type: T,
    payload: DomainEventPayload<T>,
    at = new Date(),
  ) => {
    const event = envelope(type, payload, at);
    await service().queue.add('events-notifications', event.type, event, { jobId: event.id });
    if (type !== 'user.updated') await applied(event);
    return event;
  };

  /** A verified member the service knows, by name, with an address (`<id>@example.com`). */
  const known = async (fullname: string, language: 'en' | 'he' = 'en'): Promise<Member> => {
    const who = newMember({ language });
    await deliver('user.updated', {
      userId: who.userId,
      firstname: fullname.split(' ')[0] ?? fullname,
      lastname: fullname.split(' ')[1] ?? '',
      fullname,
      language,
      profileImage: null,
      email: addressOf(who),
    });
    await eventually(
      async () =>
        (await count(
          'select count(*)::int as n from notifications.email_digests where user_id = $1',
          [who.userId],
        )) > 0
          ? true
          : undefined,
      { what: 'the member, known with their digests' },
    );
    return who;
  };

  const published = async (
    owner: Member,
    title = 'Where I come from',
    privacy: Audience = 'public',
    postId: string = randomUUID(),
  ) => {
    await deliver('post.published', {
      postId,
      publisherId: owner.userId,
      title,
      excerpt: 'I was born by the sea.',
      privacy,
      createdAt: new Date().toISOString(),
    });
    return postId;
  };

  /** A comment (a reply when `parentId` names one, by `parentAuthor`) on a post or answer. */
  const comment = async (
    author: Member,
    subjectId: string,
    options: { parentId?: string; parentAuthor?: Member; excerpt?: string; at?: Date } = {},
  ) => {
    const messageId = randomBytes(12).toString('hex');
    await deliver(
      'feedMessage.changed',
      {
        messageId,
        subjectId,
        deleted: false,
        comment: {
          authorId: author.userId,
          parentId: options.parentId ?? null,
          parentAuthorId: options.parentAuthor?.userId ?? null,
          roomId: subjectId,
          excerpt: options.excerpt ?? 'What a story!',
        },
      },
      options.at,
    );
    return messageId;
  };

  /** A reaction on a post (`on: false` takes it back). */
  const react = (who: Member, objectId: string, reaction: string, on = true, at?: Date) =>
    deliver(
      'reaction.changed',
      { kind: 'post', objectId, subjectId: objectId, userId: who.userId, reaction, on },
      at,
    );

  /** A like of a post (posts' own), or taken back; at `at` (its `occurredAt`, now by default). */
  const like = (who: Member, postId: string, owner: Member, liked = true, at?: Date) =>
    deliver(
      'post.like.changed',
      { postId, userId: who.userId, liked, publisherId: owner.userId },
      at,
    );

  return { deliver, applied, known, published, comment, react, like, count };
}

/** The address a known member has in these tests. */
export const addressOf = (who: Member) => `${who.userId}@example.com`;
