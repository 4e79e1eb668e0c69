import type { ApiRoute, ApiService } from './api-route';
import * as schemas from './follows';
import {
  FOLLOWS_PAGE_MAX,
  FollowCounts,
  FollowCountsRequest,
  FollowListPage,
  FollowListRequest,
  FollowRequest,
  FollowState,
} from './follows';

const MEMBER =
  'Only a verified member who has not left can be followed or listed: any other id (unknown, malformed, still being verified, departed) answers USER_NOT_FOUND, as their profile does.';
const IDEMPOTENT =
  'Idempotent: the answer is the state after the call and the member’s counts, whether or not it changed anything.';
const PUBLIC =
  'Public, as the member’s profile is: guests may read it too. A member’s follow lists show only members who may be seen (verified, not departed).';
const LIST = `Newest follow first, by keyset (\`nextCursor\`), at most ${FOLLOWS_PAGE_MAX} a page. Each item carries the member’s name and picture as the notifications service last heard them.`;

export const notificationsRoutes = {
  follow: {
    method: 'POST',
    path: '/api/follows/follow',
    rate: ['reactions'],
    summary: 'Follow a member',
    description: `${IDEMPOTENT} ${MEMBER} Following oneself is refused (CANNOT_FOLLOW_SELF).`,
    auth: 'member',
    body: FollowRequest,
    status: 200,
    response: FollowState,
    errors: ['USER_NOT_FOUND', 'CANNOT_FOLLOW_SELF'],
  },
  unfollow: {
    method: 'POST',
    path: '/api/follows/unfollow',
    rate: ['reactions'],
    summary: 'Stop following a member',
    description: `${IDEMPOTENT} ${MEMBER}`,
    auth: 'member',
    body: FollowRequest,
    status: 200,
    response: FollowState,
    errors: ['USER_NOT_FOUND', 'CANNOT_FOLLOW_SELF'],
  },
  getFollowers: {
    method: 'POST',
    path: '/api/follows/getFollowers',
    summary: 'The members who follow a member',
    description: `${LIST} ${PUBLIC} ${MEMBER}`,
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
    description: `${LIST} ${PUBLIC} ${MEMBER}`,
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
} as const satisfies Record<string, ApiRoute>;

export const notificationsApi: ApiService = {
  service: 'notifications',
  title: 'Notifications and following',
  description:
    'Following members (our addition, issue 32): follow, unfollow, the counts and the lists. Rules and choices: docs/api/notifications.md.',
  schemas,
  routes: Object.values(notificationsRoutes),
};
