import type {
  ErrorEnvelope,
  FeedMessage,
  FeedMessagesPage,
  Post,
  QueuePage,
  SessionUser,
} from '@mepedia/contracts';
import {
  call,
  eventually,
  outboxMessage,
  PROCESS_READY_TIMEOUT_MS,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
} from '@mepedia/server-testing';
import {
  grantRole,
  newGatewayMember,
  startTestStandalone,
  uploadPostImage,
  type GatewayMember,
} from './test-standalone';

/** Events cross the outbox, the worker and other services: room for a busy machine. */
const WAIT = (what: string) => ({ what, timeoutMs: PROCESS_READY_TIMEOUT_MS, intervalMs: 50 });

const STORY =
  '<p>This is the story of a summer that changed everything, told slowly and with care, one memory at a time.</p>';

// Review holds (issue 35, point 4) through npm start's gateway and the whole event chain, with
// the setting at its default: a new member's first post and comment with a link are theirs alone
// as they are written; the moderation service opens the cases the posts and comments services
// named, tells the author why by email, and a moderator's word lets the post out for everyone.
describe('a new member’s first links wait for review', () => {
  let standalone: Awaited<ReturnType<typeof startTestStandalone>> | undefined;
  let url: string;
  let author: GatewayMember;
  let reader: GatewayMember;
  let moderator: GatewayMember;
  let image: string;

  beforeAll(async () => {
    standalone = await startTestStandalone({ MODERATION_REVIEW_FIRST_LINKS: '3' });
    url = standalone.url;
    [author, reader] = [await newGatewayMember(url), await newGatewayMember(url)];
    moderator = await grantRole(
      url,
      standalone.databaseUrl,
      await newGatewayMember(url),
      'moderator',
    );
    image = `/api/files/image/${await uploadPostImage(url, author)}`;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
  }, SETUP_TIMEOUT_MS);

  const create = async (who: GatewayMember, title: string, content = STORY) => {
    const created = await call<Post>(url, 'POST', '/api/posts/create', {
      headers: who.jar.header(),
      body: { title, content, image, credit: 'Photo: the author', privacy: 'public' },
    });
    expect(created.status).toBe(201);
    return created.body;
  };
  const readAs = (who: GatewayMember | null, postId: string) =>
    call<Post | ErrorEnvelope>(url, 'POST', '/api/posts/getPostById', {
      headers: who ? who.jar.header() : {},
      body: { postId },
    });
  const openCase = (itemId: string) =>
    eventually(
      async () => {
        const page = await call<QueuePage>(url, 'POST', '/api/moderation/getQueue', {
          headers: moderator.jar.header(),
          body: { status: 'open', limit: 50 },
        });
        return page.body.cases.find((found) => found.item.itemId === itemId);
      },
      WAIT(`the case of ${itemId} in the queue`),
    );

  it(
    'holds the post and the comment, tells the author why, and shows the post once a moderator lets it out',
    async () => {
      const held = await create(author, 'Cheap flights at trips.example.com');
      expect(held.moderation).toEqual({ state: 'held', caseId: expect.any(String) });
      expect((await readAs(reader, held.postId)).status).toBe(404);
      expect((await readAs(null, held.postId)).status).toBe(404);
      const told = await openCase(held.postId);
      expect(told).toMatchObject({
        caseId: held.moderation?.caseId,
        autoHeld: true,
        heldFor: 'firstLinks',
        reports: 0,
      });

      const { email } = (
        await call<SessionUser>(url, 'POST', '/api/users/session', { headers: author.jar.header() })
      ).body;
      const statement = await outboxMessage(
        url,
        (message) => message.to === email && /hidden pending review/.test(message.subject ?? ''),
        PROCESS_READY_TIMEOUT_MS,
      );
      expect(statement.text).toContain('A new member’s first posts and comments that carry a link');

      // A comment with a link on a story with none, by another new member: theirs alone.
      const story = await create(author, 'The harbour at dawn');
      expect(story.moderation).toBeUndefined();
      const sent = await call<FeedMessage>(url, 'POST', '/api/feedMessages/sendMessage', {
        headers: reader.jar.header(),
        body: { postId: story.postId, message: 'Cheap pills at cheap-pills.xyz' },
      });
      expect(sent.status).toBe(201);
      expect(sent.body.moderation?.state).toBe('held');
      const page = await call<FeedMessagesPage>(url, 'POST', '/api/feedMessages/getMessages', {
        headers: author.jar.header(),
        body: { id: story.postId },
      });
      expect(page.body.messages).toEqual([]);
      expect(await openCase(sent.body.messageId)).toMatchObject({ heldFor: 'firstLinks' });

      // The moderator lets the post out: everyone reads it, within the event chain's moments.
      const decided = await call(url, 'POST', '/api/moderation/decide', {
        headers: moderator.jar.header(),
        body: {
          caseId: told.caseId,
          version: told.version,
          action: 'dismiss',
          statement: 'A travel agent’s own page, not spam.',
        },
      });
      expect(decided.status).toBe(200);
      await eventually(
        async () => ((await readAs(null, held.postId)).status === 200 ? true : undefined),
        WAIT('the post out for guests'),
      );
      expect((await readAs(reader, held.postId)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
