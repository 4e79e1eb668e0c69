import type { ErrorEnvelope, Post } from '@mepedia/contracts';
import {
  BROWSER_HEADERS,
  call,
  eventually,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
} from '@mepedia/server-testing';
import {
  newGatewayMember,
  startTestStandalone,
  uploadPostImage,
  type GatewayMember,
} from './test-standalone';

type Member = GatewayMember;

const STORY = `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`;

// Issue 29, items 6 and 9, as an outsider meets them through the gateway of npm start's process:
// likes, views, reactions and comments exist only on a post that exists and that the caller may
// read; anyone else gets the post's own 404.
describe('what likes, views, reactions and comments are about', () => {
  let standalone: Awaited<ReturnType<typeof startTestStandalone>> | undefined;
  let url = '';
  let author: Member;
  let stranger: Member;
  let image = '';

  const send = <T>(who: Member | null, method: string, path: string, body?: unknown) =>
    // As a browser would: a plain fetch looks like a crawler, and a crawler's view counts nothing.
    call<T>(url, method, path, {
      headers: { ...BROWSER_HEADERS, ...(who ? who.jar.header() : {}) },
      body,
    });
  /** Status and code of a call, e.g. `404 POST_NOT_FOUND`, or `200`. */
  const outcome = async (who: Member | null, method: string, path: string, body?: unknown) => {
    const answer = await send<ErrorEnvelope>(who, method, path, body);
    return answer.status < 300 ? `${answer.status}` : `${answer.status} ${answer.body.code}`;
  };
  const newPost = async (privacy: 'public' | 'private') => {
    const created = await send<Post>(author, 'POST', '/api/posts/create', {
      title: `A ${privacy} story`,
      content: STORY,
      image,
      credit: 'Photo: the author',
      privacy,
      destination: 'profile',
    });
    expect(`${created.status} ${created.text}`).toMatch(/^201 /);
    return created.body.postId;
  };
  /** Every way to react to or count a post, as `who` (a guest: null). */
  const everyCall = async (who: Member | null, postId: string) => ({
    like: await outcome(who, 'POST', '/api/userLikes/toggleLike', {
      collectionName: 'posts',
      objectId: postId,
    }),
    react: await outcome(who, 'POST', '/api/lotties/toggleLike', {
      collectionName: 'posts',
      objectId: postId,
      name: 'heart',
    }),
    view: await outcome(who, 'POST', '/api/userViews/toggleView', {
      collectionName: 'posts',
      objectId: postId,
    }),
    counts: await outcome(who, 'POST', '/api/lotties/fillLotties', {
      collectionName: 'posts',
      objectId: postId,
    }),
    comment: await outcome(who, 'POST', '/api/feedMessages/sendMessage', {
      message: 'Hello there',
      tag: null,
      postId,
    }),
  });

  beforeAll(async () => {
    standalone = await startTestStandalone();
    url = standalone.url;
    author = await newGatewayMember(url);
    stranger = await newGatewayMember(url);
    image = `/api/files/image/${await uploadPostImage(url, author)}`;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
  }, SETUP_TIMEOUT_MS);

  it(
    'keeps a private post’s likes, views, reactions and counts to its author',
    async () => {
      const postId = await newPost('private');
      // Once the reactions service has heard that it is private (an event away).
      await eventually(
        async () =>
          (await outcome(null, 'POST', '/api/lotties/fillLotties', {
            collectionName: 'posts',
            objectId: postId,
          })) === '404 POST_NOT_FOUND'
            ? true
            : undefined,
        { timeoutMs: 30_000, intervalMs: 50, what: 'the reactions service hearing of it' },
      );
      expect(await everyCall(stranger, postId)).toEqual({
        like: '404 POST_NOT_FOUND',
        react: '404 POST_NOT_FOUND',
        view: '404 POST_NOT_FOUND',
        counts: '404 POST_NOT_FOUND',
        comment: '404 DISCUSSION_NOT_FOUND',
      });
      expect(await everyCall(null, postId)).toMatchObject({
        view: '404 POST_NOT_FOUND',
        counts: '404 POST_NOT_FOUND',
      });
      expect(await everyCall(author, postId)).toEqual({
        like: '200',
        react: '200',
        view: '200',
        counts: '200',
        comment: '201',
      });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'takes a comment and a reaction on a post made a moment ago, and none on one that never was',
    async () => {
      // At once, before any event could have arrived: the author's own new post.
      const postId = await newPost('public');
      expect(
        await outcome(author, 'POST', '/api/feedMessages/sendMessage', {
          message: 'First!',
          tag: null,
          postId,
        }),
      ).toBe('201');
      expect(await everyCall(stranger, postId)).toEqual({
        like: '200',
        react: '200',
        view: '200',
        counts: '200',
        comment: '201',
      });
      // Ids no post has: a UUID of another kind, and one of a time long before. Issue 29, item
      // 2: read or written, they are the 404 of a post that does not exist, to anyone.
      for (const never of [
        '5b1c0f9e-3a5d-4c2e-9f1a-2b3c4d5e6f70',
        postId.replace(/^.{8}/, '00000000'),
      ])
        for (const who of [stranger, null])
          expect({
            ...(await everyCall(who, never)),
            messages: await outcome(who, 'POST', '/api/feedMessages/getMessages', { id: never }),
            count: await outcome(who, 'GET', `/api/feedMessages/getNumberOfMessages/${never}`),
          }).toEqual({
            like: who ? '404 POST_NOT_FOUND' : '401 MUST_BE_LOGGED_IN',
            react: who ? '404 POST_NOT_FOUND' : '401 MUST_BE_LOGGED_IN',
            view: '404 POST_NOT_FOUND',
            counts: '404 POST_NOT_FOUND',
            comment: who ? '404 DISCUSSION_NOT_FOUND' : '401 MUST_BE_LOGGED_IN',
            messages: '404 DISCUSSION_NOT_FOUND',
            count: '404 DISCUSSION_NOT_FOUND',
          });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses comments, likes and reactions on a post deleted a moment ago',
    async () => {
      const postId = await newPost('public');
      const comment = await send<{ messageId: string }>(
        stranger,
        'POST',
        '/api/feedMessages/sendMessage',
        { message: 'Said in time', tag: null, postId },
      );
      expect(comment.status).toBe(201);
      expect((await send(author, 'DELETE', `/api/posts/deletePost/${postId}`)).status).toBe(200);
      const refused = {
        like: '404 POST_NOT_FOUND',
        react: '404 POST_NOT_FOUND',
        view: '404 POST_NOT_FOUND',
        counts: '404 POST_NOT_FOUND',
        comment: '404 DISCUSSION_NOT_FOUND',
      };
      // Once both services have heard of the deletion, nothing more is taken on it.
      await eventually(
        async () => {
          const now = await everyCall(stranger, postId);
          return now.comment === refused.comment && now.counts === refused.counts ? now : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 100, what: 'both services hearing of the deletion' },
      );
      expect(await everyCall(stranger, postId)).toEqual(refused);
      expect(
        await outcome(stranger, 'PUT', '/api/feedMessages/like', { id: comment.body.messageId }),
      ).toBe('404 MESSAGE_NOT_FOUND');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  // Issue 29, item 1: a comment is what its post is. Reactions on it, and its counts, exist only
  // for someone who may read the post, and only while the comment exists.
  it(
    'keeps reactions on a comment of a post made private to its author, and takes none on a comment that is not there',
    async () => {
      const postId = await newPost('public');
      const sent = await send<{ messageId: string }>(
        stranger,
        'POST',
        '/api/feedMessages/sendMessage',
        { message: 'A comment worth a heart', tag: null, postId },
      );
      expect(sent.status).toBe(201);
      const commentId = sent.body.messageId;
      /** Every way to react to or count a comment, as `who` (a guest: null). */
      const onComment = async (who: Member | null, objectId: string) => ({
        like: await outcome(who, 'POST', '/api/userLikes/toggleLike', {
          collectionName: 'feedMessages',
          objectId,
        }),
        react: await outcome(who, 'POST', '/api/lotties/toggleLike', {
          collectionName: 'feedMessages',
          objectId,
          name: 'heart',
        }),
        view: await outcome(who, 'POST', '/api/userViews/toggleView', {
          collectionName: 'feedMessages',
          objectId,
        }),
        counts: await outcome(who, 'POST', '/api/lotties/fillLotties', {
          collectionName: 'feedMessages',
          objectId,
        }),
      });
      const open = { like: '200', react: '200', view: '200', counts: '200' };
      const gone = {
        like: '404 MESSAGE_NOT_FOUND',
        react: '404 MESSAGE_NOT_FOUND',
        view: '404 MESSAGE_NOT_FOUND',
        counts: '404 MESSAGE_NOT_FOUND',
      };
      expect(await onComment(stranger, commentId)).toEqual(open);

      expect(
        (await send(author, 'POST', '/api/posts/updatePostPrivacy', { postId, privacy: 'private' }))
          .status,
      ).toBe(200);
      await eventually(
        async () =>
          (await outcome(null, 'POST', '/api/lotties/fillLotties', {
            collectionName: 'feedMessages',
            objectId: commentId,
          })) === '404 MESSAGE_NOT_FOUND'
            ? true
            : undefined,
        { timeoutMs: 30_000, intervalMs: 50, what: 'the reactions service hearing of it' },
      );
      expect(await onComment(stranger, commentId)).toEqual(gone);
      expect(await onComment(null, commentId)).toMatchObject({
        view: gone.view,
        counts: gone.counts,
      });
      expect(await onComment(author, commentId)).toEqual(open);

      // Ids no comment has: a UUID of another kind, one of a time long before.
      for (const never of [
        '5b1c0f9e-3a5d-4c2e-9f1a-2b3c4d5e6f71',
        commentId.replace(/^.{8}/, '00000000'),
      ])
        expect(await onComment(stranger, never)).toEqual(gone);

      // A comment deleted: refused to everyone, its author too.
      const mine = await send<{ messageId: string }>(
        author,
        'POST',
        '/api/feedMessages/sendMessage',
        { message: 'Soon gone', tag: null, postId },
      );
      expect(await onComment(author, mine.body.messageId)).toEqual(open);
      expect(
        (
          await send(
            author,
            'DELETE',
            `/api/feedMessages/deleteMessage/${mine.body.messageId}/${postId}`,
          )
        ).status,
      ).toBe(200);
      await eventually(
        async () =>
          (await outcome(author, 'POST', '/api/lotties/fillLotties', {
            collectionName: 'feedMessages',
            objectId: mine.body.messageId,
          })) === '404 MESSAGE_NOT_FOUND'
            ? true
            : undefined,
        { timeoutMs: 30_000, intervalMs: 50, what: 'the reactions service hearing of it' },
      );
      expect(await onComment(author, mine.body.messageId)).toEqual(gone);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  // Issue 29, item 14: one like per member and post, whichever call gives or takes it back.
  it(
    'keeps one like and one count for a post, given by posts/like or userLikes/toggleLike',
    async () => {
      const postId = await newPost('public');
      const liker = stranger;
      const postSays = async () => {
        const post = await send<Post>(liker, 'POST', '/api/posts/getPostById', { postId });
        return { likes: post.body.likes, liked: post.body.likedByMe };
      };
      const reactionsSay = async () =>
        (
          await send<{ objectIds: string[] }>(
            liker,
            'POST',
            '/api/userLikes/getLikedByCurrentUser',
            { collectionName: 'posts', post: postId },
          )
        ).body.objectIds.includes(postId);
      const settled = (what: string, done: () => Promise<boolean>) =>
        eventually(async () => ((await done()) ? true : undefined), {
          timeoutMs: 30_000,
          intervalMs: 50,
          what,
        });

      // Liked on the post page's call: both reads say so, counted once.
      const liked = await send(liker, 'PUT', '/api/posts/like', { id: postId });
      expect(liked.body).toEqual({ liked: true, likes: 1 });
      await settled('userLikes hearing of the like', reactionsSay);
      expect(await postSays()).toEqual({ likes: 1, liked: true });
      // Taken back through the other call: it knows the like, and both reads agree, 0.
      const back = await send(liker, 'POST', '/api/userLikes/toggleLike', {
        collectionName: 'posts',
        objectId: postId,
      });
      expect(back.body).toEqual({ liked: false, likes: 0 });
      await settled('the post hearing of it', async () => (await postSays()).likes === 0);
      expect(await postSays()).toEqual({ likes: 0, liked: false });
      expect(await reactionsSay()).toBe(false);

      // And the other way round.
      const again = await send(liker, 'POST', '/api/userLikes/toggleLike', {
        collectionName: 'posts',
        objectId: postId,
      });
      expect(again.body).toEqual({ liked: true, likes: 1 });
      await settled('the post hearing of the like', async () => (await postSays()).liked);
      expect(await postSays()).toEqual({ likes: 1, liked: true });
      const off = await send(liker, 'PUT', '/api/posts/like', { id: postId });
      expect(off.body).toEqual({ liked: false, likes: 0 });
      await settled('userLikes hearing of it', async () => !(await reactionsSay()));
      // Another member's like counts beside it, once, in both.
      const other = await send(author, 'POST', '/api/userLikes/toggleLike', {
        collectionName: 'posts',
        objectId: postId,
      });
      expect(other.body).toEqual({ liked: true, likes: 1 });
      await settled('the post hearing of it', async () => (await postSays()).likes === 1);
      expect(await postSays()).toEqual({ likes: 1, liked: false });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'counts a post’s viewer once, by posts/updatePostViews or userViews/toggleView',
    async () => {
      const postId = await newPost('public');
      const postViews = async () =>
        (await send<Post>(null, 'POST', '/api/posts/getPostById', { postId })).body.views;
      const userViews = async (who: Member) =>
        (
          await send<{ views: number; counted: boolean }>(
            who,
            'POST',
            '/api/userViews/toggleView',
            {
              collectionName: 'posts',
              objectId: postId,
            },
          )
        ).body;
      const settled = (what: string, done: () => Promise<boolean>) =>
        eventually(async () => ((await done()) ? true : undefined), {
          timeoutMs: 30_000,
          intervalMs: 50,
          what,
        });

      // Seen on the post page's call: counted once there, and once for userViews.
      const seen = await send(stranger, 'POST', '/api/posts/updatePostViews', { postId });
      expect(seen.body).toEqual({ views: 1, counted: true });
      await settled(
        'userViews hearing of the view',
        async () => (await userViews(stranger)).views === 1,
      );
      expect(await userViews(stranger)).toEqual({ views: 1, counted: false });
      // Seen through userViews by another: the post counts it, and the post page's call does not
      // count it again.
      expect(await userViews(author)).toEqual({ views: 2, counted: true });
      await settled('the post hearing of the view', async () => (await postViews()) === 2);
      const again = await send(author, 'POST', '/api/posts/updatePostViews', { postId });
      expect(again.body).toEqual({ views: 2, counted: false });
      expect(await userViews(stranger)).toEqual({ views: 2, counted: false });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
