import type { Api } from '@mepedia/web-api';
import type { DiscussionStart } from './discussion';

/**
 * A discussion's first page for the server render: its comments, how many messages it has, and
 * who wrote them (one call for all the names). Null when the comments cannot be read right now:
 * the page still shows, with a way to try again.
 */
export async function loadDiscussion(api: Api, roomId: string): Promise<DiscussionStart> {
  try {
    // The page carries the room's count too: one call, one privacy check.
    const page = await api.feedMessages.getMessages(roomId);
    const ids = [
      ...new Set(page.messages.flatMap((message) => (message.authorId ? [message.authorId] : []))),
    ];
    const authors =
      ids.length === 0
        ? []
        : await api.users
            .getMembersByIds(ids)
            .then((answer) => answer.members)
            .catch(() => []);
    return { page, authors };
  } catch {
    return null;
  }
}
