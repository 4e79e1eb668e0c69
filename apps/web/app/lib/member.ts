import type { CurrentUser, Language } from '@mepedia/contracts';
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
};

export function memberView(user: CurrentUser): MemberView {
  return {
    id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    fullname: user.fullname,
    image: resolveProfileImage(user),
    language: user.language,
  };
}
