import type { FeedMessage } from '@mepedia/contracts';
import type { ItemModeration } from '@mepedia/server-database';
import type { ShownMessageRow } from './feed-messages.repository';
import type { MessageRow } from './feed-messages.schema';

/**
 * A message as its author, or anyone who may read it, is shown it; `moderation` (issue 35), held
 * or removed, is named only to its author (nobody else is shown such a message).
 */
export function toFeedMessage(
  row: MessageRow,
  moderation?: Pick<ItemModeration, 'state' | 'caseId'>,
): FeedMessage {
  const own =
    moderation !== undefined && moderation.state !== 'visible'
      ? { moderation: { state: moderation.state, caseId: moderation.caseId } }
      : {};
  return {
    messageId: row.id,
    feedRoomId: row.roomId,
    postId: row.postId,
    parentMessageId: row.parentId,
    authorId: row.authorId,
    message: row.text,
    tag: row.tag,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    likes: row.likes,
    repliesCount: row.repliesCount,
    deleted: row.deleted,
    ...own,
  };
}

/**
 * A message of a page as its reader is shown it: deleted, or withheld from them by moderation
 * (issue 35), a placeholder (no author, words, tag or likes: the same as a deleted one, so
 * nothing tells the two apart); with the replies they may read as its `repliesCount`.
 */
export function toShownMessage(row: ShownMessageRow): FeedMessage {
  const repliesCount = row.visibleReplies;
  if (row.deleted || row.hiddenFromReader)
    return {
      ...toFeedMessage(row),
      authorId: null,
      message: null,
      tag: null,
      editedAt: null,
      likes: 0,
      repliesCount,
      deleted: true,
    };
  const moderation =
    row.moderation === null || row.moderationCaseId === null
      ? undefined
      : { state: row.moderation, caseId: row.moderationCaseId };
  return { ...toFeedMessage(row, moderation), repliesCount };
}
