import type { FeedMessage } from '@mepedia/contracts';
import type { MessageRow } from './feed-messages.schema';

export function toFeedMessage(row: MessageRow): FeedMessage {
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
  };
}
