import type { GatewayConfig } from './gateway.config';

type Limits = GatewayConfig['rateLimits'];

export type RateRule = {
  bucket: string;
  /**
   * ip: the client's address (an IPv6 one by its /64: address-key.ts); email: the JSON body's
   * `email`; member: the signed-in member.
   */
  by: 'ip' | 'email' | 'member';
  limit: (limits: Limits) => number;
  /** The rule's own window; without one, RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: (limits: Limits) => number;
};

const perIp = (bucket: string, limit: (limits: Limits) => number): RateRule => ({
  bucket,
  by: 'ip',
  limit,
});
const perMember = (bucket: string, limit: (limits: Limits) => number): RateRule => ({
  bucket,
  by: 'member',
  limit,
});

/** Forem's measure for comments: nine in thirty seconds, per member; an address gets more. */
const COMMENTS: readonly RateRule[] = [
  {
    bucket: 'comments',
    by: 'member',
    limit: (l) => l.commentsPerMember,
    windowSeconds: (l) => l.commentsWindowSeconds,
  },
  {
    bucket: 'comments',
    by: 'ip',
    limit: (l) => l.commentsPerIp,
    windowSeconds: (l) => l.commentsWindowSeconds,
  },
];
const POSTS = [perMember('posts', (l) => l.postsPerMember), perIp('posts', (l) => l.postsPerIp)];
const REACTIONS = [
  perMember('reactions', (l) => l.reactionsPerMember),
  perIp('reactions', (l) => l.reactionsPerIp),
];
const ANSWERS = [
  perMember('answers', (l) => l.answersPerMember),
  perIp('answers', (l) => l.answersPerIp),
];
const ACCOUNT = [
  perMember('account', (l) => l.accountPerMember),
  perIp('account', (l) => l.accountPerIp),
];
const MESSAGES = perIp('messages', (l) => l.messagesPerIp);
const VERIFY = perIp('verify', (l) => l.verifyPerIp);
const COUNTERS = [perIp('counters', (l) => l.countersPerIp)];

/**
 * Which calls are limited, by what and how much (docs/security.md has the table): every call
 * that writes, and the reads that would let a caller enumerate members (getUserIdByEmail). Keys
 * are the catalogue's paths, `{id}` for a path parameter, matched against the gateway's
 * normalised path (api-path.ts), so an encoded spelling of a path is limited as the
 * path it decodes to; every method of a path counts.
 */
export const RATE_RULES: Readonly<Record<string, readonly RateRule[]>> = {
  // --- accounts ----------------------------------------------------------------------
  '/api/users/login': [
    perIp('login', (l) => l.loginPerIp),
    { bucket: 'login', by: 'email', limit: (l) => l.loginPerEmail },
  ],
  '/api/users/register': [perIp('register', (l) => l.registerPerIp)],
  '/api/users/sendPasswordResetEmail': [
    perIp('reset', (l) => l.resetPerIp),
    { bucket: 'reset', by: 'email', limit: (l) => l.resetPerEmail },
  ],
  '/api/users/sendPhoneCode': [MESSAGES],
  '/api/users/sendVerificationEmailToUser': [MESSAGES],
  '/api/users/changePhonenumber': [MESSAGES, ...ACCOUNT],
  // Checks the password (like a sign-in) and sends a link.
  '/api/users/changeEmail': [VERIFY, MESSAGES, ...ACCOUNT],
  '/api/users/verifyUserByPhone': [VERIFY],
  '/api/users/verifyUserByEmail': [VERIFY],
  '/api/users/updateUserPassword': [VERIFY, ...ACCOUNT],
  '/api/users/deleteUserById': [VERIFY, ...ACCOUNT],
  // Checks a signature.
  '/api/users/unsubscribe': [VERIFY],
  '/api/users/logout': ACCOUNT,
  '/api/users/updateUserInformation': ACCOUNT,
  '/api/users/updateUserLanguage': ACCOUNT,
  '/api/users/endOtherSessions': ACCOUNT,
  '/api/users/endSession': ACCOUNT,
  // A read, yet limited: each answer ties an email to a profile, and a list of emails would map
  // a whole address book to members.
  '/api/users/getUserIdByEmail/{email}': [
    perMember('lookups', (l) => l.lookupsPerMember),
    perIp('lookups', (l) => l.lookupsPerIp),
  ],
  // --- posts ---------------------------------------------------------------------------
  '/api/posts/create': POSTS,
  '/api/posts/update': POSTS,
  '/api/posts/updatePostPrivacy': POSTS,
  '/api/posts/deletePost/{id}': POSTS,
  '/api/posts/deleteMePost/{id}': POSTS,
  // Each forced or new translation is a paid call to the provider.
  '/api/posts/translateOutput': [
    perMember('translate', (l) => l.translatePerMember),
    perIp('translate', (l) => l.translatePerIp),
  ],
  '/api/posts/updatePostViews': COUNTERS,
  '/api/posts/updateShareProp': COUNTERS,
  '/api/meAnswers/updatePostViews': COUNTERS,
  '/api/userViews/toggleView': COUNTERS,
  // --- likes and reactions -------------------------------------------------------------
  '/api/posts/like': REACTIONS,
  '/api/feedMessages/like': REACTIONS,
  '/api/userLikes/toggleLike': REACTIONS,
  '/api/lotties/toggleLike': REACTIONS,
  // --- comments ------------------------------------------------------------------------
  '/api/feedMessages/sendMessage': COMMENTS,
  '/api/feedMessages/editMessage': COMMENTS,
  '/api/feedMessages/deleteMessage/{id}/{id2}': COMMENTS,
  // --- the questionnaire and private questions (the editors autosave) ------------------
  '/api/meAnswers/saveDraft': ANSWERS,
  '/api/meAnswers/saveLive': ANSWERS,
  '/api/meAnswers/revertDraft': ANSWERS,
  '/api/meAnswers/togglePublishAsPost': ANSWERS,
  '/api/meAnswers/deleteMeAnswersFromPosts': ANSWERS,
  '/api/privateQuestions/insertNewPrivateQuestion': ANSWERS,
  '/api/privateQuestions/updatePrivateQuestion': ANSWERS,
  '/api/privateQuestions/deleteQuestionByIndex': ANSWERS,
  '/api/privateQuestions/saveDraft': ANSWERS,
  '/api/privateQuestions/saveLive': ANSWERS,
  '/api/privateQuestions/revertDraft': ANSWERS,
  // --- images: each upload is seconds of decoding on a two-core machine ----------------
  '/api/files/uploadApplicationFile': [
    perMember('uploads', (l) => l.uploadsPerMember),
    perIp('uploads', (l) => l.uploadsPerIp),
  ],
};

/**
 * Calls that change nothing although their method is not GET (a read with a body): the only
 * calls besides GETs without a limit. rate-rules.spec.ts holds every other catalogue route to a
 * rule.
 */
export const READS_WITH_A_BODY: ReadonlySet<string> = new Set([
  'POST /api/users/session',
  'POST /api/users/getMembersByIds',
  'POST /api/users/getUserToVerify',
  'POST /api/users/userVerified',
  'POST /api/users/getPublishedUsers',
  'POST /api/users/getHomepageUsers',
  'POST /api/posts/getPosts',
  'POST /api/posts/getPostById',
  'POST /api/posts/getMePost',
  'POST /api/feedMessages/getMessages',
  'POST /api/privateQuestions/getQuestions',
  'POST /api/privateQuestions/getQuestionByIndex',
  'POST /api/privateQuestions/getAnswer',
  'POST /api/userLikes/getLikedByCurrentUser',
  'POST /api/lotties/fillLotties',
  'POST /api/files/image/{id}',
  'POST /api/applicationImages/getImages',
]);
