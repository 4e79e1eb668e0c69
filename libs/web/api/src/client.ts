import type {
  CurrentUser,
  ErrorEnvelope,
  LoginRequest,
  MessageSentResponse,
  PeoplePage,
  PeopleQuery,
  GetPostsRequest,
  LottiesState,
  Post,
  PostsPage,
  PersonCard,
  PublicProfile,
  RegisterRequest,
  ReactionCollection,
  ReactionName,
  RegisterResponse,
  SessionResponse,
  ToggleLottieResponse,
  UserToVerify,
  UserVerifiedResponse,
  VerifyUserByPhoneResponse,
} from '@mepedia/contracts';

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
  async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await doFetch(`${options.baseUrl}/api/${path}`, {
      method,
      credentials: 'include',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
      getPosts: (query: GetPostsRequest) => send<PostsPage>('POST', 'posts/getPosts', query),
      getPostById: (postId: string) => send<Post>('POST', 'posts/getPostById', { postId }),
      updatePostViews: (postId: string, randomIdentifier?: string) =>
        send<{ views: number; counted: boolean }>('POST', 'posts/updatePostViews', {
          postId,
          ...(randomIdentifier ? { randomIdentifier } : {}),
        }),
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
    users: {
      session: () => send<SessionResponse>('POST', 'users/session'),
      login: (body: LoginRequest) => send<CurrentUser>('POST', 'users/login', body),
      logout: () => send<{ loggedOut: true }>('POST', 'users/logout'),
      register: (body: RegisterRequest) => send<RegisterResponse>('POST', 'users/register', body),
      updateUserLanguage: (language: 'en' | 'he') =>
        send<{ language: 'en' | 'he' }>('PUT', 'users/updateUserLanguage', { language }),
      getProfileById: (id: string) =>
        send<PublicProfile>('GET', `users/getProfileById/${encodeURIComponent(id)}`),
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
        send<CurrentUser>('PUT', 'users/verifyUserByEmail', { verifyCode }),
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
