import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  AUDIENCES,
  catalogueRoutes,
  type Audience,
  type CircleInvitationLink,
  type CircleInvitationPreview,
  type CircleJoined,
  type CirclesImIn,
  type MyCircle,
  EMAIL_FREQUENCY_DEFAULTS,
  errorCatalog,
  ErrorEnvelope,
  isEventStream,
  needsRole,
  routeErrorCodes,
  type ApiRoute,
  type CurrentUser,
  type EmailPreferences,
  type ErrorCode,
  type NotificationPage,
  type OwnMeAnswer,
  type Post,
  type PostDraft,
  type PostDraftsPage,
  type PrivateQuestion,
  type ProfileQuestion,
  type RegisterRequest,
  type RegisterResponse,
  type SessionInfo,
  type SessionUser,
  type SharedPrivateAnswers,
} from '@mepedia/contracts';
import {
  call,
  codeIn,
  CookieJar,
  e164Of,
  EventStreamClient,
  eventually,
  linkParam,
  newRegistration,
  outboxMessage,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  verifyThroughOutbox,
  type TestResponse,
} from '@mepedia/server-testing';
import { mayReadAudience } from '@mepedia/server-database';
import { grantRole, startTestStandalone, uploadPostImage } from './test-standalone';
// The cases sign the emails' links as the service does: no route hands one out.
// eslint-disable-next-line @nx/enforce-module-boundaries -- a test's signer, see above
import { unsubscribeToken } from '../../notifications/src/email-preferences.links';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a test's signer, see above
import { linkToken } from '../../notifications/src/weekly-question.links';
import { DEV_LINK_SECRET } from '../../notifications/src/weekly-question.options';

// ---------------------------------------------------------------------------
// ACCESS CONTROL, FROM THE ROUTE TABLE. Every route of the catalogue (libs/contracts) is called
// through the gateway of `npm start`'s process three times, the same call each time: by a guest,
// by another member (the stranger) and by the member whose thing it is (the owner). What each
// may do follows from the route's `auth`, unless its case below says otherwise; a case must say
// so for every route that names something by id (in its path or body), which is where one
// member could reach another's things. A route the catalogue gains without a case here fails
// the suite. On moderators' and admins' routes (issue 35) the stranger is a member without the
// role (ROLE_REQUIRED unless the case says), the owner whoever the case makes it (the world's
// moderator or admin, who hold their roles through the operator's command), and on admins'
// routes the world's moderator is refused too (ROLE_REQUIRED).
// ---------------------------------------------------------------------------

type Caller = 'guest' | 'stranger' | 'owner';
/** Allowed: the documented success. A code: refused with it (and its documented status). */
type Outcome = 'allowed' | ErrorCode;

type Credentials = { header(): Record<string, string> };

type Member = { jar: CookieJar; userId: string; registration: RegisterRequest };

type JsonBody = Record<string, unknown>;

/** One call, as the owner makes it; the guest and the stranger replay it with their own cookies. */
type Prepared = {
  path: string;
  /** The JSON body, or each caller's (a body that can be used once, like a registration). */
  body?: JsonBody | ((caller: Caller) => JsonBody | Promise<JsonBody>);
  /** An upload's form, made afresh for each caller. */
  form?: () => FormData;
  owner: Credentials;
  /** Another member than the suite's usual stranger (when the call would spoil theirs). */
  stranger?: Credentials;
  /** What a caller's answer must also show (an object-level check on what a read reveals). */
  see?: (caller: Caller, answer: TestResponse<unknown>) => void | Promise<void>;
  /** Run after the guest and the stranger were refused: the owner's thing is as it was. */
  untouched?: () => Promise<void>;
};

type AccessCase = {
  prepare: (world: World) => Promise<Prepared>;
  /** Defaults: guests only on `anyone` routes (else the route's guest code). */
  guest?: Outcome;
  /** Defaults: `anyone` and `member` routes, allowed; `owner` routes must say. */
  stranger?: Outcome;
  /** Default: allowed. A code for a route the owner reaches but cannot succeed on here. */
  owner?: Outcome;
  /** Admins' routes: what the world's moderator gets (default ROLE_REQUIRED). */
  moderator?: Outcome;
};

type World = {
  url: string;
  owner: Member;
  stranger: Member;
  questions: ProfileQuestion[];
  /** An image the owner uploaded, for posts. */
  image: string;
  /** Members holding the moderator role, and the admin role (granted by the admin command). */
  moderator: Member;
  admin: Member;
  /** A verified member of their own, for calls that end or change an account or session. */
  member(overrides?: Partial<RegisterRequest>): Promise<Member>;
  /** A registered account not yet verified, and the browser holding its ticket. */
  pending(): Promise<{ ticket: CookieJar; userId: string; registration: RegisterRequest }>;
  post(author: Member, privacy: 'public' | 'private'): Promise<Post>;
  /** A private post, once the comments and reactions services have heard that it is. */
  privatePost(author: Member): Promise<Post>;
  comment(author: Member, postId: string): Promise<string>;
  privateQuestion(owner: Member): Promise<PrivateQuestion>;
  upload(author: Member): Promise<string>;
  answers(member: Member): Promise<OwnMeAnswer[]>;
};

const LONG_ANSWER =
  'I grew up by the sea, and every summer we walked the shore at dawn collecting shells and stories. ';
const STORY = `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`;

const versionOf = (answers: OwnMeAnswer[], questionId: string) =>
  answers.find((answer) => answer.questionId === questionId)?.version ?? 0;

function expectAnswer(route: ApiRoute, response: TestResponse<unknown>, outcome: Outcome) {
  const shown = { status: response.status, body: response.text.slice(0, 300) };
  if (outcome === 'allowed') {
    expect(shown).toMatchObject({ status: route.status });
    if (!route.produces) expect(route.response.parse(response.body)).toEqual(response.body);
    return;
  }
  expect(shown).toMatchObject({
    status: errorCatalog[outcome].status,
    body: expect.stringContaining(`"code":"${outcome}"`),
  });
  expect(ErrorEnvelope.parse(response.body).code).toBe(outcome);
  // And the refusal is one the reference names for this route.
  expect(routeErrorCodes(route, { rateLimited: true })).toContain(outcome);
}

const ID_FIELD = /(^id\d?$|Id$|Index$)/;

/** The names of what a route's path and body carry that name something: ids, indexes. */
function idsCarried(route: ApiRoute): string[] {
  const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
  const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  const inBody = Object.keys(shape).filter((name) => ID_FIELD.test(name));
  const inQuery = Object.keys(route.query ?? {}).filter((name) => ID_FIELD.test(name));
  return [...inPath, ...inBody, ...inQuery];
}

const key = (route: ApiRoute) => `${route.method} ${route.path}`;

const cases: Record<string, AccessCase> = {
  // --- users ---------------------------------------------------------------------------
  'POST /api/users/register': {
    prepare: async (world) => ({
      path: '/api/users/register',
      body: () => newRegistration(),
      owner: world.owner.jar,
    }),
  },
  'POST /api/users/login': {
    // Signing in ends the session the browser held: members of their own.
    prepare: async (world) => {
      const [owner, stranger] = [await world.member(), await world.member()];
      return {
        path: '/api/users/login',
        body: { email: owner.registration.email, password: owner.registration.password },
        owner: owner.jar,
        stranger: stranger.jar,
      };
    },
  },
  'POST /api/users/session': {
    prepare: async (world) => ({
      path: '/api/users/session',
      owner: world.owner.jar,
      see: (caller, answer) => {
        const expected =
          caller === 'guest'
            ? 'NoSession'
            : caller === 'owner'
              ? world.owner.userId
              : world.stranger.userId;
        expect(
          typeof answer.body === 'string' ? answer.body : (answer.body as CurrentUser).id,
        ).toBe(expected);
      },
    }),
  },
  'POST /api/users/logout': {
    prepare: async (world) => {
      const [owner, stranger] = [await world.member(), await world.member()];
      return {
        path: '/api/users/logout',
        owner: owner.jar,
        stranger: stranger.jar,
        // Signing out ends only the caller's own session.
        see: async (caller) => {
          if (caller !== 'stranger') return;
          const still = await call<CurrentUser>(world.url, 'POST', '/api/users/session', {
            headers: owner.jar.header(),
          });
          expect(still.body.id).toBe(owner.userId);
        },
      };
    },
  },
  'PUT /api/users/updateUserInformation': {
    prepare: async (world) => ({
      path: '/api/users/updateUserInformation',
      body: { aboutMe: 'Tells stories about the sea' },
      owner: world.owner.jar,
      // Each member changes only their own profile: the body names no one.
      see: (caller, answer) => {
        if (caller === 'stranger')
          expect((answer.body as CurrentUser).id).toBe(world.stranger.userId);
      },
    }),
  },
  'PUT /api/users/updateUserLanguage': {
    prepare: async (world) => ({
      path: '/api/users/updateUserLanguage',
      body: { language: 'en' },
      owner: world.owner.jar,
    }),
  },
  'GET /api/users/getProfileById/{id}': {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: `/api/users/getProfileById/${world.owner.userId}`,
      owner: world.owner.jar,
      // A profile shows what anyone may see: never the email or phone.
      see: (_caller, answer) => {
        expect(answer.text).not.toContain(world.owner.registration.email);
        expect(answer.text).not.toContain(world.owner.registration.phoneNumber.slice(1));
      },
    }),
  },
  'POST /api/users/getMembersByIds': {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: '/api/users/getMembersByIds',
      body: { ids: [world.owner.userId] },
      owner: world.owner.jar,
      see: (_caller, answer) => expect(answer.text).not.toContain(world.owner.registration.email),
    }),
  },
  // Members may look one another up by address (to share with them).
  'GET /api/users/getUserIdByEmail/{email}': {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: `/api/users/getUserIdByEmail/${encodeURIComponent(world.owner.registration.email)}`,
      owner: world.owner.jar,
    }),
  },
  'GET /api/users/sessions': {
    prepare: async (world) => ({
      path: '/api/users/sessions',
      owner: world.owner.jar,
      // Only the caller's own sessions: the stranger's list has one, the current one.
      see: (caller, answer) => {
        if (caller === 'stranger')
          expect(
            (answer.body as { sessions: SessionInfo[] }).sessions.every((s) => s.current),
          ).toBe(true);
      },
    }),
  },
  'POST /api/users/endOtherSessions': {
    prepare: async (world) => {
      const owner = await world.member();
      return { path: '/api/users/endOtherSessions', owner: owner.jar };
    },
  },
  'POST /api/users/endSession': {
    stranger: 'SESSION_NOT_FOUND',
    prepare: async (world) => {
      const owner = await world.member();
      // A second sign-in of the owner's: the session the call ends.
      const other = await call(world.url, 'POST', '/api/users/login', {
        body: { email: owner.registration.email, password: owner.registration.password },
      });
      const otherJar = new CookieJar();
      otherJar.store(other.headers);
      const sessions = await call<{ sessions: SessionInfo[] }>(
        world.url,
        'GET',
        '/api/users/sessions',
        {
          headers: otherJar.header(),
        },
      );
      const sessionId = sessions.body.sessions.find((session) => session.current)?.id;
      return {
        path: '/api/users/endSession',
        body: { sessionId },
        owner: owner.jar,
        untouched: async () => {
          const alive = await call<CurrentUser>(world.url, 'POST', '/api/users/session', {
            headers: otherJar.header(),
          });
          expect(alive.body.id).toBe(owner.userId);
        },
      };
    },
  },
  'POST /api/users/deleteUserById': {
    stranger: 'NOT_ACCOUNT_OWNER',
    prepare: async (world) => {
      const owner = await world.member();
      return {
        path: '/api/users/deleteUserById',
        body: { id: owner.userId, password: owner.registration.password },
        owner: owner.jar,
        untouched: async () => {
          const profile = await call(world.url, 'GET', `/api/users/getProfileById/${owner.userId}`);
          expect(profile.status).toBe(200);
        },
      };
    },
  },
  // The verification calls belong to the browser holding the account's ticket (a cookie from
  // register): a guest without it and a signed-in member are both refused.
  'POST /api/users/sendPhoneCode': {
    guest: 'VERIFICATION_SESSION_REQUIRED',
    stranger: 'VERIFICATION_SESSION_REQUIRED',
    // The code registration sent is under a minute old.
    owner: 'RESEND_TOO_SOON',
    prepare: async (world) => {
      const pending = await world.pending();
      return {
        path: '/api/users/sendPhoneCode',
        body: {
          prefix: pending.registration.phoneNumberPrefix,
          phone: pending.registration.phoneNumber,
        },
        owner: pending.ticket,
      };
    },
  },
  'PUT /api/users/verifyUserByPhone': {
    guest: 'VERIFICATION_SESSION_REQUIRED',
    // A signed-in member's call confirms a change of their own number: none is waiting.
    stranger: 'VERIFY_CODE_EXPIRED',
    prepare: async (world) => {
      const pending = await world.pending();
      const sms = await outboxMessage(
        world.url,
        (m) => m.channel === 'sms' && m.to === e164Of(pending.registration),
      );
      return {
        path: '/api/users/verifyUserByPhone',
        body: {
          prefix: pending.registration.phoneNumberPrefix,
          phone: pending.registration.phoneNumber,
          verifyCode: codeIn(sms.text),
        },
        owner: pending.ticket,
      };
    },
  },
  'POST /api/users/sendVerificationEmailToUser': {
    guest: 'VERIFICATION_SESSION_REQUIRED',
    stranger: 'VERIFICATION_SESSION_REQUIRED',
    // Verifying the phone sent the first email a moment ago.
    owner: 'RESEND_TOO_SOON',
    prepare: async (world) => {
      const pending = await world.pending();
      await verifyPhone(world, pending);
      return {
        path: '/api/users/sendVerificationEmailToUser',
        body: {
          prefix: pending.registration.phoneNumberPrefix,
          phone: pending.registration.phoneNumber,
        },
        owner: pending.ticket,
      };
    },
  },
  // The emailed link is the credential: whoever opens it verifies, once.
  'PUT /api/users/verifyUserByEmail': {
    guest: 'allowed',
    stranger: 'VERIFY_LINK_EXPIRED',
    owner: 'VERIFY_LINK_EXPIRED',
    prepare: async (world) => {
      const pending = await world.pending();
      await verifyPhone(world, pending);
      const email = await outboxMessage(
        world.url,
        (m) =>
          m.channel === 'email' && m.to === pending.registration.email && m.text.includes('token='),
      );
      return {
        path: '/api/users/verifyUserByEmail',
        body: { verifyCode: linkParam(email.text, 'token') },
        owner: pending.ticket,
      };
    },
  },
  'POST /api/users/getUserToVerify': {
    guest: 'VERIFICATION_SESSION_REQUIRED',
    stranger: 'VERIFICATION_SESSION_REQUIRED',
    prepare: async (world) => {
      const pending = await world.pending();
      return {
        path: '/api/users/getUserToVerify',
        body: { userId: pending.userId },
        owner: pending.ticket,
      };
    },
  },
  'POST /api/users/userVerified': {
    guest: 'VERIFICATION_SESSION_REQUIRED',
    stranger: 'VERIFICATION_SESSION_REQUIRED',
    prepare: async (world) => {
      const pending = await world.pending();
      return {
        path: '/api/users/userVerified',
        body: { userId: pending.userId },
        owner: pending.ticket,
      };
    },
  },
  'PUT /api/users/changePhonenumber': {
    guest: 'VERIFICATION_SESSION_REQUIRED',
    // Another's id in a member's call is read as a pending account's: without its ticket, refused.
    stranger: 'VERIFICATION_SESSION_REQUIRED',
    prepare: async (world) => {
      const pending = await world.pending();
      return {
        path: '/api/users/changePhonenumber',
        body: {
          userId: pending.userId,
          phoneNumberPrefix: '+972',
          phoneNumber: newRegistration().phoneNumber,
        },
        owner: pending.ticket,
        untouched: async () => {
          const user = await call<{ phoneNumber: string }>(
            world.url,
            'POST',
            '/api/users/getUserToVerify',
            {
              headers: pending.ticket.header(),
              body: { userId: pending.userId },
            },
          );
          expect(user.text).toContain(pending.registration.phoneNumber.slice(1));
        },
      };
    },
  },
  'PUT /api/users/changeEmail': {
    prepare: async (world) => ({
      path: '/api/users/changeEmail',
      body: () => ({ email: newRegistration().email, password: world.owner.registration.password }),
      owner: world.owner.jar,
    }),
  },
  'POST /api/users/sendPasswordResetEmail': {
    prepare: async (world) => ({
      path: '/api/users/sendPasswordResetEmail',
      body: { email: world.owner.registration.email },
      owner: world.owner.jar,
    }),
  },
  'POST /api/users/updateUserPassword': {
    // Without the emailed token the caller must be the member, signed in.
    guest: 'AUTH_REQUIRED',
    stranger: 'NOT_ACCOUNT_OWNER',
    prepare: async (world) => {
      const owner = await world.member();
      return {
        path: '/api/users/updateUserPassword',
        body: {
          userId: owner.userId,
          newPassword: 'another-long-secret-7',
          currentPassword: owner.registration.password,
        },
        owner: owner.jar,
      };
    },
  },
  // The signed link is the credential; a forged signature for the owner's address is refused.
  'POST /api/users/unsubscribe': {
    guest: 'INVALID_UNSUBSCRIBE_LINK',
    stranger: 'INVALID_UNSUBSCRIBE_LINK',
    prepare: async (world) => {
      const email = await outboxMessage(
        world.url,
        (m) => m.channel === 'email' && m.to === world.owner.registration.email,
      );
      const signature = linkParam(email.text, 'signature');
      return {
        path: '/api/users/unsubscribe',
        body: (caller: Caller) => ({
          email: world.owner.registration.email,
          signature: caller === 'owner' ? signature : `${signature.slice(1)}A`,
        }),
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/users/getPublishedUsers': {
    prepare: async (world) => ({
      path: '/api/users/getPublishedUsers',
      body: {},
      owner: world.owner.jar,
    }),
  },
  'POST /api/users/getHomepageUsers': {
    prepare: async (world) => ({
      path: '/api/users/getHomepageUsers',
      body: {},
      owner: world.owner.jar,
    }),
  },
  'GET /api/users/getRandomPublishedUsers': {
    prepare: async (world) => ({
      path: '/api/users/getRandomPublishedUsers',
      owner: world.owner.jar,
    }),
  },
  'GET /api/users/getPublishedProfilesAmount': {
    prepare: async (world) => ({
      path: '/api/users/getPublishedProfilesAmount',
      owner: world.owner.jar,
    }),
  },

  // --- posts ---------------------------------------------------------------------------
  'POST /api/posts/getPosts': {
    stranger: 'allowed',
    prepare: async (world) => {
      const hidden = await world.post(world.owner, 'private');
      return {
        path: '/api/posts/getPosts',
        body: { publisherId: world.owner.userId },
        owner: world.owner.jar,
        // A private post is listed for its author alone.
        see: (caller, answer) => {
          const ids = (answer.body as { posts: Post[] }).posts.map((post) => post.postId);
          expect(ids.includes(hidden.postId)).toBe(caller === 'owner');
        },
      };
    },
  },
  // "From people you follow" (our addition): a member's own list. The stranger follows the
  // owner, whose private post is never in anyone's list, theirs included (apps/posts/test
  // following.int-spec.ts has the list itself).
  'POST /api/posts/getFollowingPosts': {
    stranger: 'allowed',
    prepare: async (world) => {
      const hidden = await world.post(world.owner, 'private');
      // Whether or not the follow has reached the posts service yet, the private post is out.
      await call(world.url, 'POST', '/api/follows/follow', {
        headers: world.stranger.jar.header(),
        body: { userId: world.owner.userId },
      });
      return {
        path: '/api/posts/getFollowingPosts',
        body: { limit: 50 },
        owner: world.owner.jar,
        see: (_caller, answer) => {
          const ids = (answer.body as { posts: Post[] }).posts.map((post) => post.postId);
          expect(ids).not.toContain(hidden.postId);
        },
      };
    },
  },
  // Every member writes their own post; a `questionId` is refused (only a published answer makes a
  // questionnaire post: posts.int-spec.ts).
  'POST /api/posts/create': {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: '/api/posts/create',
      body: {
        title: 'A summer to remember',
        content: STORY,
        image: world.image,
        credit: 'Photo: the author',
        privacy: 'public',
      },
      owner: world.owner.jar,
      see: (caller, answer) => {
        const author = caller === 'owner' ? world.owner.userId : world.stranger.userId;
        expect((answer.body as Post).publisherId).toBe(author);
      },
    }),
  },
  'PUT /api/posts/update': {
    stranger: 'NOT_POST_OWNER',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'public');
      return {
        path: '/api/posts/update',
        body: { postId: post.postId, title: 'Changed by its author' },
        owner: world.owner.jar,
        untouched: async () => expect((await readPost(world, post.postId)).title).toBe(post.title),
      };
    },
  },
  'POST /api/posts/getPostById': {
    guest: 'POST_NOT_FOUND',
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'private');
      return {
        path: '/api/posts/getPostById',
        body: { postId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'PUT /api/posts/like': {
    // Another's private post does not exist for a stranger, to like or otherwise.
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'private');
      return { path: '/api/posts/like', body: { id: post.postId }, owner: world.owner.jar };
    },
  },
  'DELETE /api/posts/deletePost/{id}': {
    stranger: 'NOT_POST_OWNER',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'public');
      return {
        path: `/api/posts/deletePost/${post.postId}`,
        owner: world.owner.jar,
        untouched: async () =>
          expect((await readPost(world, post.postId)).postId).toBe(post.postId),
      };
    },
  },
  'DELETE /api/posts/deleteMePost/{id}': {
    // The path names a question: a stranger's own answer to it is not in the magazine.
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const questionId = world.questions[0]!.questionId;
      await publishAnswer(world, world.owner, questionId);
      return { path: `/api/posts/deleteMePost/${questionId}`, owner: world.owner.jar };
    },
  },
  'POST /api/posts/updatePostPrivacy': {
    stranger: 'NOT_POST_OWNER',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'public');
      return {
        path: '/api/posts/updatePostPrivacy',
        body: { postId: post.postId, privacy: 'private' },
        owner: world.owner.jar,
        untouched: async () => expect((await readPost(world, post.postId)).privacy).toBe('public'),
      };
    },
  },
  'POST /api/posts/getMePost': {
    stranger: 'allowed',
    prepare: async (world) => {
      const post = await publishAnswer(world, world.owner, world.questions[0]!.questionId);
      return {
        path: '/api/posts/getMePost',
        body: { postId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/posts/updatePostViews': {
    guest: 'POST_NOT_FOUND',
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'private');
      return {
        path: '/api/posts/updatePostViews',
        body: { postId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/posts/translateOutput': {
    prepare: async (world) => ({
      path: '/api/posts/translateOutput',
      body: { output: '<p>Hello</p>', target: 'he' },
      owner: world.owner.jar,
    }),
  },
  'GET /api/posts/translationStatus': {
    prepare: async (world) => ({
      path: '/api/posts/translationStatus',
      owner: world.owner.jar,
    }),
  },
  'POST /api/posts/updateShareProp': {
    guest: 'POST_NOT_FOUND',
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'private');
      return {
        path: '/api/posts/updateShareProp',
        body: { objectId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  // Drafts (issue 33): the caller's own alone; another member's is not found, as no draft is.
  'POST /api/posts/saveDraft': {
    stranger: 'DRAFT_NOT_FOUND',
    prepare: async (world) => {
      const draft = await saveDraft(world, { title: 'A draft of my own' });
      return {
        path: '/api/posts/saveDraft',
        body: { draftId: draft.draftId, version: draft.version, title: 'Changed by its author' },
        owner: world.owner.jar,
        untouched: async () =>
          expect(await readDraft(world, draft.draftId)).toMatchObject({
            title: 'A draft of my own',
            version: 1,
          }),
        see: (caller, answer) =>
          expect(answer.body).toMatchObject({ title: 'Changed by its author', version: 2 }),
      };
    },
  },
  'POST /api/posts/getDrafts': {
    stranger: 'allowed',
    prepare: async (world) => {
      const draft = await saveDraft(world, { title: 'Listed for its author alone' });
      return {
        path: '/api/posts/getDrafts',
        body: { limit: 50 },
        owner: world.owner.jar,
        see: (caller, answer) => {
          const ids = (answer.body as PostDraftsPage).drafts.map((listed) => listed.draftId);
          if (caller === 'owner') expect(ids).toContain(draft.draftId);
          else expect(ids).not.toContain(draft.draftId);
        },
      };
    },
  },
  'POST /api/posts/getDraft': {
    stranger: 'DRAFT_NOT_FOUND',
    prepare: async (world) => {
      const draft = await saveDraft(world, { title: 'Read by its author alone' });
      return {
        path: '/api/posts/getDraft',
        body: { draftId: draft.draftId },
        owner: world.owner.jar,
        see: (_caller, answer) =>
          expect((answer.body as PostDraft).title).toBe('Read by its author alone'),
      };
    },
  },
  'POST /api/posts/publishDraft': {
    stranger: 'DRAFT_NOT_FOUND',
    prepare: async (world) => {
      const draft = await saveDraft(world, {
        title: 'Published by its author alone',
        content: STORY,
        image: world.image,
        credit: 'Photo: the author',
        privacy: 'public',
      });
      return {
        path: '/api/posts/publishDraft',
        body: { draftId: draft.draftId, version: draft.version },
        owner: world.owner.jar,
        untouched: async () =>
          expect((await readDraft(world, draft.draftId)).version).toBe(draft.version),
        see: (_caller, answer) =>
          expect(answer.body).toMatchObject({
            title: 'Published by its author alone',
            publisherId: world.owner.userId,
          }),
      };
    },
  },
  'DELETE /api/posts/deleteDraft/{id}': {
    stranger: 'DRAFT_NOT_FOUND',
    prepare: async (world) => {
      const draft = await saveDraft(world, { title: 'Deleted by its author alone' });
      return {
        path: `/api/posts/deleteDraft/${draft.draftId}`,
        owner: world.owner.jar,
        untouched: async () =>
          expect((await readDraft(world, draft.draftId)).draftId).toBe(draft.draftId),
      };
    },
  },

  // --- me-answers ----------------------------------------------------------------------
  'GET /api/profileQuestions/getQuestions': {
    prepare: async (world) => ({
      path: '/api/profileQuestions/getQuestions',
      owner: world.owner.jar,
    }),
  },
  'GET /api/profileQuestions/getQuestionsIds': {
    prepare: async (world) => ({
      path: '/api/profileQuestions/getQuestionsIds',
      owner: world.owner.jar,
    }),
  },
  'GET /api/meAnswers/getUserAnswers': {
    stranger: 'allowed',
    prepare: async (world) => {
      const hidden = (await world.answers(world.owner)).find(
        (answer) => answer.privacy === 'private',
      );
      expect(hidden).toBeDefined();
      return {
        path: `/api/meAnswers/getUserAnswers?userId=${world.owner.userId}`,
        owner: world.owner.jar,
        // A private answer is there for its owner alone.
        see: (caller, answer) => {
          const ids = (answer.body as Array<{ meAnswerId: string }>).map((a) => a.meAnswerId);
          expect(ids.length).toBeGreaterThan(0);
          expect(ids.includes(hidden!.meAnswerId)).toBe(caller === 'owner');
        },
      };
    },
  },
  'GET /api/meAnswers/getCurrentUserAnswers': {
    prepare: async (world) => ({
      path: '/api/meAnswers/getCurrentUserAnswers',
      owner: world.owner.jar,
      see: (caller, answer) => {
        if (caller !== 'stranger') return;
        const owners = new Set(
          (answer.body as { answers: OwnMeAnswer[] }).answers.map((a) => a.meAnswerId),
        );
        return world.answers(world.owner).then((own) => {
          for (const a of own) expect(owners.has(a.meAnswerId)).toBe(false);
        });
      },
    }),
  },
  // The questionnaire's saves act on the caller's own answer to a shared question: the
  // stranger's call saves the stranger's answer, never the owner's.
  'POST /api/meAnswers/saveDraft': {
    stranger: 'allowed',
    prepare: async (world) => answerCall(world, '/api/meAnswers/saveDraft'),
  },
  'POST /api/meAnswers/saveLive': {
    stranger: 'allowed',
    prepare: async (world) => answerCall(world, '/api/meAnswers/saveLive'),
  },
  'POST /api/meAnswers/revertDraft': {
    stranger: 'allowed',
    prepare: async (world) => {
      const questionId = world.questions[0]!.questionId;
      const jarOf = (caller: Caller) => (caller === 'owner' ? world.owner : world.stranger);
      return {
        path: '/api/meAnswers/revertDraft',
        body: async (caller: Caller) => ({
          questionId,
          version: versionOf(await world.answers(jarOf(caller)), questionId),
        }),
        owner: world.owner.jar,
        see: (caller, answer) => {
          if (caller === 'guest') return;
          const mine = answer.body as OwnMeAnswer;
          return world
            .answers(jarOf(caller))
            .then((answers) => expect(answers.map((a) => a.meAnswerId)).toContain(mine.meAnswerId));
        },
      };
    },
  },
  'POST /api/meAnswers/togglePublishAsPost': {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: '/api/meAnswers/togglePublishAsPost',
      body: { questionId: world.questions[0]!.questionId },
      owner: world.owner.jar,
    }),
  },
  'POST /api/meAnswers/deleteMeAnswersFromPosts': {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: '/api/meAnswers/deleteMeAnswersFromPosts',
      body: { questionId: world.questions[0]!.questionId },
      owner: world.owner.jar,
    }),
  },
  'POST /api/meAnswers/updatePostViews': {
    guest: 'ANSWER_NOT_FOUND',
    stranger: 'ANSWER_NOT_FOUND',
    prepare: async (world) => {
      const hidden = (await world.answers(world.owner)).find(
        (answer) => answer.privacy === 'private',
      );
      return {
        path: '/api/meAnswers/updatePostViews',
        body: { meAnswerId: hidden!.meAnswerId },
        owner: world.owner.jar,
      };
    },
  },

  // --- feed-messages -------------------------------------------------------------------
  // A private post's discussion is its author's alone (a public one is anyone's to read and
  // every member's to join: apps/feed-messages/test).
  'POST /api/feedMessages/sendMessage': {
    stranger: 'DISCUSSION_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      return {
        path: '/api/feedMessages/sendMessage',
        body: { message: 'What a lovely story', tag: null, postId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'PUT /api/feedMessages/editMessage': {
    stranger: 'NOT_MESSAGE_AUTHOR',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'public');
      const messageId = await world.comment(world.owner, post.postId);
      return {
        path: '/api/feedMessages/editMessage',
        body: { messageId, message: 'Edited by its author', tag: null },
        owner: world.owner.jar,
        untouched: async () => {
          const page = await call<{
            messages: Array<{ messageId: string; message: string | null }>;
          }>(world.url, 'POST', '/api/feedMessages/getMessages', { body: { id: post.postId } });
          expect(page.body.messages.find((m) => m.messageId === messageId)?.message).toBe(
            'A first comment',
          );
        },
      };
    },
  },
  'POST /api/feedMessages/getMessages': {
    guest: 'DISCUSSION_NOT_FOUND',
    stranger: 'DISCUSSION_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      await world.comment(world.owner, post.postId);
      return {
        path: '/api/feedMessages/getMessages',
        body: { id: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'GET /api/feedMessages/getNumberOfMessages/{id}': {
    guest: 'DISCUSSION_NOT_FOUND',
    stranger: 'DISCUSSION_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      return {
        path: `/api/feedMessages/getNumberOfMessages/${post.postId}`,
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/feedMessages/getMessageCounts': {
    // Anyone counts; a private post's count is its author's alone, left out for anyone else.
    prepare: async (world) => {
      const [closed, open] = [
        await world.privatePost(world.owner),
        await world.post(world.owner, 'public'),
      ];
      await world.comment(world.owner, closed.postId);
      return {
        path: '/api/feedMessages/getMessageCounts',
        body: { ids: [closed.postId, open.postId] },
        owner: world.owner.jar,
        see: (caller, answer) => {
          expect((answer.body as { counts: Record<string, number> }).counts).toEqual(
            caller === 'owner' ? { [closed.postId]: 1, [open.postId]: 0 } : { [open.postId]: 0 },
          );
        },
      };
    },
  },
  'PUT /api/feedMessages/like': {
    // Liking another member's comment is what liking is for, where the member may see it.
    stranger: 'DISCUSSION_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      const messageId = await world.comment(world.owner, post.postId);
      return { path: '/api/feedMessages/like', body: { id: messageId }, owner: world.owner.jar };
    },
  },
  'DELETE /api/feedMessages/deleteMessage/{id}/{id2}': {
    stranger: 'NOT_MESSAGE_AUTHOR',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'public');
      const messageId = await world.comment(world.owner, post.postId);
      return {
        path: `/api/feedMessages/deleteMessage/${messageId}/${post.postId}`,
        owner: world.owner.jar,
        untouched: async () => {
          const count = await call<{ count: number }>(
            world.url,
            'GET',
            `/api/feedMessages/getNumberOfMessages/${post.postId}`,
          );
          expect(count.text).toMatch(/1/);
        },
      };
    },
  },

  // --- private-questions: a member's own, by index or id; no one else's exist for them ------
  'POST /api/privateQuestions/getQuestions': {
    stranger: 'FORBIDDEN',
    prepare: async (world) => {
      await world.privateQuestion(world.owner);
      return {
        path: '/api/privateQuestions/getQuestions',
        body: { userId: world.owner.userId },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/privateQuestions/insertNewPrivateQuestion': {
    prepare: async (world) => {
      // The stranger of the other private-question cases has none: this one adds their own.
      const stranger = await world.member();
      return {
        path: '/api/privateQuestions/insertNewPrivateQuestion',
        body: {
          questionTitle: 'What did the sea teach you?',
          subQuestions: ['When did it start?', 'Where were you then?'],
        },
        owner: world.owner.jar,
        stranger: stranger.jar,
      };
    },
  },
  'POST /api/privateQuestions/updatePrivateQuestion': {
    stranger: 'QUESTION_NOT_FOUND',
    prepare: async (world) => {
      const question = await world.privateQuestion(world.owner);
      return {
        path: '/api/privateQuestions/updatePrivateQuestion',
        body: {
          questionId: question.questionId,
          questionTitle: 'Changed by its owner',
          subQuestions: ['The first part of it?', 'The second part of it?'],
        },
        owner: world.owner.jar,
        untouched: async () => {
          const again = await privateQuestionAt(world, question.questionIndex);
          expect(again.questionTitle).toBe(question.questionTitle);
        },
      };
    },
  },
  'POST /api/privateQuestions/getQuestionByIndex': privateByIndex(
    '/api/privateQuestions/getQuestionByIndex',
  ),
  'POST /api/privateQuestions/deleteQuestionByIndex': privateByIndex(
    '/api/privateQuestions/deleteQuestionByIndex',
  ),
  'POST /api/privateQuestions/getAnswer': privateByIndex('/api/privateQuestions/getAnswer'),
  'POST /api/privateQuestions/saveDraft': privateByIndex('/api/privateQuestions/saveDraft', true),
  'POST /api/privateQuestions/saveLive': privateByIndex('/api/privateQuestions/saveLive', true),
  'POST /api/privateQuestions/revertDraft': privateByIndex(
    '/api/privateQuestions/revertDraft',
    false,
  ),
  // A saved answer is read by its audience (issue 34): the owner shares one with members and
  // keeps another to themself; a guest reads neither, the stranger (a member) the first only.
  'POST /api/privateQuestions/getSharedAnswers': {
    stranger: 'allowed',
    prepare: async (world) => {
      const ids: string[] = [];
      for (const privacy of ['members', 'private'] as const) {
        const question = await world.privateQuestion(world.owner);
        const sub = question.subQuestions[0]?.id ?? '';
        const saved = await call(world.url, 'POST', '/api/privateQuestions/saveLive', {
          headers: world.owner.jar.header(),
          body: {
            questionIndex: question.questionIndex,
            questionId: question.questionId,
            answerData: { [sub]: `Shared with ${privacy}` },
            version: 0,
            privacy,
          },
        });
        expect(saved.status).toBe(200);
        ids.push(question.questionId);
      }
      const [forMembers, forOwner] = ids;
      return {
        path: '/api/privateQuestions/getSharedAnswers',
        body: { userId: world.owner.userId },
        owner: world.owner.jar,
        see: (caller, answer) => {
          const read = (answer.body as SharedPrivateAnswers).answers.map(
            (shared) => shared.questionId,
          );
          expect(read.includes(forMembers ?? '')).toBe(caller !== 'guest');
          expect(read.includes(forOwner ?? '')).toBe(caller === 'owner');
          expect(answer.text).not.toContain('"draft"');
        },
      };
    },
  },

  // --- reactions: a member's own like or reaction on any object they may read --------------
  // A private post's likes, views, reactions and counts are its author's alone: to anyone else
  // the post does not exist (issue 29; a public one is anyone's: apps/reactions/test).
  'POST /api/userLikes/toggleLike': {
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      return {
        path: '/api/userLikes/toggleLike',
        body: { collectionName: 'posts', objectId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/userLikes/getLikedByCurrentUser': {
    // `userId` is ignored: a caller learns only their own likes.
    stranger: 'allowed',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'public');
      await call(world.url, 'POST', '/api/userLikes/toggleLike', {
        headers: world.owner.jar.header(),
        body: { collectionName: 'posts', objectId: post.postId },
      });
      return {
        path: '/api/userLikes/getLikedByCurrentUser',
        body: { collectionName: 'posts', userId: world.owner.userId },
        owner: world.owner.jar,
        see: (caller, answer) => {
          if (caller === 'guest') return;
          const ids = (answer.body as { objectIds: string[] }).objectIds;
          expect(ids.includes(post.postId)).toBe(caller === 'owner');
        },
      };
    },
  },
  'POST /api/userViews/toggleView': {
    guest: 'POST_NOT_FOUND',
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      return {
        path: '/api/userViews/toggleView',
        body: { collectionName: 'posts', objectId: post.postId },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/lotties/toggleLike': {
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      return {
        path: '/api/lotties/toggleLike',
        body: { collectionName: 'posts', objectId: post.postId, name: 'hug' },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/lotties/fillLotties': {
    guest: 'POST_NOT_FOUND',
    stranger: 'POST_NOT_FOUND',
    prepare: async (world) => {
      const post = await world.privatePost(world.owner);
      await call(world.url, 'POST', '/api/lotties/toggleLike', {
        headers: world.owner.jar.header(),
        body: { collectionName: 'posts', objectId: post.postId, name: 'clap' },
      });
      return {
        path: '/api/lotties/fillLotties',
        body: { collectionName: 'posts', objectId: post.postId },
        owner: world.owner.jar,
        // Only the author reads the counts, and sees the reaction as theirs.
        see: (caller, answer) => {
          const body = answer.body as { mine: string[] };
          expect(body.mine.includes('clap')).toBe(caller === 'owner');
        },
      };
    },
  },

  // --- follows (our addition, issue 32): the follower is always the caller; lists and counts
  // are public, as the member's profile is ----------------------------------------------------
  'POST /api/follows/follow': followCase('follow', (caller, answer) => {
    if (caller === 'guest') return;
    expect((answer.body as { followedByMe: boolean }).followedByMe).toBe(true);
  }),
  'POST /api/follows/unfollow': followCase('unfollow', (caller, answer) => {
    if (caller === 'guest') return;
    expect((answer.body as { followedByMe: boolean }).followedByMe).toBe(false);
  }),
  'POST /api/follows/getFollowers': followCase('getFollowers', (_caller, answer) => {
    const members = (answer.body as { members: Array<{ userId: string }> }).members;
    expect(members.length).toBe(1);
  }),
  'POST /api/follows/getFollowing': {
    stranger: 'allowed',
    prepare: async (world) => {
      await followedBy(world, world.owner);
      return {
        path: '/api/follows/getFollowing',
        body: { userId: world.owner.userId },
        owner: world.owner.jar,
        see: (_caller, answer) =>
          expect((answer.body as { members: unknown[] }).members.length).toBe(1),
      };
    },
  },
  'POST /api/follows/getFollowCounts': followCase('getFollowCounts', (caller, answer) => {
    // Whether the caller follows is the caller's alone: the owner does, no one else.
    expect((answer.body as { followedByMe: boolean }).followedByMe).toBe(caller === 'owner');
  }),
  // A page's counts at once: public as each member's are, with whether the caller follows each;
  // an id of no one is left out for every caller alike.
  'POST /api/follows/getFollowStates': {
    stranger: 'allowed',
    prepare: async (world) => {
      const target = await followedBy(world, world.owner);
      const nobody = randomUUID();
      return {
        path: '/api/follows/getFollowStates',
        body: { userIds: [nobody, target.userId] },
        owner: world.owner.jar,
        see: (caller, answer) =>
          expect((answer.body as { states: unknown[] }).states).toEqual([
            {
              userId: target.userId,
              followers: expect.any(Number),
              following: 0,
              // The caller's alone: the owner follows the member, no one else.
              followedByMe: caller === 'owner',
            },
          ]),
      };
    },
  },

  // --- the weekly question (our addition, issue 32): every member route is the caller's own
  // settings (no id to name); the email's link is its own credential ----------------------------
  'GET /api/weeklyQuestion/getSettings': weeklyCase('getSettings', 'GET'),
  'POST /api/weeklyQuestion/schedule': weeklyCase('schedule', 'POST'),
  'POST /api/weeklyQuestion/pause': weeklyCase('pause', 'POST'),
  'POST /api/weeklyQuestion/resume': weeklyCase('resume', 'POST'),
  'POST /api/weeklyQuestion/skip': weeklyCase('skip', 'POST'),
  'POST /api/weeklyQuestion/stop': weeklyCase('stop', 'POST'),
  // Signed for the owner (the development secret these processes run with); the guest and the
  // stranger send it altered to name themselves or another action, and are refused.
  'POST /api/weeklyQuestion/byLink': {
    guest: 'WEEKLY_QUESTION_LINK_INVALID',
    stranger: 'WEEKLY_QUESTION_LINK_INVALID',
    prepare: async (world) => {
      await weeklyScheduled(world, world.owner);
      const expiresAt = Math.floor(Date.now() / 1000) + 3600;
      const token = linkToken(
        { userId: world.owner.userId, action: 'pause', expiresAt },
        DEV_LINK_SECRET,
      );
      return {
        path: '/api/weeklyQuestion/byLink',
        body: (caller: Caller) => ({
          token:
            caller === 'owner'
              ? token
              : caller === 'stranger'
                ? token.replace(world.owner.userId, world.stranger.userId)
                : token.replace('.pause.', '.stop.'),
        }),
        owner: world.owner.jar,
        untouched: async () => expect((await weeklyOf(world, world.owner)).state).toBe('on'),
      };
    },
  },

  // --- notifications by email (our addition, issue 32): the member routes are the caller's own
  // choices (no id to name); an email's unsubscribe link is its own credential, for its member
  // and kind only --------------------------------------------------------------------------
  'GET /api/notifications/getEmailPreferences': emailPreferencesCase('getEmailPreferences'),
  'POST /api/notifications/setEmailPreferences': emailPreferencesCase('setEmailPreferences'),
  // RFC 8058: the mail provider POSTs the header's address without a session, so whoever holds
  // the owner's link (the guest, the stranger here) stops the owner's kind, and nothing of theirs.
  'POST /api/notifications/unsubscribe': {
    guest: 'allowed',
    prepare: async (world) => ({
      path: `/api/notifications/unsubscribe?token=${encodeURIComponent(
        unsubscribeToken({ userId: world.owner.userId, kind: 'story' }, DEV_LINK_SECRET),
      )}`,
      owner: world.owner.jar,
      see: async (caller, answer) => {
        expect(answer.body).toEqual({ kind: 'story', frequency: 'never' });
        expect((await emailPreferencesOf(world, world.owner)).kinds.story).toBe('never');
        if (caller === 'stranger')
          expect((await emailPreferencesOf(world, world.stranger)).kinds.story).toBe(
            EMAIL_FREQUENCY_DEFAULTS.story,
          );
      },
    }),
  },
  // The /unsubscribe page's call: the guest and the stranger send the owner's link altered to
  // name the stranger or another kind, and are refused.
  'POST /api/notifications/unsubscribeByLink': {
    guest: 'INVALID_UNSUBSCRIBE_LINK',
    stranger: 'INVALID_UNSUBSCRIBE_LINK',
    prepare: async (world) => {
      const token = unsubscribeToken(
        { userId: world.owner.userId, kind: 'follower' },
        DEV_LINK_SECRET,
      );
      return {
        path: '/api/notifications/unsubscribeByLink',
        body: (caller: Caller) => ({
          token:
            caller === 'owner'
              ? token
              : caller === 'stranger'
                ? token.replace(world.owner.userId, world.stranger.userId)
                : token.replace('.follower.', '.comment.'),
        }),
        owner: world.owner.jar,
        untouched: async () => {
          const kinds = (await emailPreferencesOf(world, world.owner)).kinds;
          expect(kinds.follower).toBe(EMAIL_FREQUENCY_DEFAULTS.follower);
          expect(kinds.comment).toBe(EMAIL_FREQUENCY_DEFAULTS.comment);
        },
      };
    },
  },

  // --- notifications (our addition, issue 32): always the caller's own; another member's group
  // id is one that does not exist ---------------------------------------------------------
  'POST /api/notifications/getNotifications': {
    prepare: async (world) => {
      const postId = await notifiedOwner(world);
      return {
        path: '/api/notifications/getNotifications',
        body: {},
        owner: world.owner.jar,
        // Each reads their own: the stranger's comment is news to the owner alone. (A follower
        // of the owner may hold a story about the same post, so the kind is what tells.)
        see: (caller, answer) => {
          const page = answer.body as NotificationPage;
          expect(
            page.notifications.some(
              (item) => item.kind === 'comment' && item.subject?.id === postId,
            ),
          ).toBe(caller === 'owner');
        },
      };
    },
  },
  'POST /api/notifications/getUnreadCount': {
    prepare: async (world) => ({
      path: '/api/notifications/getUnreadCount',
      body: {},
      owner: world.owner.jar,
    }),
  },
  'POST /api/notifications/markRead': {
    stranger: 'NOTIFICATION_NOT_FOUND',
    prepare: async (world) => {
      const postId = await notifiedOwner(world);
      const id = await ownersGroup(world, postId);
      return {
        path: '/api/notifications/markRead',
        body: { id },
        owner: world.owner.jar,
        untouched: async () => {
          const page = await ownersPage(world);
          expect(page.notifications.find((item) => item.id === id)?.read).toBe(false);
        },
      };
    },
  },
  'POST /api/notifications/markAllRead': {
    prepare: async (world) => {
      const postId = await notifiedOwner(world);
      const id = await ownersGroup(world, postId);
      return {
        path: '/api/notifications/markAllRead',
        body: {},
        owner: world.owner.jar,
        // The stranger's call marks the stranger's own: the owner's stays unread.
        untouched: async () => {
          const page = await ownersPage(world);
          expect(page.notifications.find((item) => item.id === id)?.read).toBe(false);
        },
      };
    },
  },
  'GET /api/notifications/stream': {
    prepare: async (world) => ({
      path: '/api/notifications/stream',
      owner: world.owner.jar,
    }),
  },

  // --- files: images are public once uploaded (their ids are unguessable) ------------------
  'POST /api/files/uploadApplicationFile': {
    prepare: async (world) => {
      const png = await sharp({
        create: { width: 32, height: 24, channels: 3, background: '#336699' },
      })
        .png()
        .toBuffer();
      return {
        path: '/api/files/uploadApplicationFile',
        form: () => {
          const form = new FormData();
          form.set('purpose', 'post');
          form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sea.png');
          return form;
        },
        owner: world.owner.jar,
      };
    },
  },
  // --- circles (our addition, issue 34): the owner is always the caller; an invitation's token is
  // its own credential, an address-bound one for that address's account alone -----------------
  'POST /api/circles/getMyCircle': {
    prepare: async (world) => {
      const inCircle = await world.member();
      await joinCircle(world, world.owner, inCircle);
      return {
        path: '/api/circles/getMyCircle',
        owner: world.owner.jar,
        // Each reads their own circle: the owner's member is in the owner's alone.
        see: (caller, answer) =>
          expect(
            (answer.body as MyCircle).members.some((person) => person.userId === inCircle.userId),
          ).toBe(caller === 'owner'),
      };
    },
  },
  'POST /api/circles/inviteByEmail': {
    prepare: async (world) => ({
      path: '/api/circles/inviteByEmail',
      // Each caller invites someone of their own into their own circle.
      body: () => ({ email: newRegistration().email }),
      owner: world.owner.jar,
    }),
  },
  'POST /api/circles/createInvitationLink': {
    prepare: async (world) => ({
      path: '/api/circles/createInvitationLink',
      body: {},
      owner: world.owner.jar,
    }),
  },
  'POST /api/circles/revokeInvitation': {
    stranger: 'INVITATION_NOT_FOUND',
    prepare: async (world) => {
      const made = await invitationLink(world, world.owner);
      return {
        path: '/api/circles/revokeInvitation',
        body: { invitationId: made.invitation.id },
        owner: world.owner.jar,
        untouched: async () => {
          const preview = await call(world.url, 'POST', '/api/circles/getInvitation', {
            body: { token: made.token },
          });
          expect(preview.status).toBe(200);
        },
      };
    },
  },
  'POST /api/circles/removeMember': {
    stranger: 'CIRCLE_MEMBER_NOT_FOUND',
    prepare: async (world) => {
      const inCircle = await world.member();
      await joinCircle(world, world.owner, inCircle);
      return {
        path: '/api/circles/removeMember',
        body: { userId: inCircle.userId },
        owner: world.owner.jar,
        untouched: async () =>
          expect(await circleOf(world, world.owner)).toContain(inCircle.userId),
      };
    },
  },
  'POST /api/circles/getCirclesImIn': {
    prepare: async (world) => {
      const owner = await world.member();
      await joinCircle(world, world.owner, owner);
      return {
        path: '/api/circles/getCirclesImIn',
        owner: owner.jar,
        see: (caller, answer) =>
          expect(
            (answer.body as CirclesImIn).circles.some(
              (person) => person.userId === world.owner.userId,
            ),
          ).toBe(caller === 'owner'),
      };
    },
  },
  // The case's owner is the one in the circle: only they can take themselves out of it.
  'POST /api/circles/leaveCircle': {
    stranger: 'CIRCLE_MEMBER_NOT_FOUND',
    prepare: async (world) => {
      const inCircle = await world.member();
      await joinCircle(world, world.owner, inCircle);
      return {
        path: '/api/circles/leaveCircle',
        body: { ownerId: world.owner.userId },
        owner: inCircle.jar,
        untouched: async () =>
          expect(await circleOf(world, world.owner)).toContain(inCircle.userId),
      };
    },
  },
  // Whoever holds the link may read who invites (the page asks guests to register or sign in).
  'POST /api/circles/getInvitation': {
    prepare: async (world) => {
      const made = await invitationLink(world, world.owner);
      return {
        path: '/api/circles/getInvitation',
        body: { token: made.token },
        owner: world.owner.jar,
        see: (_caller, answer) =>
          expect((answer.body as CircleInvitationPreview).inviter.userId).toBe(world.owner.userId),
      };
    },
  },
  // An invitation sent to the case owner's address, from the emailed link: the stranger, with
  // another address, is refused and the invitation stays open for its owner.
  'POST /api/circles/acceptInvitation': {
    stranger: 'INVITATION_FOR_ANOTHER_EMAIL',
    prepare: async (world) => {
      const invitee = await world.member();
      await circlesKnow(world, invitee);
      await call(world.url, 'POST', '/api/circles/inviteByEmail', {
        headers: world.owner.jar.header(),
        body: { email: invitee.registration.email },
      });
      const email = await outboxMessage(
        world.url,
        (m) =>
          m.channel === 'email' &&
          m.to === invitee.registration.email &&
          m.text.includes('/circle/join/'),
      );
      const token = decodeURIComponent(/\/circle\/join\/([^\s"<]+)/.exec(email.text)?.[1] ?? '');
      return {
        path: '/api/circles/acceptInvitation',
        body: { token },
        owner: invitee.jar,
        untouched: async () =>
          expect(await circleOf(world, world.owner)).not.toContain(world.stranger.userId),
        see: (caller, answer) => {
          if (caller === 'owner')
            expect((answer.body as CircleJoined).owner.userId).toBe(world.owner.userId);
        },
      };
    },
  },
  // --- moderation (our addition, issue 35): members report what they may read, anyone sends a
  // notice, the author appeals their own decisions, moderators decide, admins read the audit ---
  'POST /api/moderation/report': {
    // Each member reports a third member's public story once: the stranger's own report.
    stranger: 'allowed',
    prepare: async (world) => {
      const { postId } = await reportable(world);
      return {
        path: '/api/moderation/report',
        body: { itemKind: 'post', itemId: postId, reason: 'spam' },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/moderation/notice': {
    stranger: 'allowed',
    prepare: async (world) => {
      const { postId } = await reportable(world);
      return {
        path: '/api/moderation/notice',
        body: {
          itemKind: 'post',
          itemId: postId,
          explanation: 'It publishes a home address without consent.',
          name: 'Dana',
          email: 'dana@example.test',
          goodFaith: true,
        },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/moderation/getMyReports': {
    prepare: async (world) => {
      const { postId } = await reportable(world);
      const reported = await call(world.url, 'POST', '/api/moderation/report', {
        headers: world.owner.jar.header(),
        body: { itemKind: 'post', itemId: postId, reason: 'hate' },
      });
      expect(reported.status).toBe(201);
      return {
        path: '/api/moderation/getMyReports',
        body: {},
        owner: world.owner.jar,
        // Each reads their own reports: the owner's is in the owner's alone.
        see: (caller, answer) => expect(answer.text.includes(postId)).toBe(caller === 'owner'),
      };
    },
  },
  'POST /api/moderation/getMyDecisions': {
    prepare: async (world) => {
      const decisionId = await decisionAbout(world, world.owner);
      return {
        path: '/api/moderation/getMyDecisions',
        body: {},
        owner: world.owner.jar,
        see: (caller, answer) => expect(answer.text.includes(decisionId)).toBe(caller === 'owner'),
      };
    },
  },
  'POST /api/moderation/appeal': {
    stranger: 'DECISION_NOT_FOUND',
    prepare: async (world) => {
      const decisionId = await decisionAbout(world, world.owner);
      return {
        path: '/api/moderation/appeal',
        body: { decisionId, words: 'It was a recipe, not an advertisement.' },
        owner: world.owner.jar,
      };
    },
  },
  'POST /api/moderation/getQueue': {
    prepare: async (world) => ({
      path: '/api/moderation/getQueue',
      body: { status: 'open' },
      owner: world.moderator.jar,
    }),
  },
  'POST /api/moderation/getCase': {
    stranger: 'ROLE_REQUIRED',
    prepare: async (world) => {
      const { caseId } = await openCase(world);
      return {
        path: '/api/moderation/getCase',
        body: { caseId },
        owner: world.moderator.jar,
      };
    },
  },
  'POST /api/moderation/decide': {
    stranger: 'ROLE_REQUIRED',
    prepare: async (world) => {
      const { caseId, version } = await openCase(world);
      return {
        path: '/api/moderation/decide',
        body: { caseId, version, action: 'dismiss', statement: 'Nothing here breaks a rule.' },
        owner: world.moderator.jar,
        // Refused to the guest and the stranger: the case is still open, at its version.
        untouched: async () => {
          const again = await call<{ status: string; version: number }>(
            world.url,
            'POST',
            '/api/moderation/getCase',
            { headers: world.moderator.jar.header(), body: { caseId } },
          );
          expect(again.body).toMatchObject({ status: 'open', version });
        },
      };
    },
  },
  'POST /api/moderation/getAppeals': {
    prepare: async (world) => ({
      path: '/api/moderation/getAppeals',
      body: {},
      owner: world.moderator.jar,
    }),
  },
  'POST /api/moderation/decideAppeal': {
    stranger: 'ROLE_REQUIRED',
    prepare: async (world) => {
      // Decided by the admin, appealed by its author, answered by the moderator (another one).
      const decisionId = await decisionAbout(world, world.owner, world.admin);
      const appealed = await call<{ appealId: string }>(
        world.url,
        'POST',
        '/api/moderation/appeal',
        {
          headers: world.owner.jar.header(),
          body: { decisionId, words: 'Please look again.' },
        },
      );
      expect(appealed.status).toBe(201);
      return {
        path: '/api/moderation/decideAppeal',
        body: {
          appealId: appealed.body.appealId,
          outcome: 'upheld',
          statement: 'Looked again: it advertises a shop.',
        },
        owner: world.moderator.jar,
      };
    },
  },
  'POST /api/moderation/getAuditLog': {
    prepare: async (world) => ({
      path: '/api/moderation/getAuditLog',
      body: {},
      owner: world.admin.jar,
    }),
  },
  'GET /api/moderation/getTransparency': {
    prepare: async (world) => ({ path: '/api/moderation/getTransparency', owner: world.owner.jar }),
  },
  // Blocks are the caller's own: each blocks or mutes someone for themselves.
  'POST /api/blocks/block': blockCase('/api/blocks/block'),
  'POST /api/blocks/unblock': blockCase('/api/blocks/unblock'),
  'POST /api/blocks/mute': blockCase('/api/blocks/mute'),
  'POST /api/blocks/unmute': blockCase('/api/blocks/unmute'),
  'POST /api/blocks/getMyBlocks': {
    prepare: async (world) => {
      const other = await world.member();
      await moderationKnows(world, other);
      const blocked = await call(world.url, 'POST', '/api/blocks/block', {
        headers: world.owner.jar.header(),
        body: { userId: other.userId },
      });
      expect(blocked.status).toBe(200);
      return {
        path: '/api/blocks/getMyBlocks',
        owner: world.owner.jar,
        see: (caller, answer) =>
          expect(answer.text.includes(other.userId)).toBe(caller === 'owner'),
      };
    },
  },
  'GET /api/files/image/{id}': imageCase((id) => `/api/files/image/${id}`),
  'POST /api/files/image/{id}': imageCase((id) => `/api/files/image/${id}?base64=true`),
  'GET /api/files/getImageType/{id}': imageCase((id) => `/api/files/getImageType/${id}`),
  'GET /api/files/imagePageView/{id}': imageCase((id) => `/api/files/imagePageView/${id}`),

  // --- search (our addition, issue 36): the searcher is always the caller; an item is found
  // only by whom may read it (the audience cases below have each audience) ------------------
  'POST /api/search/searchStories': {
    // Anyone may search one member's stories: each finds what they may read of them.
    stranger: 'allowed',
    prepare: async (world) => {
      const post = await world.post(world.owner, 'private');
      const body = {
        query: 'story told slowly',
        authorId: world.owner.userId,
        sort: 'newest',
        limit: 50,
      };
      await eventually(
        async () => {
          const found = await call(world.url, 'POST', '/api/search/searchStories', {
            headers: world.owner.jar.header(),
            body,
          });
          return found.text.includes(post.postId) || undefined;
        },
        { timeoutMs: 30_000, intervalMs: 50, what: 'search hearing of the private post' },
      );
      return {
        path: '/api/search/searchStories',
        body,
        owner: world.owner.jar,
        see: (caller, answer) => expect(answer.text.includes(post.postId)).toBe(caller === 'owner'),
      };
    },
  },
  'POST /api/search/searchPeople': {
    prepare: async (world) => ({
      path: '/api/search/searchPeople',
      body: { query: 'story' },
      owner: world.owner.jar,
    }),
  },
  // --- site ----------------------------------------------------------------------------
  'GET /api/applicationText/getFormattedText': {
    prepare: async (world) => ({
      path: '/api/applicationText/getFormattedText',
      owner: world.owner.jar,
    }),
  },
  'GET /api/applicationServices/getAllServices': {
    prepare: async (world) => ({
      path: '/api/applicationServices/getAllServices',
      owner: world.owner.jar,
    }),
  },
  'POST /api/applicationImages/getImages': {
    prepare: async (world) => ({
      path: '/api/applicationImages/getImages',
      owner: world.owner.jar,
    }),
  },
  'GET /api/configuration/organizationClientLanguages': {
    prepare: async (world) => ({
      path: '/api/configuration/organizationClientLanguages',
      owner: world.owner.jar,
    }),
  },
};

/** A post of the owner's the stranger commented on, once the owner was told (one per world). */
const notifiedPosts = new WeakMap<World, Promise<string>>();

function notifiedOwner(world: World): Promise<string> {
  const made =
    notifiedPosts.get(world) ??
    (async () => {
      const post = await world.post(world.owner, 'public');
      await world.comment(world.stranger, post.postId);
      await eventually(
        async () =>
          (await ownersPage(world)).notifications.some(
            (item) => item.kind === 'comment' && item.subject?.id === post.postId,
          )
            ? true
            : undefined,
        { timeoutMs: 30_000, intervalMs: 50, what: 'the owner told of the comment' },
      );
      return post.postId;
    })();
  notifiedPosts.set(world, made);
  return made;
}

async function ownersPage(world: World): Promise<NotificationPage> {
  const page = await call<NotificationPage>(
    world.url,
    'POST',
    '/api/notifications/getNotifications',
    { headers: world.owner.jar.header(), body: {} },
  );
  expect(page.status).toBe(200);
  return page.body;
}

/** The owner's group about a post, unread again (a previous case may have read it). */
async function ownersGroup(world: World, postId: string): Promise<string> {
  const group = (await ownersPage(world)).notifications.find(
    (item) => item.kind === 'comment' && item.subject?.id === postId,
  );
  if (!group) throw new Error('the owner has no notification of the post');
  if (group.read) {
    // News again: another comment by the stranger makes the group unread.
    await world.comment(world.stranger, postId);
    await eventually(
      async () =>
        (await ownersPage(world)).notifications.find((item) => item.id === group.id)?.read === false
          ? true
          : undefined,
      { timeoutMs: 30_000, intervalMs: 50, what: 'the group unread again' },
    );
  }
  return group.id;
}

async function emailPreferencesOf(world: World, who: Member): Promise<EmailPreferences> {
  const answer = await call<EmailPreferences>(
    world.url,
    'GET',
    '/api/notifications/getEmailPreferences',
    { headers: who.jar.header() },
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

/**
 * An email preferences route: whatever the stranger's call does, it does to the stranger's own
 * choices, so the owner's (reactions never, set first) stay as they were.
 */
function emailPreferencesCase(name: 'getEmailPreferences' | 'setEmailPreferences'): AccessCase {
  return {
    prepare: async (world) => {
      const set = await call(world.url, 'POST', '/api/notifications/setEmailPreferences', {
        headers: world.owner.jar.header(),
        body: { kinds: { reaction: 'never' } },
      });
      expect(set.status).toBe(200);
      return {
        path: `/api/notifications/${name}`,
        ...(name === 'setEmailPreferences'
          ? {
              body: (caller: Caller) => ({
                kinds: { reaction: caller === 'owner' ? 'never' : 'immediate' },
                digestHour: 6,
              }),
            }
          : {}),
        owner: world.owner.jar,
        see: async (caller, answer) => {
          if (caller !== 'stranger') return;
          expect((answer.body as EmailPreferences).kinds.reaction).toBe(
            name === 'setEmailPreferences' ? 'immediate' : EMAIL_FREQUENCY_DEFAULTS.reaction,
          );
          expect((await emailPreferencesOf(world, world.owner)).kinds.reaction).toBe('never');
        },
      };
    },
  };
}

/** A verified member, once the notifications service has heard of them (one per world). */
/** The owner's weekly question on Thursday 18:00 in Jerusalem; the stranger's call is their own. */
async function weeklyScheduled(world: World, who: Member, weekday = 4): Promise<void> {
  const answer = await call(world.url, 'POST', '/api/weeklyQuestion/schedule', {
    headers: who.jar.header(),
    body: { weekday, hour: 18, timeZone: 'Asia/Jerusalem' },
  });
  expect(answer.status).toBe(200);
}

async function weeklyOf(world: World, who: Member) {
  return (
    await call<{ state: string; weekday: number | null }>(
      world.url,
      'GET',
      '/api/weeklyQuestion/getSettings',
      { headers: who.jar.header() },
    )
  ).body;
}

/**
 * A weekly question route: the owner's question is on first; whatever the stranger's call does,
 * it does to the stranger's own settings, so the owner's stay as they were.
 */
function weeklyCase(name: string, method: 'GET' | 'POST'): AccessCase {
  return {
    prepare: async (world) => {
      await weeklyScheduled(world, world.owner);
      return {
        path: `/api/weeklyQuestion/${name}`,
        ...(method === 'POST'
          ? {
              body: (caller: Caller) =>
                name === 'schedule'
                  ? { weekday: caller === 'owner' ? 4 : 2, hour: 18, timeZone: 'Asia/Jerusalem' }
                  : {},
            }
          : {}),
        owner: world.owner.jar,
        see: async (caller) => {
          if (caller !== 'stranger') return;
          expect(await weeklyOf(world, world.owner)).toMatchObject({ state: 'on', weekday: 4 });
        },
      };
    },
  };
}

const followTargets = new WeakMap<World, Promise<Member>>();

/** The member `follower` follows now (made on first use), whatever the previous case left. */
// --- moderation's world (issue 35) -------------------------------------------------------

/** Wait until the moderation service has heard of a member (user.updated). */
async function moderationKnows(world: World, member: Member): Promise<void> {
  await eventually(
    async () => {
      // Unmuting needs the member known (404 USER_NOT_FOUND until then), and changes nothing.
      const probe = await call(world.url, 'POST', '/api/blocks/unmute', {
        headers: world.stranger.jar.header(),
        body: { userId: member.userId },
      });
      return probe.status === 200 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50, what: 'the moderation service to know the member' },
  );
}

/** A third member's public story, once the moderation service knows it (its author's report of it is refused as their own). */
async function reportable(world: World): Promise<{ author: Member; postId: string }> {
  const author = await world.member();
  const post = await world.post(author, 'public');
  await moderationHeard(world, author, post.postId);
  return { author, postId: post.postId };
}

/** Wait until the moderation service knows a post: its author's own report is refused as such. */
async function moderationHeard(world: World, author: Member, postId: string): Promise<void> {
  await eventually(
    async () => {
      const own = await call(world.url, 'POST', '/api/moderation/report', {
        headers: author.jar.header(),
        body: { itemKind: 'post', itemId: postId, reason: 'spam' },
      });
      return own.status === 400 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50, what: 'the moderation service to know the story' },
  );
}

/** An open case about a third member's story, as a moderator reads it. */
async function openCase(world: World): Promise<{ caseId: string; version: number }> {
  const { postId } = await reportable(world);
  const reporter = await world.member();
  const reported = await call(world.url, 'POST', '/api/moderation/report', {
    headers: reporter.jar.header(),
    body: { itemKind: 'post', itemId: postId, reason: 'spam' },
  });
  expect(reported.status).toBe(201);
  const queue = await call<{
    cases: Array<{ caseId: string; version: number; item: { itemId: string } }>;
  }>(world.url, 'POST', '/api/moderation/getQueue', {
    headers: world.moderator.jar.header(),
    body: { status: 'open', limit: 50 },
  });
  const found = queue.body.cases.find((c) => c.item.itemId === postId);
  if (!found) throw new Error('the case is not in the queue');
  return { caseId: found.caseId, version: found.version };
}

/** A removal of one of `author`'s stories, decided by `decider` (the world's moderator). */
async function decisionAbout(world: World, author: Member, decider?: Member): Promise<string> {
  const post = await world.post(author, 'public');
  const reporter = await world.member();
  await eventually(
    async () => {
      const reported = await call(world.url, 'POST', '/api/moderation/report', {
        headers: reporter.jar.header(),
        body: { itemKind: 'post', itemId: post.postId, reason: 'spam' },
      });
      return reported.status === 201 ? true : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50, what: 'the report taken' },
  );
  const by = decider ?? world.moderator;
  const queue = await call<{
    cases: Array<{ caseId: string; version: number; item: { itemId: string } }>;
  }>(world.url, 'POST', '/api/moderation/getQueue', {
    headers: by.jar.header(),
    body: { status: 'open', limit: 50 },
  });
  const found = queue.body.cases.find((c) => c.item.itemId === post.postId);
  if (!found) throw new Error('the case is not in the queue');
  const decided = await call<{ decisionId: string }>(world.url, 'POST', '/api/moderation/decide', {
    headers: by.jar.header(),
    body: {
      caseId: found.caseId,
      version: found.version,
      action: 'remove',
      rule: 'spam',
      statement: 'It advertises a shop.',
    },
  });
  expect(decided.status).toBe(200);
  return decided.body.decisionId;
}

/** A block route: each caller blocks (or unblocks, mutes, unmutes) a member of their own choice. */
function blockCase(path: string): AccessCase {
  return {
    stranger: 'allowed',
    prepare: async (world) => {
      const other = await world.member();
      await moderationKnows(world, other);
      return { path, body: { userId: other.userId }, owner: world.owner.jar };
    },
  };
}

/** Wait until the circles service has heard of a member (user.updated), so they can invite or join. */
async function circlesKnow(world: World, member: Member): Promise<void> {
  await eventually(
    async () => {
      const answer = await call<CircleInvitationLink>(
        world.url,
        'POST',
        '/api/circles/createInvitationLink',
        { headers: member.jar.header(), body: {} },
      );
      if (answer.status !== 200) return undefined;
      // A probe: withdrawn at once, so it takes none of the member's places.
      await call(world.url, 'POST', '/api/circles/revokeInvitation', {
        headers: member.jar.header(),
        body: { invitationId: answer.body.invitation.id },
      });
      return true;
    },
    { what: 'the circles service to know the member' },
  );
}

/** A link invitation to `owner`'s circle, once the circles service knows them. */
async function invitationLink(world: World, owner: Member): Promise<CircleInvitationLink> {
  await circlesKnow(world, owner);
  const made = await call<CircleInvitationLink>(
    world.url,
    'POST',
    '/api/circles/createInvitationLink',
    { headers: owner.jar.header(), body: {} },
  );
  expect(made.status).toBe(200);
  return made.body;
}

/** `member` joins `owner`'s circle through a link. */
async function joinCircle(world: World, owner: Member, member: Member): Promise<void> {
  const made = await invitationLink(world, owner);
  await circlesKnow(world, member);
  const joined = await call(world.url, 'POST', '/api/circles/acceptInvitation', {
    headers: member.jar.header(),
    body: { token: made.token },
  });
  expect(joined.status).toBe(200);
}

/** The ids of the people in `owner`'s circle. */
async function circleOf(world: World, owner: Member): Promise<string[]> {
  const circle = await call<MyCircle>(world.url, 'POST', '/api/circles/getMyCircle', {
    headers: owner.jar.header(),
  });
  return circle.body.members.map((person) => person.userId);
}

async function followedBy(world: World, follower: Member): Promise<Member> {
  const made =
    followTargets.get(world) ??
    (async () => {
      const target = await world.member();
      await eventually(
        async () => {
          const answer = await call(world.url, 'POST', '/api/follows/getFollowCounts', {
            body: { userId: target.userId },
          });
          return answer.status === 200 ? true : undefined;
        },
        { what: 'the notifications service to know the new member' },
      );
      return target;
    })();
  followTargets.set(world, made);
  const target = await made;
  const follow = (who: Member, path: 'follow' | 'unfollow') =>
    call(world.url, 'POST', `/api/follows/${path}`, {
      headers: who.jar.header(),
      body: { userId: target.userId },
    });
  expect((await follow(follower, 'follow')).status).toBe(200);
  // The stranger starts each case not following.
  if (follower !== world.stranger)
    expect((await follow(world.stranger, 'unfollow')).status).toBe(200);
  return target;
}

/**
 * A follows call about a member the owner follows: the body names the member followed, never
 * the follower (the caller), so another member's call is theirs alone.
 */
function followCase(
  name: 'follow' | 'unfollow' | 'getFollowers' | 'getFollowCounts',
  see: Prepared['see'],
): AccessCase {
  return {
    stranger: 'allowed',
    prepare: async (world) => {
      const target = await followedBy(world, world.owner);
      return {
        path: `/api/follows/${name}`,
        body: { userId: target.userId },
        owner: world.owner.jar,
        see,
      };
    },
  };
}

function imageCase(path: (id: string) => string): AccessCase {
  return {
    stranger: 'allowed',
    prepare: async (world) => ({
      path: path(await world.upload(world.owner)),
      owner: world.owner.jar,
    }),
  };
}

/**
 * A private-question call by index: the owner has questions at that index, the suite's stranger
 * none at all, so the same call finds nothing of theirs (and never the owner's).
 */
function privateByIndex(path: string, save?: boolean): AccessCase {
  return {
    stranger: 'QUESTION_NOT_FOUND',
    prepare: async (world) => {
      const question = await world.privateQuestion(world.owner);
      const subQuestionId = question.subQuestions[0]!.id;
      const body =
        save === undefined
          ? { questionIndex: question.questionIndex }
          : save
            ? {
                questionIndex: question.questionIndex,
                questionId: question.questionId,
                answerData: { [subQuestionId]: 'Only mine to read' },
                version: 0,
              }
            : {
                questionIndex: question.questionIndex,
                questionId: question.questionId,
                version: 0,
              };
      return {
        path,
        body,
        owner: world.owner.jar,
        untouched: async () => {
          const again = await privateQuestionAt(world, question.questionIndex);
          expect(again.questionId).toBe(question.questionId);
        },
      };
    },
  };
}

/** A pending account's phone, verified with the texted code by the browser holding its ticket. */
async function verifyPhone(
  world: World,
  pending: { ticket: CookieJar; registration: RegisterRequest },
): Promise<void> {
  const sms = await outboxMessage(
    world.url,
    (m) => m.channel === 'sms' && m.to === e164Of(pending.registration),
  );
  const verified = await call(world.url, 'PUT', '/api/users/verifyUserByPhone', {
    headers: pending.ticket.header(),
    body: {
      prefix: pending.registration.phoneNumberPrefix,
      phone: pending.registration.phoneNumber,
      verifyCode: codeIn(sms.text),
    },
  });
  expect(verified.status).toBe(200);
}

async function readPost(world: World, postId: string): Promise<Post> {
  const read = await call<Post>(world.url, 'POST', '/api/posts/getPostById', {
    headers: world.owner.jar.header(),
    body: { postId },
  });
  expect(read.status).toBe(200);
  return read.body;
}

/** A draft of the owner's (posts/saveDraft). */
async function saveDraft(world: World, body: Record<string, unknown>): Promise<PostDraft> {
  const saved = await call<PostDraft>(world.url, 'POST', '/api/posts/saveDraft', {
    headers: world.owner.jar.header(),
    body,
  });
  if (saved.status !== 200) throw new Error(`saveDraft answered ${saved.text}`);
  return saved.body;
}

/** The owner's draft as it is now. */
async function readDraft(world: World, draftId: string): Promise<PostDraft> {
  const read = await call<PostDraft>(world.url, 'POST', '/api/posts/getDraft', {
    headers: world.owner.jar.header(),
    body: { draftId },
  });
  expect(read.status).toBe(200);
  return read.body;
}

async function privateQuestionAt(world: World, questionIndex: number): Promise<PrivateQuestion> {
  const read = await call<PrivateQuestion>(
    world.url,
    'POST',
    '/api/privateQuestions/getQuestionByIndex',
    {
      headers: world.owner.jar.header(),
      body: { questionIndex },
    },
  );
  expect(read.status).toBe(200);
  return read.body;
}

/** The owner's answer to the first question, in the magazine: its post once it is there. */
async function publishAnswer(world: World, member: Member, questionId: string): Promise<Post> {
  const find = async () => {
    const page = await call<{ posts: Post[] }>(world.url, 'POST', '/api/posts/getPosts', {
      headers: member.jar.header(),
      body: { publisherId: member.userId, questionId },
    });
    return page.body.posts[0];
  };
  if (!(await find())) {
    const published = await call<OwnMeAnswer>(
      world.url,
      'POST',
      '/api/meAnswers/togglePublishAsPost',
      {
        headers: member.jar.header(),
        body: { questionId },
      },
    );
    if (!published.body.publishedAsPost)
      await call(world.url, 'POST', '/api/meAnswers/togglePublishAsPost', {
        headers: member.jar.header(),
        body: { questionId },
      });
  }
  return eventually(find, { timeoutMs: 30_000, intervalMs: 100, what: 'the answer’s post' });
}

/** A save of the first question's answer, each caller with their own answer's version. */
function answerCall(world: World, path: string): Prepared {
  const question = world.questions[0]!;
  const memberOf = (caller: Caller) => (caller === 'owner' ? world.owner : world.stranger);
  return {
    path,
    body: async (caller: Caller) => ({
      questionId: question.questionId,
      answerData: { [question.subQuestions[0]!.subQuestionId]: LONG_ANSWER.repeat(2) },
      version: versionOf(await world.answers(memberOf(caller)), question.questionId),
    }),
    owner: world.owner.jar,
    see: async (caller, answer) => {
      if (caller === 'guest') return;
      const saved = answer.body as OwnMeAnswer;
      const own = await world.answers(memberOf(caller));
      expect(own.map((a) => a.meAnswerId)).toContain(saved.meAnswerId);
    },
  };
}

async function send(
  world: World,
  route: ApiRoute,
  prepared: Prepared,
  caller: Caller | 'moderator',
) {
  const credentials =
    caller === 'guest'
      ? new CookieJar()
      : caller === 'owner'
        ? prepared.owner
        : caller === 'moderator'
          ? world.moderator.jar
          : (prepared.stranger ?? world.stranger.jar);
  if (isEventStream(route)) {
    // A stream stays open: its first count shows it answered; then the caller leaves.
    const stream = await EventStreamClient.open(
      `${world.url}${prepared.path}`,
      credentials.header(),
    );
    if (stream.status === 200) await stream.next((event) => event.event === 'unread');
    stream.close();
    return { status: stream.status, headers: stream.headers, body: stream.body, text: stream.text };
  }
  if (prepared.form) {
    const response = await fetch(`${world.url}${prepared.path}`, {
      method: route.method,
      headers: credentials.header(),
      body: prepared.form(),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body, text };
  }
  // The moderator on an admins' route is another member refused: the stranger's body.
  const body =
    typeof prepared.body === 'function'
      ? await prepared.body(caller === 'moderator' ? 'stranger' : caller)
      : prepared.body;
  return call(world.url, route.method, prepared.path, { headers: credentials.header(), body });
}

// ---------------------------------------------------------------------------
// AUDIENCES, FROM THE ROUTE TABLE (issue 34). Every route that reads or acts on a post, an
// answer or what is said and done about them is called for an item of each audience (private,
// circle, members, public) by a guest, a member outside the owner's circle, a member in it and
// the owner; whether each sees it follows from the one rule (`mayReadAudience`), unless the case
// says otherwise. Every route of the catalogue is either such a case or named below with why it
// reads no item of an audience: a route the catalogue gains without either fails the suite.
// ---------------------------------------------------------------------------

type Reader = 'guest' | 'outsider' | 'family' | 'owner';
const READERS: readonly Reader[] = ['guest', 'outsider', 'family', 'owner'];

/** An owner with a circle (`family` in it), followed by `family` and `outsider`. */
type People = { owner: Member; family: Member; outsider: Member };

type AudienceRead = {
  path: string;
  body?: JsonBody;
  /** Whether the answer gives the reader the item (or lets them act on it). */
  shows: (answer: TestResponse<unknown>) => boolean;
};

type AudienceCase = {
  prepare: (world: World, people: People, audience: Audience) => Promise<AudienceRead>;
  /** Who the route shows the item to, when not its audience's readers. */
  readers?: (reader: Reader, audience: Audience) => boolean;
  /** An owner of its own (one who answers four questions per case runs out of questions). */
  ownPeople?: true;
};

const ok = (answer: TestResponse<unknown>) => answer.status >= 200 && answer.status < 300;
const listed = (id: string) => (answer: TestResponse<unknown>) =>
  ok(answer) && answer.text.includes(id);

/** The owner's post of `audience`, once comments and reactions have heard who may read it. */
async function audiencePost(world: World, people: People, audience: Audience): Promise<Post> {
  const created = await call<Post>(world.url, 'POST', '/api/posts/create', {
    headers: people.owner.jar.header(),
    body: {
      title: `A story for ${audience}`,
      content: STORY,
      image: world.image,
      credit: 'Photo: Ora',
      privacy: audience,
    },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.text}`);
  if (audience !== 'public')
    await eventually(
      async () => {
        const comments = await call(
          world.url,
          'GET',
          `/api/feedMessages/getNumberOfMessages/${created.body.postId}`,
        );
        const reactions = await call(world.url, 'POST', '/api/lotties/fillLotties', {
          body: { collectionName: 'posts', objectId: created.body.postId },
        });
        return comments.status === 404 && reactions.status === 404 ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 50, what: 'comments and reactions hearing its audience' },
    );
  return created.body;
}

/** The owner's live answer of `audience` to their next open question. */
async function audienceAnswer(world: World, people: People, audience: Audience) {
  const own = await world.answers(people.owner);
  const question = world.questions.find(
    (q) => !own.some((answer) => answer.questionId === q.questionId && answer.live),
  );
  if (!question) throw new Error('no open question left');
  const saved = await call<OwnMeAnswer>(world.url, 'POST', '/api/meAnswers/saveLive', {
    headers: people.owner.jar.header(),
    body: {
      questionId: question.questionId,
      answerData: Object.fromEntries(
        question.subQuestions.map((sub) => [sub.subQuestionId, LONG_ANSWER.repeat(2)]),
      ),
      version: versionOf(own, question.questionId),
      privacy: audience,
    },
  });
  if (saved.status !== 200) throw new Error(`saveLive answered ${saved.text}`);
  return saved.body;
}

/** Anyone signed in who may read the item: the members' routes act, a guest never. */
const membersWhoRead = (reader: Reader, audience: Audience) =>
  reader !== 'guest' &&
  mayReadAudience({ ownerId: 'owner', audience }, { id: reader, inCircle: reader === 'family' });

/**
 * A case on one of the owner's posts of each audience: the call `read` makes of it, shown when
 * it answers 2xx (or as `shows` says).
 */
function onPost(
  read: (post: Post) => { path: string; body?: JsonBody },
  options: {
    shows?: (post: Post) => AudienceRead['shows'];
    readers?: AudienceCase['readers'];
  } = {},
): AudienceCase {
  return {
    ...(options.readers ? { readers: options.readers } : {}),
    prepare: async (world, people, audience) => {
      const post = await audiencePost(world, people, audience);
      return { ...read(post), shows: options.shows ? options.shows(post) : ok };
    },
  };
}

const audienceCases: Record<string, AudienceCase> = {
  // A report is taken of what the reporter may read now, never of one's own (issue 35).
  'POST /api/moderation/report': {
    readers: (reader, audience) => reader !== 'owner' && membersWhoRead(reader, audience),
    prepare: async (world, people, audience) => {
      const post = await audiencePost(world, people, audience);
      await moderationHeard(world, people.owner, post.postId);
      return {
        path: '/api/moderation/report',
        body: { itemKind: 'post', itemId: post.postId, reason: 'spam' },
        shows: ok,
      };
    },
  },
  // A notice: anyone who may read the item, guests and its owner too.
  'POST /api/moderation/notice': {
    prepare: async (world, people, audience) => {
      const post = await audiencePost(world, people, audience);
      await moderationHeard(world, people.owner, post.postId);
      return {
        path: '/api/moderation/notice',
        body: {
          itemKind: 'post',
          itemId: post.postId,
          explanation: 'It publishes a home address without consent.',
          name: 'Dana',
          email: 'dana@example.test',
          goodFaith: true,
        },
        shows: ok,
      };
    },
  },
  'POST /api/posts/getPostById': onPost((post) => ({
    path: '/api/posts/getPostById',
    body: { postId: post.postId },
  })),
  'POST /api/posts/getPosts': onPost(
    (post) => ({ path: '/api/posts/getPosts', body: { publisherId: post.publisherId, limit: 50 } }),
    { shows: (post) => listed(post.postId) },
  ),
  // The caller's own posts are never in their "from people you follow".
  'POST /api/posts/getFollowingPosts': onPost(
    () => ({ path: '/api/posts/getFollowingPosts', body: { limit: 50 } }),
    {
      shows: (post) => listed(post.postId),
      readers: (reader, audience) => reader !== 'owner' && membersWhoRead(reader, audience),
    },
  ),
  'POST /api/posts/getMePost': {
    ownPeople: true,
    prepare: async (world, people, audience) => {
      const answer = await audienceAnswer(world, people, audience);
      const published = await call(world.url, 'POST', '/api/meAnswers/togglePublishAsPost', {
        headers: people.owner.jar.header(),
        body: { questionId: answer.questionId, privacy: audience },
      });
      expect(published.status).toBe(200);
      const post = await eventually(
        async () => {
          const page = await call<{ posts: Post[] }>(world.url, 'POST', '/api/posts/getPosts', {
            headers: people.owner.jar.header(),
            body: { publisherId: people.owner.userId, questionId: answer.questionId },
          });
          return page.body.posts[0];
        },
        { what: 'the answer’s post' },
      );
      return { path: '/api/posts/getMePost', body: { postId: post.postId }, shows: ok };
    },
  },
  'POST /api/posts/updatePostViews': onPost((post) => ({
    path: '/api/posts/updatePostViews',
    body: { postId: post.postId },
  })),
  'POST /api/posts/updateShareProp': onPost((post) => ({
    path: '/api/posts/updateShareProp',
    body: { objectId: post.postId },
  })),
  // A like needs a member: a guest is refused whatever the audience.
  'PUT /api/posts/like': onPost(
    (post) => ({ path: '/api/posts/like', body: { id: post.postId } }),
    {
      readers: membersWhoRead,
    },
  ),
  'GET /api/meAnswers/getUserAnswers': {
    ownPeople: true,
    prepare: async (world, people, audience) => {
      const answer = await audienceAnswer(world, people, audience);
      return {
        path: `/api/meAnswers/getUserAnswers?userId=${people.owner.userId}`,
        shows: listed(answer.meAnswerId),
      };
    },
  },
  'POST /api/meAnswers/updatePostViews': {
    ownPeople: true,
    prepare: async (world, people, audience) => {
      const answer = await audienceAnswer(world, people, audience);
      return {
        path: '/api/meAnswers/updatePostViews',
        body: { meAnswerId: answer.meAnswerId },
        shows: ok,
      };
    },
  },
  'POST /api/feedMessages/getMessages': onPost((post) => ({
    path: '/api/feedMessages/getMessages',
    body: { id: post.postId },
  })),
  'GET /api/feedMessages/getNumberOfMessages/{id}': onPost((post) => ({
    path: `/api/feedMessages/getNumberOfMessages/${post.postId}`,
  })),
  'POST /api/feedMessages/getMessageCounts': onPost(
    (post) => ({ path: '/api/feedMessages/getMessageCounts', body: { ids: [post.postId] } }),
    { shows: (post) => listed(post.postId) },
  ),
  'POST /api/feedMessages/sendMessage': onPost(
    (post) => ({
      path: '/api/feedMessages/sendMessage',
      body: { message: 'What a lovely story', tag: null, postId: post.postId },
    }),
    { readers: membersWhoRead },
  ),
  'PUT /api/feedMessages/like': {
    readers: (reader, audience) =>
      reader !== 'guest' &&
      mayReadAudience(
        { ownerId: 'owner', audience },
        { id: reader, inCircle: reader === 'family' },
      ),
    prepare: async (world, people, audience) => {
      const post = await audiencePost(world, people, audience);
      const messageId = await world.comment(people.owner, post.postId);
      return { path: '/api/feedMessages/like', body: { id: messageId }, shows: ok };
    },
  },
  'POST /api/userLikes/toggleLike': onPost(
    (post) => ({
      path: '/api/userLikes/toggleLike',
      body: { collectionName: 'posts', objectId: post.postId },
    }),
    { readers: membersWhoRead },
  ),
  'POST /api/userViews/toggleView': onPost((post) => ({
    path: '/api/userViews/toggleView',
    body: { collectionName: 'posts', objectId: post.postId },
  })),
  'POST /api/lotties/toggleLike': onPost(
    (post) => ({
      path: '/api/lotties/toggleLike',
      body: { collectionName: 'posts', objectId: post.postId, name: 'hug' },
    }),
    { readers: membersWhoRead },
  ),
  'POST /api/lotties/fillLotties': onPost((post) => ({
    path: '/api/lotties/fillLotties',
    body: { collectionName: 'posts', objectId: post.postId },
  })),
  'POST /api/privateQuestions/getSharedAnswers': {
    prepare: async (world, people, audience) => {
      const question = await world.privateQuestion(people.owner);
      const saved = await call(world.url, 'POST', '/api/privateQuestions/saveLive', {
        headers: people.owner.jar.header(),
        body: {
          questionIndex: question.questionIndex,
          questionId: question.questionId,
          answerData: { [question.subQuestions[0]?.id ?? '']: 'On Saturdays, at the sea.' },
          version: 0,
          privacy: audience,
        },
      });
      expect(saved.status).toBe(200);
      return {
        path: '/api/privateQuestions/getSharedAnswers',
        body: { userId: people.owner.userId },
        shows: listed(question.questionId),
      };
    },
  },
  // Search (issue 36): a story is found by whoever may read it, as soon as search heard of it.
  'POST /api/search/searchStories': {
    prepare: async (world, people, audience) => {
      const post = await audiencePost(world, people, audience);
      // Newest first: the owner's many stories of the same words, this one at the top.
      const body = {
        query: 'story told slowly',
        authorId: people.owner.userId,
        sort: 'newest',
        limit: 50,
      };
      await eventually(
        async () => {
          const found = await call(world.url, 'POST', '/api/search/searchStories', {
            headers: people.owner.jar.header(),
            body,
          });
          return listed(post.postId)(found) || undefined;
        },
        { timeoutMs: 30_000, intervalMs: 50, what: 'search hearing of the post' },
      );
      return { path: '/api/search/searchStories', body, shows: listed(post.postId) };
    },
  },
  // A member is found by an answer only where the searcher may read it; one outside the people
  // directory (no public answer: a fresh owner with one answer of a narrower audience) only by
  // themselves. With a public answer they are in the directory, found by everyone.
  'POST /api/search/searchPeople': {
    ownPeople: true,
    readers: (reader, audience) => reader === 'owner' || audience === 'public',
    prepare: async (world, people, audience) => {
      const answer = await audienceAnswer(world, people, audience);
      const body = { query: 'shells stories shore', limit: 50 };
      await eventually(
        async () => {
          const found = await call(world.url, 'POST', '/api/search/searchPeople', {
            headers: (audience === 'public' ? people.outsider : people.owner).jar.header(),
            body,
          });
          return listed(people.owner.userId)(found) || undefined;
        },
        {
          timeoutMs: 30_000,
          intervalMs: 50,
          what: `search hearing of answer ${answer.meAnswerId}`,
        },
      );
      return { path: '/api/search/searchPeople', body, shows: listed(people.owner.userId) };
    },
  },
  // A follower is told of a new story they may read; the owner is told nothing of their own.
  'POST /api/notifications/getNotifications': onPost(
    () => ({ path: '/api/notifications/getNotifications', body: { limit: 50 } }),
    {
      shows: (post) => listed(post.postId),
      readers: (reader, audience) => reader !== 'owner' && membersWhoRead(reader, audience),
    },
  ),
};

/** Every other route, and why it reads no item of an audience. */
const WITHOUT_AUDIENCE: ReadonlyArray<{ why: string; routes: readonly string[] }> = [
  {
    why: 'trust and safety: the caller’s own reports, decisions, appeals and blocks; moderators read a reported item whatever its audience; counts only',
    routes: [
      'POST /api/moderation/getMyReports',
      'POST /api/moderation/getMyDecisions',
      'POST /api/moderation/appeal',
      'POST /api/moderation/getQueue',
      'POST /api/moderation/getCase',
      'POST /api/moderation/decide',
      'POST /api/moderation/getAppeals',
      'POST /api/moderation/decideAppeal',
      'POST /api/moderation/getAuditLog',
      'GET /api/moderation/getTransparency',
      'POST /api/blocks/block',
      'POST /api/blocks/unblock',
      'POST /api/blocks/mute',
      'POST /api/blocks/unmute',
      'POST /api/blocks/getMyBlocks',
    ],
  },
  {
    why: 'the caller’s own account, session or verification',
    routes: [
      'POST /api/users/register',
      'POST /api/users/login',
      'POST /api/users/session',
      'POST /api/users/logout',
      'PUT /api/users/updateUserInformation',
      'PUT /api/users/updateUserLanguage',
      'GET /api/users/sessions',
      'POST /api/users/endOtherSessions',
      'POST /api/users/endSession',
      'POST /api/users/deleteUserById',
      'POST /api/users/sendPhoneCode',
      'PUT /api/users/verifyUserByPhone',
      'POST /api/users/sendVerificationEmailToUser',
      'PUT /api/users/verifyUserByEmail',
      'POST /api/users/getUserToVerify',
      'POST /api/users/userVerified',
      'PUT /api/users/changePhonenumber',
      'PUT /api/users/changeEmail',
      'POST /api/users/sendPasswordResetEmail',
      'POST /api/users/updateUserPassword',
      'POST /api/users/unsubscribe',
    ],
  },
  {
    why: 'members and their public profiles: counts of public answers only, no item',
    routes: [
      'GET /api/users/getProfileById/{id}',
      'POST /api/users/getMembersByIds',
      'GET /api/users/getUserIdByEmail/{email}',
      'POST /api/users/getPublishedUsers',
      'POST /api/users/getHomepageUsers',
      'GET /api/users/getRandomPublishedUsers',
      'GET /api/users/getPublishedProfilesAmount',
      'POST /api/follows/follow',
      'POST /api/follows/unfollow',
      'POST /api/follows/getFollowers',
      'POST /api/follows/getFollowing',
      'POST /api/follows/getFollowCounts',
      'POST /api/follows/getFollowStates',
    ],
  },
  {
    why: 'the caller’s own items, drafts and writing (their own audience is theirs: the author reads all)',
    routes: [
      'POST /api/posts/create',
      'PUT /api/posts/update',
      'DELETE /api/posts/deletePost/{id}',
      'DELETE /api/posts/deleteMePost/{id}',
      'POST /api/posts/updatePostPrivacy',
      'POST /api/posts/saveDraft',
      'POST /api/posts/getDrafts',
      'POST /api/posts/getDraft',
      'POST /api/posts/publishDraft',
      'DELETE /api/posts/deleteDraft/{id}',
      'GET /api/meAnswers/getCurrentUserAnswers',
      'POST /api/meAnswers/saveDraft',
      'POST /api/meAnswers/saveLive',
      'POST /api/meAnswers/revertDraft',
      'POST /api/meAnswers/togglePublishAsPost',
      'POST /api/meAnswers/deleteMeAnswersFromPosts',
      'POST /api/privateQuestions/getQuestions',
      'POST /api/privateQuestions/insertNewPrivateQuestion',
      'POST /api/privateQuestions/updatePrivateQuestion',
      'POST /api/privateQuestions/getQuestionByIndex',
      'POST /api/privateQuestions/deleteQuestionByIndex',
      'POST /api/privateQuestions/getAnswer',
      'POST /api/privateQuestions/saveDraft',
      'POST /api/privateQuestions/saveLive',
      'POST /api/privateQuestions/revertDraft',
      'PUT /api/feedMessages/editMessage',
      'DELETE /api/feedMessages/deleteMessage/{id}/{id2}',
      'POST /api/userLikes/getLikedByCurrentUser',
    ],
  },
  {
    why: 'the caller’s notifications’ state and settings (what they hold is tested above)',
    routes: [
      'POST /api/notifications/getUnreadCount',
      'POST /api/notifications/markRead',
      'POST /api/notifications/markAllRead',
      'GET /api/notifications/stream',
      'GET /api/notifications/getEmailPreferences',
      'POST /api/notifications/setEmailPreferences',
      'POST /api/notifications/unsubscribe',
      'POST /api/notifications/unsubscribeByLink',
      'GET /api/weeklyQuestion/getSettings',
      'POST /api/weeklyQuestion/schedule',
      'POST /api/weeklyQuestion/pause',
      'POST /api/weeklyQuestion/resume',
      'POST /api/weeklyQuestion/skip',
      'POST /api/weeklyQuestion/stop',
      'POST /api/weeklyQuestion/byLink',
    ],
  },
  {
    why: 'circles themselves: who is in them, not what they read (the circles cases above)',
    routes: [
      'POST /api/circles/getMyCircle',
      'POST /api/circles/inviteByEmail',
      'POST /api/circles/createInvitationLink',
      'POST /api/circles/revokeInvitation',
      'POST /api/circles/removeMember',
      'POST /api/circles/getCirclesImIn',
      'POST /api/circles/leaveCircle',
      'POST /api/circles/getInvitation',
      'POST /api/circles/acceptInvitation',
    ],
  },
  {
    why: 'the site, the questionnaire, images and translation: no member’s item',
    routes: [
      'GET /api/profileQuestions/getQuestions',
      'GET /api/profileQuestions/getQuestionsIds',
      'POST /api/files/uploadApplicationFile',
      'GET /api/files/image/{id}',
      'POST /api/files/image/{id}',
      'GET /api/files/getImageType/{id}',
      'GET /api/files/imagePageView/{id}',
      'POST /api/posts/translateOutput',
      'GET /api/posts/translationStatus',
      'GET /api/applicationText/getFormattedText',
      'GET /api/applicationServices/getAllServices',
      'POST /api/applicationImages/getImages',
      'GET /api/configuration/organizationClientLanguages',
    ],
  },
];

describe('access control, from the route table', () => {
  let standalone: Awaited<ReturnType<typeof startTestStandalone>> | undefined;
  let world: World;

  beforeAll(async () => {
    standalone = await startTestStandalone();
    const url = standalone.url;

    const pending = async () => {
      const registration = newRegistration();
      const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
        body: registration,
      });
      expect(created.status).toBe(201);
      const ticket = new CookieJar();
      ticket.store(created.headers);
      return { ticket, userId: created.body.userId, registration, created };
    };
    const member = async (overrides: Partial<RegisterRequest> = {}): Promise<Member> => {
      const registration = newRegistration(overrides);
      const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
        body: registration,
      });
      const verified = await verifyThroughOutbox(url, registration, created);
      const jar = new CookieJar();
      jar.store(verified.headers);
      return { jar, userId: created.body.userId, registration };
    };
    const questions = await call<ProfileQuestion[]>(
      url,
      'GET',
      '/api/profileQuestions/getQuestions',
    );
    const answers = async (of: Member) =>
      (
        await call<{ answers: OwnMeAnswer[] }>(url, 'GET', '/api/meAnswers/getCurrentUserAnswers', {
          headers: of.jar.header(),
        })
      ).body.answers;
    world = {
      url,
      questions: questions.body,
      image: '',
      owner: await member({ firstname: 'Ora', lastname: 'Owner' }),
      stranger: await member({ firstname: 'Sela', lastname: 'Stranger' }),
      moderator: await grantRole(
        url,
        standalone.databaseUrl,
        await member({ firstname: 'Moran', lastname: 'Moderator' }),
        'moderator',
      ),
      admin: await grantRole(
        url,
        standalone.databaseUrl,
        await member({ firstname: 'Adva', lastname: 'Admin' }),
        'admin',
      ),
      member,
      pending: async () => {
        const { ticket, userId, registration } = await pending();
        return { ticket, userId, registration };
      },
      answers,
      post: async (author, privacy) => {
        const image = world.image;
        const created = await call<Post>(url, 'POST', '/api/posts/create', {
          headers: author.jar.header(),
          body: {
            title: `A post kept ${privacy}`,
            content: STORY,
            image,
            credit: 'Photo: Ora',
            privacy,
          },
        });
        if (created.status !== 201) throw new Error(`create answered ${created.text}`);
        return created.body;
      },
      privatePost: async (author) => {
        const post = await world.post(author, 'private');
        await eventually(
          async () => {
            const path = `/api/feedMessages/getNumberOfMessages/${post.postId}`;
            return (await call(url, 'GET', path)).status === 404 ? true : undefined;
          },
          { timeoutMs: 30_000, intervalMs: 50, what: 'the comments service hearing of it' },
        );
        await eventually(
          async () => {
            const counts = await call(url, 'POST', '/api/lotties/fillLotties', {
              body: { collectionName: 'posts', objectId: post.postId },
            });
            return counts.status === 404 ? true : undefined;
          },
          { timeoutMs: 30_000, intervalMs: 50, what: 'the reactions service hearing of it' },
        );
        return post;
      },
      comment: async (author, postId) => {
        const sent = await call<{ messageId: string }>(
          url,
          'POST',
          '/api/feedMessages/sendMessage',
          {
            headers: author.jar.header(),
            body: { message: 'A first comment', tag: null, postId },
          },
        );
        if (sent.status !== 201) throw new Error(`sendMessage answered ${sent.text}`);
        return sent.body.messageId;
      },
      privateQuestion: async (owner) => {
        const inserted = await call<PrivateQuestion>(
          url,
          'POST',
          '/api/privateQuestions/insertNewPrivateQuestion',
          {
            headers: owner.jar.header(),
            body: {
              questionTitle: 'Who taught you to swim?',
              subQuestions: ['Who was the teacher?', 'How did the lessons go?'],
            },
          },
        );
        if (inserted.status !== 201) throw new Error(`insert answered ${inserted.text}`);
        return inserted.body;
      },
      upload: (author) => uploadPostImage(url, author),
    };
    world.image = `/api/files/image/${await world.upload(world.owner)}`;
    // The owner's questionnaire: a public first answer long enough for the magazine, and a
    // private second one.
    const [first, second] = world.questions;
    for (const [question, privacy] of [
      [first!, 'public'],
      [second!, 'private'],
    ] as const) {
      const saved = await call(url, 'POST', '/api/meAnswers/saveLive', {
        headers: world.owner.jar.header(),
        body: {
          questionId: question.questionId,
          answerData: { [question.subQuestions[0]!.subQuestionId]: LONG_ANSWER.repeat(2) },
          version: 0,
          privacy,
        },
      });
      expect(saved.status).toBe(200);
    }
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
  }, SETUP_TIMEOUT_MS);

  it('has its moderator and admin holding their roles (the operator’s command), others none', async () => {
    const rolesOf = async (member: Member) =>
      (
        await call<SessionUser>(world.url, 'POST', '/api/users/session', {
          headers: member.jar.header(),
        })
      ).body.roles;
    expect(await rolesOf(world.moderator)).toEqual(['moderator']);
    expect(await rolesOf(world.admin)).toEqual(['admin']);
    expect(await rolesOf(world.stranger)).toEqual([]);
  });

  it('has a case for every route in the catalogue, and none for a route that is not', () => {
    expect(Object.keys(cases).sort()).toEqual(catalogueRoutes().map(key).sort());
  });

  it('decides explicitly, for every route that names something by id, whether a stranger may', () => {
    const undecided = catalogueRoutes()
      .filter((route) => route.auth === 'owner' || idsCarried(route).length > 0)
      .filter((route) => cases[key(route)]?.stranger === undefined)
      .map((route) => `${key(route)} (${idsCarried(route).join(', ') || 'owner'})`);
    // privateQuestions and meAnswers saves name the caller's own things by index or shared
    // question id; each of those cases states its stranger too.
    expect(undecided).toEqual([]);
  });

  describe.each(catalogueRoutes().map((route) => [key(route), route] as const))(
    '%s',
    (_name, route) => {
      const access = cases[key(route)];
      const guest: Outcome =
        access?.guest ??
        (route.auth === 'anyone' ? 'allowed' : (route.guestError ?? 'AUTH_REQUIRED'));
      const stranger: Outcome =
        access?.stranger ?? (needsRole(route) ? 'ROLE_REQUIRED' : 'allowed');
      const owner: Outcome = access?.owner ?? 'allowed';
      const moderator: Outcome | undefined =
        route.auth === 'admin' ? (access?.moderator ?? 'ROLE_REQUIRED') : undefined;

      it(
        `guest: ${guest}; another member: ${stranger}; the owner: ${owner}`,
        async () => {
          if (!access) throw new Error(`${key(route)} has no access case`);
          const prepared = await access.prepare(world);
          for (const [caller, outcome] of [
            ['guest', guest],
            ['stranger', stranger],
          ] as const) {
            const answer = await send(world, route, prepared, caller);
            expectAnswer(route, answer, outcome);
            if (outcome === 'allowed') await prepared.see?.(caller, answer);
          }
          if (moderator)
            expectAnswer(route, await send(world, route, prepared, 'moderator'), moderator);
          await prepared.untouched?.();
          const answer = await send(world, route, prepared, 'owner');
          expectAnswer(route, answer, owner);
          if (owner === 'allowed') await prepared.see?.('owner', answer);
        },
        PROCESS_TEST_TIMEOUT_MS,
      );
    },
  );

  it('names every route once for audiences: a case, or why it reads no item of one', () => {
    const without = WITHOUT_AUDIENCE.flatMap((group) => group.routes);
    expect([...Object.keys(audienceCases), ...without].sort()).toEqual(
      catalogueRoutes().map(key).sort(),
    );
  });

  describe('audiences', () => {
    let shared: People | undefined;
    /** An owner, a member in their circle, both followers, and the suite's stranger outside. */
    const peopleOf = async (own: boolean): Promise<People> => {
      if (shared && !own) return shared;
      const [owner, family] = [await world.member(), await world.member()];
      await circlesKnow(world, owner);
      await joinCircle(world, owner, family);
      for (const fan of [family, world.stranger])
        await call(world.url, 'POST', '/api/follows/follow', {
          headers: fan.jar.header(),
          body: { userId: owner.userId },
        });
      const people: People = { owner, family, outsider: world.stranger };
      if (!own) shared = people;
      // Every service that decides has heard of the circle: the family reads a circle post.
      const probe = await audiencePost(world, people, 'circle');
      const family_ = family;
      await eventually(
        async () => {
          const [post, comments, reactions, notice] = await Promise.all([
            call(world.url, 'POST', '/api/posts/getPostById', {
              headers: family_.jar.header(),
              body: { postId: probe.postId },
            }),
            call(world.url, 'GET', `/api/feedMessages/getNumberOfMessages/${probe.postId}`, {
              headers: family_.jar.header(),
            }),
            call(world.url, 'POST', '/api/lotties/fillLotties', {
              headers: family_.jar.header(),
              body: { collectionName: 'posts', objectId: probe.postId },
            }),
            // The moderation service takes a notice of a circle item from inside the circle.
            call(world.url, 'POST', '/api/moderation/notice', {
              headers: family_.jar.header(),
              body: {
                itemKind: 'post',
                itemId: probe.postId,
                explanation: 'A probe of who may send a notice.',
                name: 'Probe',
                email: 'probe@example.test',
                goodFaith: true,
              },
            }),
          ]);
          return post.status === 200 &&
            comments.status === 200 &&
            reactions.status === 200 &&
            notice.status === 201
            ? true
            : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 50, what: 'every service hearing of the circle' },
      );
      return people;
    };

    describe.each(Object.keys(audienceCases).sort())('%s', (name) => {
      const route = catalogueRoutes().find((candidate) => key(candidate) === name);
      it.each(AUDIENCES)(
        'a %s item: each reader as the rule says',
        async (audience) => {
          if (!route) throw new Error(`${name} is not in the catalogue`);
          const audienceCase = audienceCases[name];
          if (!audienceCase) throw new Error(`${name} has no audience case`);
          const at = await peopleOf(audienceCase.ownPeople === true);
          const read = await audienceCase.prepare(world, at, audience);
          const jars: Record<Reader, Credentials> = {
            guest: new CookieJar(),
            outsider: at.outsider.jar,
            family: at.family.jar,
            owner: at.owner.jar,
          };
          const expected = (reader: Reader) =>
            audienceCase.readers
              ? audienceCase.readers(reader, audience)
              : mayReadAudience(
                  { ownerId: 'owner', audience },
                  { id: reader === 'guest' ? null : reader, inCircle: reader === 'family' },
                );
          const ask = () =>
            Promise.all(
              READERS.map((reader) =>
                call(world.url, route.method, read.path, {
                  headers: jars[reader].header(),
                  ...(read.body ? { body: read.body } : {}),
                }),
              ),
            );
          // Notifications and the following feed come through events: wait for those who
          // should see the item, then hold everyone to the rule.
          const seen = await eventually(
            async () => {
              const answers = await ask();
              return READERS.every((reader, i) => {
                const answer = answers[i];
                return !expected(reader) || (answer !== undefined && read.shows(answer));
              })
                ? answers
                : undefined;
            },
            { timeoutMs: 30_000, intervalMs: 100, what: `${name}: the item’s readers` },
          );
          expect(
            Object.fromEntries(
              READERS.map((reader, i) => [reader, read.shows(seen[i] as TestResponse<unknown>)]),
            ),
          ).toEqual(Object.fromEntries(READERS.map((reader) => [reader, expected(reader)])));
        },
        PROCESS_TEST_TIMEOUT_MS,
      );
    });
  });
});
