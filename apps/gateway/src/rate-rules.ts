import { catalogueRoutes, type ApiRoute, type RateRuleName } from '@mepedia/contracts';
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

/**
 * What each of the catalogue's rate rule names means (docs/security.md has the table): every
 * call that writes names some (its `rate`), and so do the reads that would let a caller
 * enumerate members (getUserIdByEmail). A route's rules are the sets it names, in order.
 */
export const RATE_RULE_SETS: Readonly<Record<RateRuleName, readonly RateRule[]>> = {
  login: [
    perIp('login', (l) => l.loginPerIp),
    { bucket: 'login', by: 'email', limit: (l) => l.loginPerEmail },
  ],
  register: [perIp('register', (l) => l.registerPerIp)],
  reset: [
    perIp('reset', (l) => l.resetPerIp),
    { bucket: 'reset', by: 'email', limit: (l) => l.resetPerEmail },
  ],
  // Each sends an email or a text message.
  messages: [perIp('messages', (l) => l.messagesPerIp)],
  // Checks a password, a code or a signature (like a sign-in).
  verify: [perIp('verify', (l) => l.verifyPerIp)],
  account: [
    perMember('account', (l) => l.accountPerMember),
    perIp('account', (l) => l.accountPerIp),
  ],
  // For a read, yet limited: each answer ties an email to a profile, and a list of emails would
  // map a whole address book to members.
  lookups: [
    perMember('lookups', (l) => l.lookupsPerMember),
    perIp('lookups', (l) => l.lookupsPerIp),
  ],
  // A read, yet each ranks a full-text query's matches: a caller looping over words is slowed.
  search: [perMember('search', (l) => l.searchPerMember), perIp('search', (l) => l.searchPerIp)],
  posts: [perMember('posts', (l) => l.postsPerMember), perIp('posts', (l) => l.postsPerIp)],
  // Each forced or new translation is a paid call to the provider.
  translate: [
    perMember('translate', (l) => l.translatePerMember),
    perIp('translate', (l) => l.translatePerIp),
  ],
  counters: [perIp('counters', (l) => l.countersPerIp)],
  reactions: [
    perMember('reactions', (l) => l.reactionsPerMember),
    perIp('reactions', (l) => l.reactionsPerIp),
  ],
  // Forem's measure for comments: nine in thirty seconds, per member; an address gets more.
  comments: [
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
  ],
  // The questionnaire and private questions (the editors autosave).
  answers: [
    perMember('answers', (l) => l.answersPerMember),
    perIp('answers', (l) => l.answersPerIp),
  ],
  // Reports and appeals (issue 35): each one is a moderator's time.
  reports: [
    perMember('reports', (l) => l.reportsPerMember),
    perIp('reports', (l) => l.reportsPerIp),
  ],
  // Notices of illegal content come from anyone, guests too: by address alone.
  notices: [perIp('notices', (l) => l.noticesPerIp)],
  // Moderators' decisions: generous, a stop only for a stolen session in a loop.
  moderation: [
    perMember('moderation', (l) => l.moderationPerMember),
    perIp('moderation', (l) => l.moderationPerIp),
  ],
  // Each upload is seconds of decoding on a two-core machine.
  uploads: [
    perMember('uploads', (l) => l.uploadsPerMember),
    perIp('uploads', (l) => l.uploadsPerIp),
  ],
};

/**
 * The limits of each limited path, from the catalogue's `rate`: keys are the catalogue's paths,
 * `{id}` for a path parameter, matched against the gateway's normalised path (api-path.ts), so
 * an encoded spelling of a path is limited as the path it decodes to; every method of a path
 * counts, so the methods of one path must name the same rules.
 */
export function rateRulesOf(
  routes: ReadonlyArray<Pick<ApiRoute, 'method' | 'path' | 'rate'>>,
): Readonly<Record<string, readonly RateRule[]>> {
  const table: Record<string, readonly RateRule[]> = {};
  const named = new Map<string, string>();
  for (const route of routes) {
    const names = (route.rate ?? []).join();
    if (named.has(route.path) && named.get(route.path) !== names)
      throw new Error(
        `${route.method} ${route.path}: another method of the path names other rules`,
      );
    named.set(route.path, names);
    if (route.rate?.length) table[route.path] = route.rate.flatMap((name) => RATE_RULE_SETS[name]);
  }
  return table;
}

export const RATE_RULES = rateRulesOf(catalogueRoutes());

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
  'POST /api/posts/getFollowingPosts',
  'POST /api/posts/getPostById',
  'POST /api/posts/getMePost',
  'POST /api/posts/getDrafts',
  'POST /api/posts/getDraft',
  'POST /api/feedMessages/getMessages',
  'POST /api/privateQuestions/getQuestions',
  'POST /api/privateQuestions/getQuestionByIndex',
  'POST /api/privateQuestions/getAnswer',
  'POST /api/privateQuestions/getSharedAnswers',
  'POST /api/userLikes/getLikedByCurrentUser',
  'POST /api/lotties/fillLotties',
  'POST /api/files/image/{id}',
  'POST /api/applicationImages/getImages',
  'POST /api/follows/getFollowers',
  'POST /api/follows/getFollowing',
  'POST /api/follows/getFollowCounts',
  // A page of cards' counts (at most 50 ids, one query): a read like getMembersByIds.
  'POST /api/follows/getFollowStates',
  'POST /api/notifications/getNotifications',
  'POST /api/notifications/getUnreadCount',
  'POST /api/circles/getMyCircle',
  'POST /api/circles/getCirclesImIn',
  'POST /api/moderation/getMyReports',
  'POST /api/moderation/getMyDecisions',
  'POST /api/moderation/getQueue',
  'POST /api/moderation/getCase',
  'POST /api/moderation/getAppeals',
  'POST /api/moderation/getAuditLog',
  'POST /api/blocks/getMyBlocks',
]);
