import { useBlockState } from './block-controls';
import { FollowButton } from './follow-button';
import { FollowCounts } from './follow-counts';

/**
 * Following on a member's profile: their counts (links to the two lists) and the Follow button
 * (none on one's own profile; a guest's leads to registration). Needs the page's query cache,
 * where the loader put the counts (`followQueries.counts`). A member the reader blocks cannot be
 * followed (issue 35: the block ended any follow between them), so the button goes while the
 * block stands and comes back with Unblock.
 */
export function ProfileFollow({ member }: { member: { id: string; name: string } }) {
  const blocked = useBlockState(member.id)?.blocked ?? false;
  return (
    <div className="follow-bar">
      <FollowCounts memberId={member.id} />
      {!blocked && <FollowButton member={member} />}
    </div>
  );
}
