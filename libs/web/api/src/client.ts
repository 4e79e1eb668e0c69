import type {
  AnswerData,
  AnswerPrivacy,
  ApiRouteKey,
  ApiRoutesByKey,
  CountsVisitor,
  ErrorEnvelope,
  FeedMessageSort,
  Language,
  PostPrivacy,
  ReactionCollection,
  ReactionName,
  RouteAnswer,
  RouteInput,
} from '@mepedia/contracts';
import { NEW_VISITOR_HEADER } from '@mepedia/contracts/browser';

/** An API answer that was not 2xx, with the envelope's stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
  ) {
    super(envelope.message);
    this.name = 'ApiError';
  }
  get code(): string {
    return this.envelope.code;
  }
}

export type ApiOptions = {
  /** '' for same-origin calls from the browser; the gateway's URL on the server. */
  baseUrl: string;
  /** Headers for every call (the server forwards the visitor's cookie and language). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /**
   * Whether the browser sends its cookies: `include` (the default) calls as the member signed in;
   * `omit` calls as a guest, for what every visitor reads alike (the community's parts of a page,
   * which the services keep for all guests at once).
   */
  credentials?: 'include' | 'omit';
};

type Route<K extends ApiRouteKey> = ApiRoutesByKey[K];

/**
 * What a call sends, typed by its catalogue entry (libs/contracts, by type only: no schema or
 * description reaches the browser): `body`, `query` and path `params` where the route has them,
 * and `counts: true` on a call that counts the visitor (a view, a share): sent without a visitor
 * cookie the gateway signed, it counts nothing and brings one (NEW_VISITOR_HEADER), so it goes
 * again, once, with the cookie, and a browser's first view counts.
 */
export type CallInput<K extends ApiRouteKey> = RouteInput<Route<K>> &
  (CountsVisitor<Route<K>> extends true ? { counts: true } : { counts?: never });
export type CallAnswer<K extends ApiRouteKey> = RouteAnswer<Route<K>>;
type CallArgs<K extends ApiRouteKey> =
  Record<never, never> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];
type Body<K extends ApiRouteKey> = CallInput<K> extends { body: infer B } ? B : never;

type Sent = {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, string>;
  counts?: boolean;
};

/** `POST /api/posts/deletePost/{id}` with its params and query: the method and the URL path. */
export function callTarget(key: ApiRouteKey, input: Sent = {}): { method: string; path: string } {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 1)
    .replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = Object.entries(input.query ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return { method: key.slice(0, space), path: query ? `${path}?${query}` : path };
}

/** The typed API client: `call` for any catalogued route, and a method per call the app makes. */
export function createApi(options: ApiOptions) {
  const doFetch = options.fetch ?? fetch;

  /** One call, named as the catalogue names it: `call('PUT /api/posts/like', { body })`. */
  async function call<K extends ApiRouteKey>(
    key: K,
    ...[input]: CallArgs<K>
  ): Promise<CallAnswer<K>> {
    const sent: Sent = input ?? {};
    const { method, path } = callTarget(key, sent);
    const { body, counts = false } = sent;
    // A form (an upload) goes as multipart, its boundary set by fetch; anything else as JSON.
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    const send = () =>
      doFetch(`${options.baseUrl}${path}`, {
        method,
        credentials: options.credentials ?? 'include',
        headers: {
          accept: 'application/json',
          ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      });
    let response = await send();
    if (counts && response.ok && response.headers.get(NEW_VISITOR_HEADER) === 'new') {
      await response.body?.cancel();
      response = await send();
    }
    const text = await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) {
      const envelope = (data ?? {}) as Partial<ErrorEnvelope>;
      throw new ApiError(response.status, {
        code: envelope.code ?? 'INTERNAL',
        message: envelope.message ?? response.statusText,
        requestId: envelope.requestId ?? '',
        ...(envelope.details === undefined ? {} : { details: envelope.details }),
      });
    }
    return data as CallAnswer<K>;
  }

  // The methods the app calls, each one line over `call`: their arguments and answers are the
  // catalogue's, so a route that changes there fails the web typecheck here.
  return {
    /** Where the API is ('' for this origin): images of the files service are under it too. */
    baseUrl: options.baseUrl,
    call,
    posts: {
      create: (body: Body<'POST /api/posts/create'>) => call('POST /api/posts/create', { body }),
      update: (body: Body<'PUT /api/posts/update'>) => call('PUT /api/posts/update', { body }),
      deletePost: (postId: string) =>
        call('DELETE /api/posts/deletePost/{id}', { params: { id: postId } }),
      updatePostPrivacy: (postId: string, privacy: PostPrivacy) =>
        call('POST /api/posts/updatePostPrivacy', { body: { postId, privacy } }),
      getPosts: (query: Body<'POST /api/posts/getPosts'>) =>
        call('POST /api/posts/getPosts', { body: query }),
      getPostById: (postId: string) => call('POST /api/posts/getPostById', { body: { postId } }),
      /** "From people you follow" (members): their public posts, newest first, by cursor. */
      getFollowingPosts: (query: Body<'POST /api/posts/getFollowingPosts'>) =>
        call('POST /api/posts/getFollowingPosts', { body: query }),
      updatePostViews: (postId: string, randomIdentifier?: string) =>
        call('POST /api/posts/updatePostViews', {
          body: { postId, ...(randomIdentifier ? { randomIdentifier } : {}) },
          counts: true,
        }),
      /** Turns the caller's like of a post on or off; answers the state after the call. */
      like: (id: string) => call('PUT /api/posts/like', { body: { id } }),
      /** Counts one share of a post (a member's or a visitor's). */
      updateShareProp: (objectId: string) =>
        call('POST /api/posts/updateShareProp', { body: { objectId }, counts: true }),
      /** Machine translation of text or HTML (markup kept) to `target`. Members only. */
      translateOutput: (output: string, target: Language) =>
        call('POST /api/posts/translateOutput', { body: { output, target } }),
      /** Whether a translation provider is configured (our addition): offer Translate only then. */
      translationStatus: () => call('GET /api/posts/translationStatus'),
      /** Autosave of a post being written (our addition): a new draft without `draftId`. */
      saveDraft: (body: Body<'POST /api/posts/saveDraft'>) =>
        call('POST /api/posts/saveDraft', { body }),
      /** The caller's drafts, most recently changed first, by cursor. */
      getDrafts: (query: Body<'POST /api/posts/getDrafts'> = {}) =>
        call('POST /api/posts/getDrafts', { body: query }),
      getDraft: (draftId: string) => call('POST /api/posts/getDraft', { body: { draftId } }),
      /** The draft becomes a post (201 with the post); the draft is gone. */
      publishDraft: (draftId: string, version: number) =>
        call('POST /api/posts/publishDraft', { body: { draftId, version } }),
      deleteDraft: (draftId: string) =>
        call('DELETE /api/posts/deleteDraft/{id}', { params: { id: draftId } }),
    },
    feedMessages: {
      /** A comment on `postId` (a post or a me answer), or a reply in a thread. */
      sendMessage: (postId: string, message: string, parentMessageId?: string) =>
        call('POST /api/feedMessages/sendMessage', {
          body: { postId, message, ...(parentMessageId ? { parentMessageId } : {}) },
        }),
      editMessage: (messageId: string, message: string) =>
        call('PUT /api/feedMessages/editMessage', { body: { messageId, message } }),
      /** A page of 20: the room's comments, or with `parentId` one thread's replies. */
      getMessages: (
        id: string,
        options: { parentId?: string; skip?: number; sort?: FeedMessageSort } = {},
      ) => call('POST /api/feedMessages/getMessages', { body: { id, ...options } }),
      getNumberOfMessages: (id: string) =>
        call('GET /api/feedMessages/getNumberOfMessages/{id}', { params: { id } }),
      /** Many rooms' counts at once (at most 50); a room the caller may not read is left out. */
      getMessageCounts: (ids: readonly string[]) =>
        call('POST /api/feedMessages/getMessageCounts', { body: { ids: [...ids] } }),
      like: (id: string) => call('PUT /api/feedMessages/like', { body: { id } }),
      /** `roomId`: the comment's room (its post's id, unless it was sent to another room). */
      deleteMessage: (messageId: string, roomId: string) =>
        call('DELETE /api/feedMessages/deleteMessage/{id}/{id2}', {
          params: { id: messageId, id2: roomId },
        }),
    },
    /** Following members (the notifications service, issue 32): the state after each call. */
    follows: {
      follow: (userId: string) => call('POST /api/follows/follow', { body: { userId } }),
      unfollow: (userId: string) => call('POST /api/follows/unfollow', { body: { userId } }),
      /** How many follow the member, how many they follow, and whether the caller does. */
      getFollowCounts: (userId: string) =>
        call('POST /api/follows/getFollowCounts', { body: { userId } }),
      /** The same for a page of members (at most 50) in one call; unknown ids are left out. */
      getFollowStates: (userIds: readonly string[]) =>
        call('POST /api/follows/getFollowStates', { body: { userIds: [...userIds] } }),
      /** A page of the member's followers, newest follow first; `cursor` from the last page. */
      getFollowers: (userId: string, cursor?: string, limit?: number) =>
        call('POST /api/follows/getFollowers', { body: { userId, cursor, limit } }),
      getFollowing: (userId: string, cursor?: string, limit?: number) =>
        call('POST /api/follows/getFollowing', { body: { userId, cursor, limit } }),
    },
    /** Notifications by email (the notifications service, issue 32): the choices after each call. */
    emailPreferences: {
      get: () => call('GET /api/notifications/getEmailPreferences'),
      set: (body: Body<'POST /api/notifications/setEmailPreferences'>) =>
        call('POST /api/notifications/setEmailPreferences', { body }),
      /** An email's signed link for one kind: that kind stops, without a session. */
      unsubscribeByLink: (token: string) =>
        call('POST /api/notifications/unsubscribeByLink', { body: { token } }),
    },
    /**
     * A member's circle (the circles service, issue 34): the people they invited, invitations by
     * email or by link, and the circles they are in. Every call is a POST (docs/api/circles.md).
     */
    circles: {
      getMyCircle: () => call('POST /api/circles/getMyCircle'),
      inviteByEmail: (body: Body<'POST /api/circles/inviteByEmail'>) =>
        call('POST /api/circles/inviteByEmail', { body }),
      /** A link for one person: its token comes in this answer only. */
      createInvitationLink: (body: Body<'POST /api/circles/createInvitationLink'> = {}) =>
        call('POST /api/circles/createInvitationLink', { body }),
      revokeInvitation: (invitationId: string) =>
        call('POST /api/circles/revokeInvitation', { body: { invitationId } }),
      removeMember: (userId: string) =>
        call('POST /api/circles/removeMember', { body: { userId } }),
      getCirclesImIn: () => call('POST /api/circles/getCirclesImIn'),
      leaveCircle: (ownerId: string) =>
        call('POST /api/circles/leaveCircle', { body: { ownerId } }),
      /** What an invitation's page shows; anyone holding the link may read it. */
      getInvitation: (token: string) =>
        call('POST /api/circles/getInvitation', { body: { token } }),
      acceptInvitation: (token: string) =>
        call('POST /api/circles/acceptInvitation', { body: { token } }),
    },
    /**
     * Trust and safety (the moderation service, issue 35): reports and notices, a member's own
     * reports and decisions, appeals; the moderators' queue, cases and appeals; the audit log;
     * the public monthly counts (docs/api/moderation.md).
     */
    moderation: {
      report: (body: Body<'POST /api/moderation/report'>) =>
        call('POST /api/moderation/report', { body }),
      /** A notice of illegal content (DSA article 16): anyone, guests included. */
      notice: (body: Body<'POST /api/moderation/notice'>) =>
        call('POST /api/moderation/notice', { body }),
      getMyReports: (body: Body<'POST /api/moderation/getMyReports'> = {}) =>
        call('POST /api/moderation/getMyReports', { body }),
      getMyDecisions: (body: Body<'POST /api/moderation/getMyDecisions'> = {}) =>
        call('POST /api/moderation/getMyDecisions', { body }),
      appeal: (body: Body<'POST /api/moderation/appeal'>) =>
        call('POST /api/moderation/appeal', { body }),
      getQueue: (body: Body<'POST /api/moderation/getQueue'> = {}) =>
        call('POST /api/moderation/getQueue', { body }),
      getCase: (caseId: string) => call('POST /api/moderation/getCase', { body: { caseId } }),
      decide: (body: Body<'POST /api/moderation/decide'>) =>
        call('POST /api/moderation/decide', { body }),
      getAppeals: (body: Body<'POST /api/moderation/getAppeals'> = {}) =>
        call('POST /api/moderation/getAppeals', { body }),
      decideAppeal: (body: Body<'POST /api/moderation/decideAppeal'>) =>
        call('POST /api/moderation/decideAppeal', { body }),
      getAuditLog: (body: Body<'POST /api/moderation/getAuditLog'> = {}) =>
        call('POST /api/moderation/getAuditLog', { body }),
      getTransparency: () => call('GET /api/moderation/getTransparency'),
    },
    /**
     * Blocking and muting (the moderation service keeps them, issue 35): each call answers where
     * the caller now stands with the member; `getMyBlocks`, both lists (docs/api/moderation.md).
     */
    blocks: {
      block: (userId: string) => call('POST /api/blocks/block', { body: { userId } }),
      unblock: (userId: string) => call('POST /api/blocks/unblock', { body: { userId } }),
      mute: (userId: string) => call('POST /api/blocks/mute', { body: { userId } }),
      unmute: (userId: string) => call('POST /api/blocks/unmute', { body: { userId } }),
      getMyBlocks: () => call('POST /api/blocks/getMyBlocks'),
    },
    /**
     * Search (the search service, issue 36): people and stories matching a query, always as the
     * caller may read them; each answer's `nextCursor` is the next page's `cursor`
     * (docs/api/search.md).
     */
    search: {
      searchStories: (body: Body<'POST /api/search/searchStories'>) =>
        call('POST /api/search/searchStories', { body }),
      searchPeople: (body: Body<'POST /api/search/searchPeople'>) =>
        call('POST /api/search/searchPeople', { body }),
    },
    /** The weekly question (the notifications service, issue 32): the settings after each call. */
    weeklyQuestion: {
      getSettings: () => call('GET /api/weeklyQuestion/getSettings'),
      schedule: (body: Body<'POST /api/weeklyQuestion/schedule'>) =>
        call('POST /api/weeklyQuestion/schedule', { body }),
      pause: () => call('POST /api/weeklyQuestion/pause'),
      resume: () => call('POST /api/weeklyQuestion/resume'),
      skip: () => call('POST /api/weeklyQuestion/skip'),
      stop: () => call('POST /api/weeklyQuestion/stop'),
      /** The email's signed link: skip, pause or stop without a session. */
      byLink: (token: string) => call('POST /api/weeklyQuestion/byLink', { body: { token } }),
    },
    views: {
      /** Counts the caller's view (once per member or visitor) and answers the count. */
      toggleView: (collectionName: ReactionCollection, objectId: string) =>
        call('POST /api/userViews/toggleView', {
          body: { collectionName, objectId },
          counts: true,
        }),
    },
    lotties: {
      fillLotties: (collectionName: ReactionCollection, objectId: string) =>
        call('POST /api/lotties/fillLotties', { body: { collectionName, objectId } }),
      toggleLike: (collectionName: ReactionCollection, objectId: string, name: ReactionName) =>
        call('POST /api/lotties/toggleLike', { body: { collectionName, objectId, name } }),
    },
    files: {
      /**
       * Upload a picture (`purpose` post or profile); a profile picture may carry its crop, as
       * fractions of the upright picture. The answer's `url` is what posts and profiles store.
       */
      upload: (
        file: Blob,
        purpose: 'post' | 'profile',
        crop?: { x: number; y: number; width: number; height: number },
      ) => {
        const form = new FormData();
        form.set('purpose', purpose);
        if (crop) {
          form.set('cropX', String(crop.x));
          form.set('cropY', String(crop.y));
          form.set('cropWidth', String(crop.width));
          form.set('cropHeight', String(crop.height));
        }
        form.set('file', file);
        return call('POST /api/files/uploadApplicationFile', { body: form });
      },
    },
    /** The site's own content (docs/api/site.md): the same for everyone. */
    site: {
      /** Interface text overrides per language, laid over the web app's messages. */
      getFormattedText: () => call('GET /api/applicationText/getFormattedText'),
    },
    profileQuestions: {
      getQuestions: () => call('GET /api/profileQuestions/getQuestions'),
    },
    meAnswers: {
      /** A member's answers that the caller may read (public ones; all of them for the owner). */
      getUserAnswers: (userId: string) =>
        call('GET /api/meAnswers/getUserAnswers', { query: { userId } }),
      getCurrentUserAnswers: () => call('GET /api/meAnswers/getCurrentUserAnswers'),
      saveDraft: (questionId: string, answerData: AnswerData, version: number) =>
        call('POST /api/meAnswers/saveDraft', { body: { questionId, answerData, version } }),
      saveLive: (
        questionId: string,
        answerData: AnswerData,
        version: number,
        privacy?: AnswerPrivacy,
      ) =>
        call('POST /api/meAnswers/saveLive', {
          body: { questionId, answerData, version, ...(privacy ? { privacy } : {}) },
        }),
      revertDraft: (questionId: string, version: number) =>
        call('POST /api/meAnswers/revertDraft', { body: { questionId, version } }),
      togglePublishAsPost: (questionId: string, privacy?: AnswerPrivacy) =>
        call('POST /api/meAnswers/togglePublishAsPost', {
          body: { questionId, ...(privacy ? { privacy } : {}) },
        }),
      deleteMeAnswersFromPosts: (questionId: string) =>
        call('POST /api/meAnswers/deleteMeAnswersFromPosts', { body: { questionId } }),
    },
    privateQuestions: {
      getQuestions: () => call('POST /api/privateQuestions/getQuestions', { body: {} }),
      insertNewPrivateQuestion: (
        body: Body<'POST /api/privateQuestions/insertNewPrivateQuestion'>,
      ) => call('POST /api/privateQuestions/insertNewPrivateQuestion', { body }),
      updatePrivateQuestion: (body: Body<'POST /api/privateQuestions/updatePrivateQuestion'>) =>
        call('POST /api/privateQuestions/updatePrivateQuestion', { body }),
      getQuestionByIndex: (questionIndex: number) =>
        call('POST /api/privateQuestions/getQuestionByIndex', { body: { questionIndex } }),
      deleteQuestionByIndex: (questionIndex: number) =>
        call('POST /api/privateQuestions/deleteQuestionByIndex', { body: { questionIndex } }),
      getAnswer: (questionIndex: number) =>
        call('POST /api/privateQuestions/getAnswer', { body: { questionIndex } }),
      saveDraft: (
        questionIndex: number,
        questionId: string,
        answerData: AnswerData,
        version: number,
      ) =>
        call('POST /api/privateQuestions/saveDraft', {
          body: { questionIndex, questionId, answerData, version },
        }),
      saveLive: (
        questionIndex: number,
        questionId: string,
        answerData: AnswerData,
        version: number,
        privacy?: AnswerPrivacy,
      ) =>
        call('POST /api/privateQuestions/saveLive', {
          body: { questionIndex, questionId, answerData, version, ...(privacy ? { privacy } : {}) },
        }),
      revertDraft: (questionIndex: number, questionId: string, version: number) =>
        call('POST /api/privateQuestions/revertDraft', {
          body: { questionIndex, questionId, version },
        }),
      /** A member's saved answers that the caller may read (guests too: the public ones). */
      getSharedAnswers: (userId: string) =>
        call('POST /api/privateQuestions/getSharedAnswers', { body: { userId } }),
    },
    users: {
      session: () => call('POST /api/users/session'),
      updateUserInformation: (body: Body<'PUT /api/users/updateUserInformation'>) =>
        call('PUT /api/users/updateUserInformation', { body }),
      /** Deletes the caller's account and everything in it; asks for the password again. */
      deleteUserById: (id: string, password: string) =>
        call('POST /api/users/deleteUserById', { body: { id, password } }),
      login: (body: Body<'POST /api/users/login'>) => call('POST /api/users/login', { body }),
      logout: () => call('POST /api/users/logout'),
      register: (body: Body<'POST /api/users/register'>) =>
        call('POST /api/users/register', { body }),
      updateUserLanguage: (language: Language) =>
        call('PUT /api/users/updateUserLanguage', { body: { language } }),
      getProfileById: (id: string) =>
        call('GET /api/users/getProfileById/{id}', { params: { id } }),
      /** Names and pictures of up to 50 members in one call (bylines of a list). */
      getMembersByIds: (ids: string[]) =>
        call('POST /api/users/getMembersByIds', { body: { ids } }),
      getPublishedUsers: (query: Body<'POST /api/users/getPublishedUsers'>) =>
        call('POST /api/users/getPublishedUsers', { body: query }),
      getHomepageUsers: (query: Body<'POST /api/users/getHomepageUsers'>) =>
        call('POST /api/users/getHomepageUsers', { body: query }),
      getRandomPublishedUsers: () => call('GET /api/users/getRandomPublishedUsers'),
      getPublishedProfilesAmount: () => call('GET /api/users/getPublishedProfilesAmount'),
      sendPhoneCode: (prefix: string, phone: string) =>
        call('POST /api/users/sendPhoneCode', { body: { prefix, phone } }),
      verifyUserByPhone: (verifyCode: string, prefix: string, phone: string) =>
        call('PUT /api/users/verifyUserByPhone', { body: { verifyCode, prefix, phone } }),
      sendVerificationEmailToUser: (prefix: string, phone: string) =>
        call('POST /api/users/sendVerificationEmailToUser', { body: { prefix, phone } }),
      verifyUserByEmail: (verifyCode: string) =>
        call('PUT /api/users/verifyUserByEmail', { body: { verifyCode } }),
      getUserToVerify: (userId: string) =>
        call('POST /api/users/getUserToVerify', { body: { userId } }),
      userVerified: (userId: string) => call('POST /api/users/userVerified', { body: { userId } }),
      changePhonenumber: (userId: string, phoneNumberPrefix: string, phoneNumber: string) =>
        call('PUT /api/users/changePhonenumber', {
          body: { userId, phoneNumberPrefix, phoneNumber },
        }),
      /** A signed-in member's new address: a link goes to it (ours: docs/api/users.md). */
      changeEmail: (email: string, password: string) =>
        call('PUT /api/users/changeEmail', { body: { email, password } }),
      sendPasswordResetEmail: (email: string) =>
        call('POST /api/users/sendPasswordResetEmail', { body: { email } }),
      updateUserPassword: (body: Body<'POST /api/users/updateUserPassword'>) =>
        call('POST /api/users/updateUserPassword', { body }),
      unsubscribe: (email: string, signature: string) =>
        call('POST /api/users/unsubscribe', { body: { email, signature } }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
