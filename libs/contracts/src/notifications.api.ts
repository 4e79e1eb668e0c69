import { EVENT_STREAM_TYPE, type ApiRoute, type ApiService } from './api-route';
import * as followSchemas from './follows';
import * as notificationSchemas from './notifications';
import {
  FOLLOWS_PAGE_MAX,
  FollowCounts,
  FollowCountsRequest,
  FollowListPage,
  FollowListRequest,
  FollowRequest,
  FollowState,
  FollowStates,
  FollowStatesRequest,
  FOLLOW_STATES_MAX,
} from './follows';
import {
  MarkAllReadRequest,
  MarkReadRequest,
  NOTIFICATIONS_PAGE_MAX,
  NotificationListRequest,
  NotificationPage,
  NotificationStream,
  UnreadCount,
} from './notifications';

const MEMBER =
  'Only a verified member who has not left can be followed or listed: any other id (unknown, malformed, still being verified, departed) answers USER_NOT_FOUND, as their profile does.';
const IDEMPOTENT =
  'Idempotent: the answer is the state after the call and the member’s counts, whether or not it changed anything.';
const PUBLIC =
  'Public, as the member’s profile is: guests may read it too. A member’s follow lists show only members who may be seen (verified, not departed).';
const BLOCKS =
  'A signed-in caller is not shown anyone a block stands between them and, either way; the counts stay everyone’s (our addition, issue 35).';
const LIST = `Newest follow first, by keyset (\`nextCursor\`), at most ${FOLLOWS_PAGE_MAX} a page. Each item carries the member’s name and picture as the notifications service last heard them.`;

const OWN =
  'Always the signed-in caller’s own notifications: no call names another member’s, and another member’s group id answers as one that does not exist.';
const GROUPS =
  'One group per thing done to one thing of the caller’s (all reactions on one post, all comments on one answer, the day’s new followers…), with its latest actors and their count. Never about the caller’s own actions, nor about anything the caller may not read; a comment, post or like taken back, or a member who left, takes its part along; nothing by someone a block stands between the caller and, either way, is shown (our addition, issue 35).';

export const notificationsRoutes = {
  follow: {
    method: 'POST',
    path: '/api/follows/follow',
    rate: ['reactions'],
    summary: 'Follow a member',
    description: `${IDEMPOTENT} ${MEMBER} Following oneself is refused (CANNOT_FOLLOW_SELF), and so is following a member where a block stands between the two, either way (MEMBER_BLOCKED, our addition, issue 35: the block ended any follow between them; unfollowing is always allowed).`,
    auth: 'member',
    body: FollowRequest,
    status: 200,
    response: FollowState,
    errors: ['USER_NOT_FOUND', 'CANNOT_FOLLOW_SELF', 'MEMBER_BLOCKED'],
  },
  unfollow: {
    method: 'POST',
    path: '/api/follows/unfollow',
    rate: ['reactions'],
    summary: 'Stop following a member',
    description: `${IDEMPOTENT} ${MEMBER}`,
    auth: 'member',
    whileSuspended: true,
    body: FollowRequest,
    status: 200,
    response: FollowState,
    errors: ['USER_NOT_FOUND', 'CANNOT_FOLLOW_SELF'],
  },
  getFollowers: {
    method: 'POST',
    path: '/api/follows/getFollowers',
    summary: 'The members who follow a member',
    description: `${LIST} ${PUBLIC} ${BLOCKS} ${MEMBER}`,
    auth: 'anyone',
    body: FollowListRequest,
    status: 200,
    response: FollowListPage,
    errors: ['USER_NOT_FOUND', 'INVALID_CURSOR'],
  },
  getFollowing: {
    method: 'POST',
    path: '/api/follows/getFollowing',
    summary: 'The members a member follows',
    description: `${LIST} ${PUBLIC} ${BLOCKS} ${MEMBER}`,
    auth: 'anyone',
    body: FollowListRequest,
    status: 200,
    response: FollowListPage,
    errors: ['USER_NOT_FOUND', 'INVALID_CURSOR'],
  },
  getFollowCounts: {
    method: 'POST',
    path: '/api/follows/getFollowCounts',
    summary: 'How many follow a member, how many they follow, and whether the caller does',
    description: `${PUBLIC} ${MEMBER}`,
    auth: 'anyone',
    body: FollowCountsRequest,
    status: 200,
    response: FollowCounts,
    errors: ['USER_NOT_FOUND'],
  },
  getFollowStates: {
    method: 'POST',
    path: '/api/follows/getFollowStates',
    summary: 'The counts of several members at once, and whether the caller follows each',
    description: `For a page of people cards: one call instead of one getFollowCounts per card, answered in one query. ${PUBLIC} Up to ${FOLLOW_STATES_MAX} ids; each member who may be followed is answered once, in the order asked, and any other id (unknown, malformed, still being verified, departed) is left out rather than refused, as getMembersByIds does. \`followedByMe\` is the caller’s (false for a guest).`,
    auth: 'anyone',
    body: FollowStatesRequest,
    status: 200,
    response: FollowStates,
    errors: [],
  },
  getNotifications: {
    method: 'POST',
    path: '/api/notifications/getNotifications',
    summary: 'The caller’s notifications, grouped, the latest changed first',
    description: `${OWN} ${GROUPS} By keyset (\`nextCursor\`), at most ${NOTIFICATIONS_PAGE_MAX} a page; each page carries the unread count and its stamp.`,
    auth: 'member',
    body: NotificationListRequest,
    status: 200,
    response: NotificationPage,
    errors: ['INVALID_CURSOR'],
  },
  getUnreadCount: {
    method: 'POST',
    path: '/api/notifications/getUnreadCount',
    summary: 'How many of the caller’s notification groups are unread',
    description: `No body. ${OWN} For the bell; the stream carries the same count as it changes.`,
    auth: 'member',
    status: 200,
    response: UnreadCount,
    errors: [],
  },
  markRead: {
    method: 'POST',
    path: '/api/notifications/markRead',
    rate: ['reactions'],
    summary: 'Mark one notification group read',
    description: `${OWN} Idempotent; the answer is the unread count after it. An id that is not one of the caller’s groups (another member’s, gone, malformed) answers NOTIFICATION_NOT_FOUND, alike.`,
    auth: 'member',
    whileSuspended: true,
    body: MarkReadRequest,
    status: 200,
    response: UnreadCount,
    errors: ['NOTIFICATION_NOT_FOUND'],
  },
  markAllRead: {
    method: 'POST',
    path: '/api/notifications/markAllRead',
    rate: ['reactions'],
    summary: 'Mark all the caller’s notification groups read',
    description: `${OWN} Up to \`upTo\` (a stamp the caller saw) when given, so what arrived since stays unread; a stamp the service did not make answers INVALID_CURSOR. The answer is the unread count after it.`,
    auth: 'member',
    whileSuspended: true,
    body: MarkAllReadRequest,
    status: 200,
    response: UnreadCount,
    errors: ['INVALID_CURSOR'],
  },
  notificationStream: {
    method: 'GET',
    path: '/api/notifications/stream',
    summary: 'The caller’s notifications as they happen (server-sent events)',
    description: `${OWN} A \`text/event-stream\`: \`notification\` (a new or changed group, a \`NotificationItem\`), \`removed\` (\`{ id }\`: a group that went), \`unread\` (\`UnreadCount\`: on connect and after every change) and \`reset\` (\`{}\`: read the list again). Each event’s \`id\` is the version up to which everything was sent; reconnecting with \`Last-Event-ID\` (or \`?lastEventId=\`) first sends \`reset\` (removals are not replayed), then the groups changed after it if they are at most 50 (one changed in the seconds before it may come again: replace it by \`id\`). Heartbeat comments every 20 s; the stream ends after 5 minutes and the browser reconnects (the session is checked again then). The gateway lets it stay open; see docs/operations.md for the Ingress.`,
    auth: 'member',
    produces: [EVENT_STREAM_TYPE],
    status: 200,
    response: NotificationStream,
    errors: [],
  },
} as const satisfies Record<string, ApiRoute>;

export const notificationsApi: ApiService = {
  service: 'notifications',
  title: 'Notifications and following',
  description:
    'Following members (our addition, issue 32): follow, unfollow, the counts (one member’s or a page’s) and the lists. Notifications (our addition, issue 32): the caller’s grouped notifications, the unread count, marking read, and a stream of server-sent events. Rules and choices: docs/api/notifications.md.',
  schemas: { ...followSchemas, ...notificationSchemas },
  routes: Object.values(notificationsRoutes),
};
