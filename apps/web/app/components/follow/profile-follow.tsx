import { FollowButton } from './follow-button';
import { FollowCounts } from './follow-counts';

/**
 * Following on a member's profile: their counts (links to the two lists) and the Follow button
 * (none on one's own profile; a guest's leads to registration). Needs the page's query cache,
 * where the loader put the counts (`followQueries.counts`).
 */
export function ProfileFollow({ member }: { member: { id: string; name: string } }) {
  return (
    <div className="follow-bar">
      <FollowCounts memberId={member.id} />
      <FollowButton member={member} />
    </div>
  );
}
