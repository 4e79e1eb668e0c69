import type {
  AnswerData,
  ApplicationText,
  CreatePostRequest,
  CurrentUser,
  CurrentUserAnswers,
  DeletePrivateQuestionResponse,
  DeleteFeedMessageResponse,
  ErrorEnvelope,
  FeedMessage,
  FeedMessageSort,
  FeedMessagesCount,
  FeedMessagesPage,
  Language,
  LikeFeedMessageResponse,
  LikeResponse,
  MembersByIdsResponse,
  TranslateOutputResponse,
  TranslationStatus,
  InsertPrivateQuestionRequest,
  OwnMeAnswer,
  PostPrivacy,
  PrivateAnswer,
  PrivateQuestion,
  PrivateQuestionsList,
  ProfileQuestion,
  UpdatePostRequest,
  UpdatePrivateQuestionRequest,
  UpdateUserInformationRequest,
  UploadedImage,
  LoginRequest,
  MessageSentResponse,
  PeoplePage,
  PeopleQuery,
  GetPostsRequest,
  LottiesState,
  Post,
  PostsPage,
  PersonCard,
  PublicMeAnswer,
  PublicProfile,
  RegisterRequest,
  ReactionCollection,
  ReactionName,
  RegisterResponse,
  SessionResponse,
  ToggleLottieResponse,
  ToggleViewResponse,
  UserToVerify,
  UserVerifiedResponse,
  VerifyUserByEmailResponse,
  VerifyUserByPhoneResponse,
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
};

/** The typed API client: one method per call, named as the spec names them. */
export function createApi(options: ApiOptions) {
  const doFetch = options.fetch ?? fetch;
  /**
   * `counts`: a call that counts the visitor (a view, a share). Sent without a visitor cookie the
   * gateway signed, it counts nothing and brings one (NEW_VISITOR_HEADER): it goes again, once,
   * with the cookie, so a browser's first view counts.
   */
  async function send<T>(method: string, path: string, body?: unknown, counts = false): Promise<T> {
    // A form (an upload) goes as multipart, its boundary set by fetch; anything else as JSON.
    const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
    const call = () =>
      doFetch(`${options.baseUrl}/api/${path}`, {
        method,
        credentials: 'include',
        headers: {
          accept: 'application/json',
          ...(body === undefined || multipart ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      });
    let response = await call();
    if (counts && response.ok && response.headers.get(NEW_VISITOR_HEADER) === 'new') {
      await response.body?.cancel();
      response = await call();
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
    return data as T;
  }

  return {
    /** Where the API is ('' for this origin): images of the files service are under it too. */
    baseUrl: options.baseUrl,
    posts: {
      create: (body: CreatePostRequest) => send<Post>('POST', 'posts/create', body),
      update: (body: UpdatePostRequest) => send<Post>('PUT', 'posts/update', body),
      deletePost: (postId: string) =>
        send<{ deleted: true }>('DELETE', `posts/deletePost/${encodeURIComponent(postId)}`),
      updatePostPrivacy: (postId: string, privacy: PostPrivacy) =>
        send<Post>('POST', 'posts/updatePostPrivacy', { postId, privacy }),
      getPosts: (query: GetPostsRequest) => send<PostsPage>('POST', 'posts/getPosts', query),
      getPostById: (postId: string) => send<Post>('POST', 'posts/getPostById', { postId }),
      updatePostViews: (postId: string, randomIdentifier?: string) =>
        send<{ views: number; counted: boolean }>(
          'POST',
          'posts/updatePostViews',
          { postId, ...(randomIdentifier ? { randomIdentifier } : {}) },
          true,
        ),
      /** Turns the caller's like of a post on or off; answers the state after the call. */
      like: (id: string) => send<LikeResponse>('PUT', 'posts/like', { id }),
      /** Counts one share of a post (a member's or a visitor's). */
      updateShareProp: (objectId: string) =>
        send<{ shareCount: number }>('POST', 'posts/updateShareProp', { objectId }, true),
      /** Machine translation of text or HTML (markup kept) to `target`. Members only. */
      translateOutput: (output: string, target: Language) =>
        send<TranslateOutputResponse>('POST', 'posts/translateOutput', { output, target }),
      /** Whether a translation provider is configured (our addition): offer Translate only then. */
      translationStatus: () => send<TranslationStatus>('GET', 'posts/translationStatus'),
    },
    feedMessages: {
      /** A comment on `postId` (a post or a me answer), or a reply in a thread. */
      sendMessage: (postId: string, message: string, parentMessageId?: string) =>
        send<FeedMessage>('POST', 'feedMessages/sendMessage', {
          postId,
          message,
          ...(parentMessageId ? { parentMessageId } : {}),
        }),
      editMessage: (messageId: string, message: string) =>
        send<FeedMessage>('PUT', 'feedMessages/editMessage', { messageId, message }),
      /** A page of 20: the room's comments, or with `parentId` one thread's replies. */
      getMessages: (
        id: string,
        options: { parentId?: string; skip?: number; sort?: FeedMessageSort } = {},
      ) => send<FeedMessagesPage>('POST', 'feedMessages/getMessages', { id, ...options }),
      getNumberOfMessages: (id: string) =>
        send<FeedMessagesCount>(
          'GET',
          `feedMessages/getNumberOfMessages/${encodeURIComponent(id)}`,
        ),
      like: (id: string) => send<LikeFeedMessageResponse>('PUT', 'feedMessages/like', { id }),
      /** `roomId`: the comment's room (its post's id, unless it was sent to another room). */
      deleteMessage: (messageId: string, roomId: string) =>
        send<DeleteFeedMessageResponse>(
          'DELETE',
          `feedMessages/deleteMessage/${encodeURIComponent(messageId)}/${encodeURIComponent(roomId)}`,
        ),
    },
    views: {
      /** Counts the caller's view (once per member or visitor) and answers the count. */
      toggleView: (collectionName: ReactionCollection, objectId: string) =>
        send<ToggleViewResponse>(
          'POST',
          'userViews/toggleView',
          { collectionName, objectId },
          true,
        ),
    },
    lotties: {
      fillLotties: (collectionName: ReactionCollection, objectId: string) =>
        send<LottiesState>('POST', 'lotties/fillLotties', { collectionName, objectId }),
      toggleLike: (collectionName: ReactionCollection, objectId: string, name: ReactionName) =>
        send<ToggleLottieResponse>('POST', 'lotties/toggleLike', {
          collectionName,
          objectId,
          name,
        }),
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
        return send<UploadedImage>('POST', 'files/uploadApplicationFile', form);
      },
    },
    /** The site's own content (docs/api/site.md): the same for everyone. */
    site: {
      /** Interface text overrides per language, laid over the web app's messages. */
      getFormattedText: () => send<ApplicationText>('GET', 'applicationText/getFormattedText'),
    },
    profileQuestions: {
      getQuestions: () => send<ProfileQuestion[]>('GET', 'profileQuestions/getQuestions'),
    },
    meAnswers: {
      /** A member's answers that the caller may read (public ones; all of them for the owner). */
      getUserAnswers: (userId: string) =>
        send<PublicMeAnswer[]>(
          'GET',
          `meAnswers/getUserAnswers?userId=${encodeURIComponent(userId)}`,
        ),
      getCurrentUserAnswers: () =>
        send<CurrentUserAnswers>('GET', 'meAnswers/getCurrentUserAnswers'),
      saveDraft: (questionId: string, answerData: AnswerData, version: number) =>
        send<OwnMeAnswer>('POST', 'meAnswers/saveDraft', { questionId, answerData, version }),
      saveLive: (
        questionId: string,
        answerData: AnswerData,
        version: number,
        privacy?: PostPrivacy,
      ) =>
        send<OwnMeAnswer>('POST', 'meAnswers/saveLive', {
          questionId,
          answerData,
          version,
          ...(privacy ? { privacy } : {}),
        }),
      revertDraft: (questionId: string, version: number) =>
        send<OwnMeAnswer>('POST', 'meAnswers/revertDraft', { questionId, version }),
      togglePublishAsPost: (questionId: string, privacy?: PostPrivacy) =>
        send<OwnMeAnswer>('POST', 'meAnswers/togglePublishAsPost', {
          questionId,
          ...(privacy ? { privacy } : {}),
        }),
      deleteMeAnswersFromPosts: (questionId: string) =>
        send<OwnMeAnswer>('POST', 'meAnswers/deleteMeAnswersFromPosts', { questionId }),
    },
    privateQuestions: {
      getQuestions: () => send<PrivateQuestionsList>('POST', 'privateQuestions/getQuestions', {}),
      insertNewPrivateQuestion: (body: InsertPrivateQuestionRequest) =>
        send<PrivateQuestion>('POST', 'privateQuestions/insertNewPrivateQuestion', body),
      updatePrivateQuestion: (body: UpdatePrivateQuestionRequest) =>
        send<PrivateQuestion>('POST', 'privateQuestions/updatePrivateQuestion', body),
      getQuestionByIndex: (questionIndex: number) =>
        send<PrivateQuestion>('POST', 'privateQuestions/getQuestionByIndex', { questionIndex }),
      deleteQuestionByIndex: (questionIndex: number) =>
        send<DeletePrivateQuestionResponse>('POST', 'privateQuestions/deleteQuestionByIndex', {
          questionIndex,
        }),
      getAnswer: (questionIndex: number) =>
        send<PrivateAnswer>('POST', 'privateQuestions/getAnswer', { questionIndex }),
      saveDraft: (
        questionIndex: number,
        questionId: string,
        answerData: AnswerData,
        version: number,
      ) =>
        send<PrivateAnswer>('POST', 'privateQuestions/saveDraft', {
          questionIndex,
          questionId,
          answerData,
          version,
        }),
      saveLive: (
        questionIndex: number,
        questionId: string,
        answerData: AnswerData,
        version: number,
      ) =>
        send<PrivateAnswer>('POST', 'privateQuestions/saveLive', {
          questionIndex,
          questionId,
          answerData,
          version,
        }),
      revertDraft: (questionIndex: number, questionId: string, version: number) =>
        send<PrivateAnswer>('POST', 'privateQuestions/revertDraft', {
          questionIndex,
          questionId,
          version,
        }),
    },
    users: {
      session: () => send<SessionResponse>('POST', 'users/session'),
      updateUserInformation: (body: UpdateUserInformationRequest) =>
        send<CurrentUser>('PUT', 'users/updateUserInformation', body),
      /** Deletes the caller's account and everything in it; asks for the password again. */
      deleteUserById: (id: string, password: string) =>
        send<{ deleted: true }>('POST', 'users/deleteUserById', { id, password }),
      login: (body: LoginRequest) => send<CurrentUser>('POST', 'users/login', body),
      logout: () => send<{ loggedOut: true }>('POST', 'users/logout'),
      register: (body: RegisterRequest) => send<RegisterResponse>('POST', 'users/register', body),
      updateUserLanguage: (language: 'en' | 'he') =>
        send<{ language: 'en' | 'he' }>('PUT', 'users/updateUserLanguage', { language }),
      getProfileById: (id: string) =>
        send<PublicProfile>('GET', `users/getProfileById/${encodeURIComponent(id)}`),
      /** Names and pictures of up to 50 members in one call (bylines of a list). */
      getMembersByIds: (ids: string[]) =>
        send<MembersByIdsResponse>('POST', 'users/getMembersByIds', { ids }),
      getPublishedUsers: (query: PeopleQuery) =>
        send<PeoplePage>('POST', 'users/getPublishedUsers', query),
      getHomepageUsers: (query: PeopleQuery) =>
        send<PeoplePage>('POST', 'users/getHomepageUsers', query),
      getRandomPublishedUsers: () => send<PersonCard[]>('GET', 'users/getRandomPublishedUsers'),
      getPublishedProfilesAmount: () =>
        send<{ publishedProfilesAmount: number }>('GET', 'users/getPublishedProfilesAmount'),
      sendPhoneCode: (prefix: string, phone: string) =>
        send<MessageSentResponse>('POST', 'users/sendPhoneCode', { prefix, phone }),
      verifyUserByPhone: (verifyCode: string, prefix: string, phone: string) =>
        send<VerifyUserByPhoneResponse>('PUT', 'users/verifyUserByPhone', {
          verifyCode,
          prefix,
          phone,
        }),
      sendVerificationEmailToUser: (prefix: string, phone: string) =>
        send<MessageSentResponse>('POST', 'users/sendVerificationEmailToUser', { prefix, phone }),
      verifyUserByEmail: (verifyCode: string) =>
        send<VerifyUserByEmailResponse>('PUT', 'users/verifyUserByEmail', { verifyCode }),
      getUserToVerify: (userId: string) =>
        send<UserToVerify>('POST', 'users/getUserToVerify', { userId }),
      userVerified: (userId: string) =>
        send<UserVerifiedResponse>('POST', 'users/userVerified', { userId }),
      changePhonenumber: (userId: string, phoneNumberPrefix: string, phoneNumber: string) =>
        send<MessageSentResponse>('PUT', 'users/changePhonenumber', {
          userId,
          phoneNumberPrefix,
          phoneNumber,
        }),
      /** A signed-in member's new address: a link goes to it (ours: docs/api/users.md). */
      changeEmail: (email: string, password: string) =>
        send<MessageSentResponse>('PUT', 'users/changeEmail', { email, password }),
      sendPasswordResetEmail: (email: string) =>
        send<{ sent: true }>('POST', 'users/sendPasswordResetEmail', { email }),
      updateUserPassword: (body: { userId: string; newPassword: string; token?: string }) =>
        send<CurrentUser>('POST', 'users/updateUserPassword', body),
      unsubscribe: (email: string, signature: string) =>
        send<{ unsubscribed: true }>('POST', 'users/unsubscribe', { email, signature }),
    },
  };
}

export type Api = ReturnType<typeof createApi>;
