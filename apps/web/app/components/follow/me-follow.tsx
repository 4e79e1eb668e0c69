import { followMessages, registerMessages } from '@mepedia/web-i18n';
import { QueryProvider } from '../query/query-provider';
import { FollowButton } from './follow-button';

registerMessages(followMessages);

/**
 * The Follow button on another member's self-interview (`routes/me.tsx`). That page keeps no
 * query cache and loads no query library, so this part (the button, its strings and the cache)
 * is its own import, fetched once the page is up and only for a signed-in reader who is not the
 * member; the button reads the member's counts itself (one call).
 */
export default function MeFollow({ member }: { member: { id: string; name: string } }) {
  return (
    <QueryProvider>
      <FollowButton member={member} className="me-follow" />
    </QueryProvider>
  );
}
