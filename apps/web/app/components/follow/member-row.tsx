import type { FollowListItem } from '@mepedia/contracts';
import { textLang } from '../../lib/text-lang';
import { Avatar } from '../avatar';
import { LocalizedLink } from '../localized-link';
import { FollowButton } from './follow-button';

/**
 * A member in a follow list: picture, name (a link to their profile) and the Follow button
 * (`batched`: the list reads its rows' follow states in one call, `followQueries.states`).
 */
export function MemberRow({ member, batched }: { member: FollowListItem; batched?: boolean }) {
  return (
    <article className="member-row">
      <Avatar name={member.fullname} image={member.profileImage} size="sm" />
      <LocalizedLink
        to={`/profile/${member.userId}`}
        className="member-row-name"
        dir="auto"
        lang={textLang(member.fullname)}
      >
        {member.fullname}
      </LocalizedLink>
      <FollowButton member={{ id: member.userId, name: member.fullname }} batched={batched} />
    </article>
  );
}
