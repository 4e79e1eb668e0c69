import { randomUUID } from 'node:crypto';
import type { LikeResponse, Post } from '@mepedia/contracts';
import {
  BROWSER_HEADERS,
  call,
  eventually,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  withClient,
} from '@mepedia/server-testing';
import {
  newGatewayMember,
  startTestStandalone,
  uploadPostImage,
  type GatewayMember,
} from './test-standalone';

type Member = GatewayMember;

const STORY = `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`;

// Issue 29 review: the reactions service hands likes and views of posts to the posts service
// (post.like.requested, post.view.requested), its migration the ones given before. An outsider's
// like or view of a private post (one given through the bug of item 6, or slipped through the
// grace for a post not yet announced) must not join the post's counts, through either call.
describe('likes and views handed over to the posts service, through the gateway', () => {
  let standalone: Awaited<ReturnType<typeof startTestStandalone>> | undefined;
  let url = '';
  let author: Member;
  let stranger: Member;
  let image = '';

  const send = <T>(who: Member, method: string, path: string, body?: unknown) =>
    call<T>(url, method, path, { headers: { ...BROWSER_HEADERS, ...who.jar.header() }, body });
  const sql = <T>(query: string, params: unknown[] = []) =>
    withClient(
      standalone!.databaseUrl,
      async (client) => (await client.query(query, params)).rows as T[],
    );

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
    'counts no outsider’s like or view of a private post that reactions handed over, and drops it there',
    async () => {
      const created = await send<Post>(author, 'POST', '/api/posts/create', {
        title: 'A private story',
        content: STORY,
        image,
        credit: 'Photo: the author',
        privacy: 'private',
        destination: 'profile',
      });
      expect(created.status).toBe(201);
      const postId = created.body.postId;
      const viewer = `member:${stranger.userId}`;
      // What the reactions service holds for an outsider and hands over, as its migration
      // 0002_post_likes_outbox does for likes and views kept there before: a like and a view,
      // with their counters, and their handover in its outbox.
      await sql(
        `with liked as (
           insert into reactions.likes (collection, object_id, user_id) values ('posts', $1, $2)
         ), viewed as (
           insert into reactions.views (collection, object_id, property, viewer)
           values ('posts', $1, 'views', $3)
         ), like_count as (
           insert into reactions.like_counts (collection, object_id, likes) values ('posts', $1, 1)
           on conflict (collection, object_id) do update set likes = reactions.like_counts.likes + 1
         ), view_count as (
           insert into reactions.view_counts (collection, object_id, property, views)
           values ('posts', $1, 'views', 1)
           on conflict (collection, object_id, property)
           do update set views = reactions.view_counts.views + 1
         )
         insert into reactions.outbox (id, type, payload, occurred_at) values
           ($4, 'post.like.requested',
            jsonb_build_object('postId', $1::text, 'userId', $2::text, 'liked', true), now()),
           ($5, 'post.view.requested', jsonb_build_object('postId', $1::text, 'viewer', $3::text),
            now())`,
        [postId, stranger.userId, viewer, randomUUID(), randomUUID()],
      );
      // Settled once the posts service took each in (counted it) or refused it (and the
      // reactions service, told so, dropped it).
      const held = () =>
        sql<{ postsLike: boolean; postsView: boolean; mirrorLike: boolean; mirrorView: boolean }>(
          `select
             exists (select 1 from posts.post_likes where post_id = $1 and user_id = $2)
               as "postsLike",
             exists (select 1 from posts.post_views where post_id = $1 and viewer = $3)
               as "postsView",
             exists (select 1 from reactions.likes where object_id = $1::text and user_id = $2)
               as "mirrorLike",
             exists (select 1 from reactions.views where object_id = $1::text and viewer = $3)
               as "mirrorView"`,
          [postId, stranger.userId, viewer],
        ).then((rows) => rows[0]);
      const settled = await eventually(
        async () => {
          const now = await held();
          return now && (now.postsLike || !now.mirrorLike) && (now.postsView || !now.mirrorView)
            ? now
            : undefined;
        },
        { timeoutMs: PROCESS_TEST_TIMEOUT_MS / 2, what: 'the handover taken in' },
      );
      // Neither joined the post's counts, and the reactions service holds neither any more.
      expect(settled).toEqual({
        postsLike: false,
        postsView: false,
        mirrorLike: false,
        mirrorView: false,
      });
      const read = await send<Post>(author, 'POST', '/api/posts/getPostById', { postId });
      expect(read.body).toMatchObject({ likes: 0, views: 0 });
      // The author's like is the first, and userLikes knows it (once its event arrived).
      const liked = await send<LikeResponse>(author, 'PUT', '/api/posts/like', { id: postId });
      expect(liked.body).toEqual({ liked: true, likes: 1 });
      await eventually(
        async () => {
          const rows = await sql<{ n: number }>(
            `select count(*)::int as n from reactions.likes where object_id = $1 and user_id = $2`,
            [postId, author.userId],
          );
          return rows[0]?.n === 1 ? true : undefined;
        },
        { timeoutMs: PROCESS_TEST_TIMEOUT_MS / 2, what: 'the author’s like heard by reactions' },
      );
      const mine = await send<LikeResponse>(author, 'POST', '/api/userLikes/toggleLike', {
        collectionName: 'posts',
        objectId: postId,
      });
      // Taken back through the other call, which knows the author's like and no other.
      expect(mine.body).toEqual({ liked: false, likes: 0 });
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
