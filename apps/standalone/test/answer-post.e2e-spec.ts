import type {
  CurrentUserAnswers,
  OwnMeAnswer,
  PostsPage,
  PostSummary,
  RegisterResponse,
} from '@mepedia/contracts';
import {
  call,
  CookieJar,
  eventually,
  newRegistration,
  PROCESS_READY_TIMEOUT_MS,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  verifyThroughOutbox,
} from '@mepedia/server-testing';
import { startTestStandalone } from './test-standalone';

/** Events cross the outbox, the worker and a second service: room for a busy machine. */
const WAIT = (what: string) => ({ what, timeoutMs: PROCESS_READY_TIMEOUT_MS, intervalMs: 50 });

// A questionnaire answer and its magazine post follow each other, both ways, through npm start's
// gateway and the whole event chain (me-answers -> outbox -> worker -> posts, and back): the
// post deleted from the posts side takes the answer out of the magazine; the answer taken out
// deletes the post (issue 29, item 15).
describe('an answer and its magazine post', () => {
  let standalone: Awaited<ReturnType<typeof startTestStandalone>> | undefined;
  let url: string;
  const jar = new CookieJar();
  let userId: string;

  beforeAll(async () => {
    standalone = await startTestStandalone();
    url = standalone.url;
    const registration = newRegistration({ firstname: 'Tamar', lastname: 'Golan' });
    const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    const verified = await verifyThroughOutbox(url, registration, created);
    jar.store(verified.headers);
    userId = created.body.userId;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
  }, SETUP_TIMEOUT_MS);

  const answer = async (): Promise<OwnMeAnswer | undefined> =>
    (
      await call<CurrentUserAnswers>(url, 'GET', '/api/meAnswers/getCurrentUserAnswers', {
        headers: jar.header(),
      })
    ).body.answers.find((one) => one.questionId === 'roots');
  const toggle = async (): Promise<OwnMeAnswer> => {
    const toggled = await call<OwnMeAnswer>(url, 'POST', '/api/meAnswers/togglePublishAsPost', {
      headers: jar.header(),
      body: { questionId: 'roots' },
    });
    expect(toggled.status).toBe(200);
    return toggled.body;
  };
  const answerPosts = async (): Promise<PostSummary[]> =>
    (
      await call<PostsPage>(url, 'POST', '/api/posts/getPosts', {
        headers: jar.header(),
        body: { publisherId: userId, questionId: 'roots' },
      })
    ).body.posts;
  /** Publish the answer and wait for its post, new or the same. */
  const published = async (): Promise<PostSummary> => {
    expect((await toggle()).publishedAsPost).toBe(true);
    const [post] = await eventually(async () => {
      const posts = await answerPosts();
      return posts.length === 1 ? posts : undefined;
    }, WAIT('the answer’s post'));
    return post!;
  };
  const unpublishedAnswer = () =>
    eventually(async () => {
      const now = await answer();
      return now?.publishedAsPost === false ? now : undefined;
    }, WAIT('the answer out of the magazine'));

  it(
    'leaves the magazine when its post is deleted (deletePost, deleteMePost), and can be published again',
    async () => {
      const saved = await call<OwnMeAnswer>(url, 'POST', '/api/meAnswers/saveLive', {
        headers: jar.header(),
        body: {
          questionId: 'roots',
          answerData: {
            'roots-1':
              'I was born by the sea, in a house with a blue door, and every morning the fishermen sang on their way to the harbour.',
          },
          version: 0,
        },
      });
      expect(saved.status).toBe(200);

      // Deleted by its id, as the post's editor does.
      const first = await published();
      const deleted = await call(url, 'DELETE', `/api/posts/deletePost/${first.postId}`, {
        headers: jar.header(),
      });
      expect(deleted.status).toBe(200);
      expect((await unpublishedAnswer()).publishedAsPost).toBe(false);
      expect(await answerPosts()).toEqual([]);

      // Published again: a post again, and the answer says so.
      const second = await published();
      expect(second.postId).not.toBe(first.postId);
      expect((await answer())?.publishedAsPost).toBe(true);

      // Deleted by its question (the spec's deleteMePost).
      const byQuestion = await call(url, 'DELETE', '/api/posts/deleteMePost/roots', {
        headers: jar.header(),
      });
      expect(byQuestion.status).toBe(200);
      await unpublishedAnswer();

      // Taken out from the answer's side: its post is deleted.
      await published();
      expect((await toggle()).publishedAsPost).toBe(false);
      await eventually(
        async () => ((await answerPosts()).length === 0 ? true : undefined),
        WAIT('the post gone'),
      );
      expect((await answer())?.publishedAsPost).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
