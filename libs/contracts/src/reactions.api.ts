import type { ApiRoute, ApiService } from './api-route';
import * as schemas from './reactions';
import {
  FillLottiesRequest,
  LIKED_BY_CURRENT_USER_MAX,
  LikedByCurrentUserRequest,
  LikedByCurrentUserResponse,
  LottiesState,
  REACTION_COLLECTIONS,
  REACTION_NAMES,
  ToggleLottieRequest,
  ToggleLottieResponse,
  ToggleUserLikeRequest,
  ToggleUserLikeResponse,
  ToggleViewRequest,
  ToggleViewResponse,
} from './reactions';

const SUBJECT =
  'On a post or me answer: only one that exists and that the caller may read (a private one is its author’s alone); anyone else gets the subject’s own 404, POST_NOT_FOUND or ANSWER_NOT_FOUND, as the post or answer itself answers.';
const SUBJECT_ERRORS: ApiRoute['errors'] = ['POST_NOT_FOUND', 'ANSWER_NOT_FOUND'];

const POSTS_OWN =
  'For `collectionName: "posts"` this is the post’s own like and view count, the one `PUT /api/posts/like`, `posts/updatePostViews` and `getPostById` use: one state whichever call sets it, shared within moments by events. Clients should prefer the posts calls for posts.';

const TOGGLE =
  'A toggle: on when off, off when on. Calls at once by one member take turns, so the state and the count always agree however many there are.';

const BLOCKED =
  'Where a block stands between the caller and the object’s owner (the post’s or answer’s owner, the profile’s member, the comment’s author), either way, one given is refused: MEMBER_BLOCKED, or MESSAGE_NOT_FOUND for a comment (not shown to them); taking one back is always allowed (our addition, issue 35).';
const REACT_ERRORS: ApiRoute['errors'] = [...SUBJECT_ERRORS, 'MEMBER_BLOCKED'];

export const reactionsRoutes = {
  toggleLike: {
    method: 'POST',
    path: '/api/userLikes/toggleLike',
    rate: ['reactions'],
    summary: 'Like an object, or take the like back',
    description: `${TOGGLE} The answer is the caller’s like after the call and the object’s count of members who like it. ${SUBJECT} ${BLOCKED} ${POSTS_OWN}`,
    auth: 'member',
    guestError: 'MUST_BE_LOGGED_IN',
    body: ToggleUserLikeRequest,
    status: 200,
    response: ToggleUserLikeResponse,
    errors: REACT_ERRORS,
  },
  getLikedByCurrentUser: {
    method: 'POST',
    path: '/api/userLikes/getLikedByCurrentUser',
    summary: 'The objects of a collection the caller likes',
    description: `Always the caller’s own likes (\`userId\` is ignored), the most recent first, at most ${LIKED_BY_CURRENT_USER_MAX}. With \`post\` (an object id), only whether the caller likes that one: \`[post]\` or \`[]\`. Likes of a post or me answer the caller may no longer read (made private, deleted) are left out.`,
    auth: 'member',
    body: LikedByCurrentUserRequest,
    status: 200,
    response: LikedByCurrentUserResponse,
    errors: [],
  },
  toggleView: {
    method: 'POST',
    path: '/api/userViews/toggleView',
    rate: ['counters'],
    summary: 'Count a view',
    description: `Despite the name, never a toggle: a view counts once per viewer, the signed-in member or else the browser’s visitor id (the gateway’s cookie). A guest without a visitor id, or a crawler’s user agent, counts nothing and gets the count (\`counted: false\`). ${SUBJECT} ${POSTS_OWN}`,
    auth: 'anyone',
    body: ToggleViewRequest,
    status: 200,
    response: ToggleViewResponse,
    errors: SUBJECT_ERRORS,
    reads: ['visitor'],
  },
  toggleLottie: {
    method: 'POST',
    path: '/api/lotties/toggleLike',
    rate: ['reactions'],
    summary: 'Leave a reaction on an object, or take it back',
    description: `${TOGGLE} A member may leave several of the reactions (${REACTION_NAMES.join(', ')}) on one object, each once. The answer is the object’s counts, the caller’s own reactions, and whether \`name\` is now one of them. ${SUBJECT} ${BLOCKED}`,
    auth: 'member',
    guestError: 'MUST_BE_LOGGED_IN',
    body: ToggleLottieRequest,
    status: 200,
    response: ToggleLottieResponse,
    errors: REACT_ERRORS,
  },
  fillLotties: {
    method: 'POST',
    path: '/api/lotties/fillLotties',
    summary: 'An object’s reaction counts, and the caller’s own reactions',
    description: `Every reaction has a count (0 for none). A guest’s \`mine\` is empty. ${SUBJECT}`,
    auth: 'anyone',
    body: FillLottiesRequest,
    status: 200,
    response: LottiesState,
    errors: SUBJECT_ERRORS,
  },
} as const satisfies Record<string, ApiRoute>;

export const reactionsApi: ApiService = {
  service: 'reactions',
  title: 'Likes, views and reactions',
  description: `Likes, views and reactions (“lotties”) of objects other services own, by \`collectionName\` (${REACTION_COLLECTIONS.join(', ')}) and \`objectId\`. Counts are exact. Posts and me answers are reacted to, and counted, only where the caller may read them; comments and members are not looked up. Rules and choices: docs/api/reactions.md.`,
  schemas,
  routes: Object.values(reactionsRoutes),
};
