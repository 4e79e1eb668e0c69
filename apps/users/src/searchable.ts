import { resolveProfileImage, type DomainEventPayload } from '@mepedia/contracts';
import { isPublicMember } from './users.access';
import { fullname } from './users.mapper';
import type { UserRow } from './users.schema';

// A member as the search service indexes them (searchable.changed, kind `person`, issue 36, ADR
// 11): pure, for the changes that alter it and for migration 0011, which says the same in SQL.

type Person = DomainEventPayload<'searchable.changed'>;

/**
 * searchable.changed of a member as `row` has them: their full name, their motto and about
 * (each on a line, empty when neither), the picture people see (the cropped one, else the
 * whole: resolveProfileImage, as on their card), `public` while the people directory lists them
 * (a public answer: published_answers > 0) and otherwise `private` (found by themselves alone),
 * and when their profile went public, or the account was made while it never has (their card's
 * date, toPersonCard). Moderation is the search service's own to apply, as it is the directory's
 * here. Undefined for an account still being verified: it is nobody's to find.
 */
export function searchablePerson(row: UserRow): Person | undefined {
  if (!isPublicMember(row)) return undefined;
  return {
    kind: 'person',
    id: row.id,
    ownerId: row.id,
    audience: row.publishedAnswers > 0 ? 'public' : 'private',
    title: fullname(row),
    text: [row.moto, row.aboutMe].filter((part) => part !== null && part !== '').join('\n'),
    image: resolveProfileImage(row),
    createdAt: (row.publishedAt ?? row.createdAt).toISOString(),
    deleted: false,
  };
}

/**
 * searchable.changed of the member as `after` has them, when the search service would show
 * anything other than as `before` had them (or they were not verified before): none for a
 * change it does not show (a phone, a language, a link, the same name sent again).
 */
export function personChange(before: UserRow | undefined, after: UserRow): Person | undefined {
  const now = searchablePerson(after);
  if (!now) return undefined;
  const was = before && searchablePerson(before);
  return was && JSON.stringify(was) === JSON.stringify(now) ? undefined : now;
}
