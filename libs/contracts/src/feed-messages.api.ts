import type { ApiRoute, ApiService } from './api-route';
import { FEED_MESSAGE_COUNTS_MAX, FEED_MESSAGE_MAX, FEED_MESSAGES_PAGE_SIZE } from './feed-limits';
import * as schemas from './feed-messages';
import {
  DeleteFeedMessageResponse,
  EditFeedMessageRequest,
  FeedMessage,
  FeedMessageCounts,
  FeedMessageId,
  FeedMessagesCount,
  FeedMessagesPage,
  FeedObjectId,
  GetFeedMessageCountsRequest,
  GetFeedMessagesRequest,
  LikeFeedMessageRequest,
  LikeFeedMessageResponse,
  SendFeedMessageRequest,
} from './feed-messages';

export const feedMessagesRoutes = {
  sendMessage: {
    method: 'POST',
    path: '/api/feedMessages/sendMessage',
    rate: ['comments'],
    summary: 'Comment on a post or me answer, or reply to a comment',
    description: `Plain text, 1 to ${FEED_MESSAGE_MAX} characters once cleaned. With \`parentMessageId\`, a reply; a reply to a reply joins the top-level thread (its \`parentMessageId\` is the top-level message). The parent must exist, not be deleted (MESSAGE_NOT_FOUND) and be in the same room (VALIDATION_FAILED on \`parentMessageId\`). When the room or \`postId\` is a private post or me answer, only its author may write: anyone else gets DISCUSSION_NOT_FOUND. \`postId\` must be a post or me answer that exists: one deleted or never made is DISCUSSION_NOT_FOUND (one made a moment ago is taken). Where a block stands between the caller and the post’s or answer’s owner, either way: MEMBER_BLOCKED; a parent by someone a block stands between the caller and is not shown to them, and is MESSAGE_NOT_FOUND (our addition, issue 35). A guest gets MUST_BE_LOGGED_IN.`,
    auth: 'member',
    guestError: 'MUST_BE_LOGGED_IN',
    body: SendFeedMessageRequest,
    status: 201,
    response: FeedMessage,
    errors: ['MESSAGE_NOT_FOUND', 'DISCUSSION_NOT_FOUND', 'MEMBER_BLOCKED'],
  },
  editMessage: {
    method: 'PUT',
    path: '/api/feedMessages/editMessage',
    rate: ['comments'],
    summary: 'Change the text (and tag) of one’s own message',
    description:
      'Sets `editedAt`. Another member’s message: NOT_MESSAGE_AUTHOR; unknown or deleted: MESSAGE_NOT_FOUND; in the discussion of a post or me answer that is now private to someone else: DISCUSSION_NOT_FOUND (the message can still be deleted).',
    auth: 'owner',
    owns: 'the message',
    body: EditFeedMessageRequest,
    status: 200,
    response: FeedMessage,
    errors: ['MESSAGE_NOT_FOUND', 'NOT_MESSAGE_AUTHOR', 'DISCUSSION_NOT_FOUND'],
  },
  getMessages: {
    method: 'POST',
    path: '/api/feedMessages/getMessages',
    summary: 'A page of a room’s messages, or of a thread’s replies',
    description: `${FEED_MESSAGES_PAGE_SIZE} a page from \`skip\`. Top-level messages newest first by default, replies oldest first. A deleted message with replies stays as a placeholder (\`deleted\`, no text, no author). \`total\` counts the whole list. \`likedByMe\` lists the page’s messages the caller likes (empty for a guest). A private post’s or me answer’s discussion is its author’s alone: anyone else gets DISCUSSION_NOT_FOUND. A message by someone a block stands between the caller and (either way) is left out, or a placeholder where it has replies they may read, and \`repliesCount\` counts the replies they may read (our addition, issue 35).`,
    auth: 'anyone',
    body: GetFeedMessagesRequest,
    status: 200,
    response: FeedMessagesPage,
    errors: ['DISCUSSION_NOT_FOUND'],
  },
  getNumberOfMessages: {
    method: 'GET',
    path: '/api/feedMessages/getNumberOfMessages/{id}',
    summary: 'How many messages a room has',
    description:
      'Replies included, placeholders of deleted messages not. Exact. A private post’s or me answer’s room: DISCUSSION_NOT_FOUND to anyone but its author.',
    auth: 'anyone',
    params: { id: FeedObjectId.describe('The room (by default the post or me answer) id.') },
    status: 200,
    response: FeedMessagesCount,
    errors: ['VALIDATION_FAILED', 'DISCUSSION_NOT_FOUND'],
  },
  getMessageCounts: {
    method: 'POST',
    path: '/api/feedMessages/getMessageCounts',
    rate: ['counters'],
    summary: 'How many messages each of a list’s rooms has (our addition)',
    description: `Up to ${FEED_MESSAGE_COUNTS_MAX} room ids in one call, counted as getNumberOfMessages counts one (replies included, placeholders not), in one query. The same access decision as getNumberOfMessages, per id: a room it would refuse (a private post’s or me answer’s to anyone but its author, an id that is no post or answer) is left out of \`counts\` rather than failing the list. An id asked twice is counted once. More ids, or ids that are not ids: VALIDATION_FAILED.`,
    auth: 'anyone',
    body: GetFeedMessageCountsRequest,
    status: 200,
    response: FeedMessageCounts,
    errors: [],
  },
  like: {
    method: 'PUT',
    path: '/api/feedMessages/like',
    rate: ['reactions'],
    summary: 'Like a message, or take the like back',
    description:
      'A toggle: on when off, off when on. Calls at once by one member take turns, so the state and the count always agree. Unknown or deleted message, or one by someone a block stands between the caller and (our addition): MESSAGE_NOT_FOUND; a message in a private post’s or me answer’s discussion, for anyone but its author: DISCUSSION_NOT_FOUND. A guest gets MUST_BE_LOGGED_IN.',
    auth: 'member',
    guestError: 'MUST_BE_LOGGED_IN',
    body: LikeFeedMessageRequest,
    status: 200,
    response: LikeFeedMessageResponse,
    errors: ['MESSAGE_NOT_FOUND', 'DISCUSSION_NOT_FOUND'],
  },
  deleteMessage: {
    method: 'DELETE',
    path: '/api/feedMessages/deleteMessage/{id}/{id2}',
    rate: ['comments'],
    summary: 'Delete one’s own message',
    description:
      'A top-level message with replies stays as a placeholder (no text, author, tag or likes) so the thread still reads; any other message goes with its likes, and a placeholder whose last reply goes goes too. `id2` must be the message’s room id or post id, else MESSAGE_NOT_FOUND. Another member’s message: NOT_MESSAGE_AUTHOR.',
    auth: 'owner',
    owns: 'the message',
    params: {
      id: FeedMessageId,
      id2: FeedObjectId.describe('The message’s room id (or its post id).'),
    },
    status: 200,
    response: DeleteFeedMessageResponse,
    errors: ['VALIDATION_FAILED', 'MESSAGE_NOT_FOUND', 'NOT_MESSAGE_AUTHOR'],
  },
} as const satisfies Record<string, ApiRoute>;

export const feedMessagesApi: ApiService = {
  service: 'feed-messages',
  title: 'Comments (feed messages)',
  description:
    'Comments on posts and me answers, with one level of replies, listed by room (by default the post or me answer id). Plain text only. Anyone reads, and members write and like, except in the discussion of a private post or me answer, which is its author’s alone; authors edit and delete their own. Rules and choices: docs/api/feed-messages.md.',
  schemas,
  routes: Object.values(feedMessagesRoutes),
};
