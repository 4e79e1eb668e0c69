import type { CurrentUser, Language, MemberRole, SessionUser } from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';

/**
 * What the pages show of the signed-in member, and so all that goes into the HTML and the
 * loader data: never email, phone, birthdate or the rest of the account. A page that needs
 * more (settings) asks the API for it from the browser.
 */
export type MemberView = {
  id: string;
  firstname: string;
  lastname: string;
  fullname: string;
  image: string | null;
  language: Language;
  /** Their roles (issue 35): `moderator`, `admin`; most members have none. */
  roles: MemberRole[];
  /** While they are suspended, until when (ISO 8601): the site hides what would fail. */
  suspendedUntil: string | null;
};

export function memberView(
  user: CurrentUser & Partial<Pick<SessionUser, 'roles' | 'suspendedUntil'>>,
): MemberView {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    fullname: user.fullname,
    image: resolveProfileImage(user),
    language: user.language,
    roles: user.roles ?? [],
    suspendedUntil: user.suspendedUntil ?? null,
  };
}
