import {
  LikedByCurrentUserResponse,
  LottiesState,
  ToggleUserLikeResponse,
  type ErrorEnvelope,
  type ModeratedItemKind,
  type ModerationState,
  type ReactionCollection,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  newPostId,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  BROWSER_HEADERS as BROWSER,
  newMember,
  newVisitorId,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createReactionsApp } from '../src/reactions.app';

type ObjectRef = { collectionName: ReactionCollection; objectId: string };

// Issue 35, point 6: the likes, views and reactions of what moderation holds pending review or
// removed (a post, a me answer, a comment, a profile) are its owner's alone, through
// `moderation.item.changed`: to anyone else, a guest included, they are not there, to read or
// to add (the object's own 404). Nothing is taken away: visible again, it counts what it had.
// Words apply by their time, in any order, replayed, and about objects not heard of yet.
describeEachEngine('reactions: what moderation holds or removed', (engine) => {
  let tested: TestService;

  const headersOf = (who: Member | null) =>
    who ? tested.as(who) : tested.as({ kind: 'guest' }, { visitorId: newVisitorId() });
  const post = async <T>(path: string, who: Member | null, body: object) =>
    tested.call<T>('POST', `/api/${path}`, { headers: { ...BROWSER, ...headersOf(who) }, body });
  const call = async (path: string, who: Member | null, body: object) => {
    const response = await post<ErrorEnvelope>(path, who, body);
    return response.status < 300 ? 'allowed' : `${response.status} ${response.body.code}`;
  };

  /** Hand an event to the service's queue and wait until it has been handled. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date()) {
    const event = envelope(type, payload, occurredAt, 'moderation');
    await tested.queue.add('events-reactions', event.type, event, {
      jobId: event.id,
      attempts: 1,
    });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await tested.queue.counts('events-reactions');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await tested.queue.failed('events-reactions')).toEqual([]);
  }
  const moderate = (
    kind: ModeratedItemKind,
    itemId: string,
    owner: Member,
    state: ModerationState,
    at = new Date(),
  ) =>
    deliver(
      'moderation.item.changed',
      { kind, itemId, ownerId: owner.userId, state, caseId: `case-${state}` },
      at,
    );
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));
  const announceComment = (comment: ObjectRef, subjectId: string) =>
    deliver('feedMessage.changed', { messageId: comment.objectId, subjectId, deleted: false });

  /** A public post or me answer of `owner`'s, and a comment on it. */
  async function subject(owner: Member, collectionName: 'posts' | 'meAnswers' = 'posts') {
    const target: ObjectRef = { collectionName, objectId: newPostId() };
    if (collectionName === 'posts')
      await deliver('post.privacy.changed', {
        postId: target.objectId,
        publisherId: owner.userId,
        privacy: 'public',
      });
    else
      await deliver('meAnswer.privacy.changed', {
        meAnswerId: target.objectId,
        userId: owner.userId,
        privacy: 'public',
      });
    const comment: ObjectRef = { collectionName: 'feedMessages', objectId: newPostId() };
    await announceComment(comment, target.objectId);
    return { target, comment };
  }

  /** What `who` (a guest: null) may do with `target`: view, count, like, react. */
  async function whatMay(who: Member | null, target: ObjectRef) {
    const answers: Record<string, string> = {
      view: await call('userViews/toggleView', who, target),
      counts: await call('lotties/fillLotties', who, target),
    };
    if (who === null) return answers;
    return {
      ...answers,
      like: await call('userLikes/toggleLike', who, target),
      react: await call('lotties/toggleLike', who, { ...target, name: 'heart' }),
    };
  }
  const every = (answer: string) => ({ view: answer, counts: answer, like: answer, react: answer });
  const forGuest = ({ like: _l, react: _r, ...reads }: Record<string, string>) => reads;

  async function likedBy(who: Member, collectionName: ReactionCollection) {
    const response = await post<LikedByCurrentUserResponse>(
      'userLikes/getLikedByCurrentUser',
      who,
      { collectionName },
    );
    expect(response.status).toBe(200);
    return LikedByCurrentUserResponse.parse(response.body).objectIds;
  }
  async function hearts(who: Member, target: ObjectRef) {
    const response = await post<LottiesState>('lotties/fillLotties', who, target);
    expect(response.status).toBe(200);
    return LottiesState.parse(response.body).counts.heart;
  }

  beforeAll(async () => {
    tested = await startTestService('reactions', createReactionsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it.each([
    ['posts', 'post', 'held', 'POST_NOT_FOUND'],
    ['posts', 'post', 'removed', 'POST_NOT_FOUND'],
    ['meAnswers', 'answer', 'held', 'ANSWER_NOT_FOUND'],
    ['meAnswers', 'answer', 'removed', 'ANSWER_NOT_FOUND'],
  ] as const)(
    '%s: one %s %s is its owner’s alone, its comments’ reactions too; visible again, it counts what it had',
    async (collectionName, kind, state, notFound) => {
      const [owner, other] = [newMember(), newMember()];
      const { target, comment } = await subject(owner, collectionName);
      await call('lotties/toggleLike', other, { ...target, name: 'heart' });

      await moderate(kind, target.objectId, owner, state);
      expect(await whatMay(null, target)).toEqual(forGuest(every(`404 ${notFound}`)));
      expect(await whatMay(other, target)).toEqual(every(`404 ${notFound}`));
      expect(await call('lotties/fillLotties', other, comment)).toBe('404 MESSAGE_NOT_FOUND');
      expect(await call('lotties/toggleLike', other, { ...comment, name: 'clap' })).toBe(
        '404 MESSAGE_NOT_FOUND',
      );
      // The owner reads it all, the reaction given before included, and may react.
      expect(await hearts(owner, target)).toBe(1);
      expect(await whatMay(owner, target)).toEqual(every('allowed'));
      expect(await call('lotties/fillLotties', owner, comment)).toBe('allowed');

      await moderate(kind, target.objectId, owner, 'visible');
      // Counted again as it was: the other's heart and the owner's own.
      expect(await hearts(other, target)).toBe(2);
      expect(await call('lotties/fillLotties', null, comment)).toBe('allowed');
    },
  );

  it('a comment held: its reactions its author’s alone, its subject’s untouched', async () => {
    const [owner, author, other] = [newMember(), newMember(), newMember()];
    const { target, comment } = await subject(owner);
    await call('userLikes/toggleLike', other, comment);

    await moderate('comment', comment.objectId, author, 'held');
    for (const who of [null, owner, other]) {
      expect(await call('lotties/fillLotties', who, comment)).toBe('404 MESSAGE_NOT_FOUND');
      expect(await call('userViews/toggleView', who, comment)).toBe('404 MESSAGE_NOT_FOUND');
    }
    for (const who of [owner, other]) {
      expect(await call('userLikes/toggleLike', who, comment)).toBe('404 MESSAGE_NOT_FOUND');
      expect(await call('lotties/toggleLike', who, { ...comment, name: 'hug' })).toBe(
        '404 MESSAGE_NOT_FOUND',
      );
    }
    expect(await whatMay(other, target)).toEqual(every('allowed'));
    expect(await call('lotties/fillLotties', author, comment)).toBe('allowed');
    expect(await call('lotties/toggleLike', author, { ...comment, name: 'hug' })).toBe('allowed');

    await moderate('comment', comment.objectId, author, 'visible');
    // The like given before is still there: the other takes it back.
    const unliked = await post<ToggleUserLikeResponse>('userLikes/toggleLike', other, comment);
    expect(ToggleUserLikeResponse.parse(unliked.body)).toEqual({ liked: false, likes: 0 });
  });

  it('takes a word heard before the comment or post it is about', async () => {
    const [owner, author, other] = [newMember(), newMember(), newMember()];
    const postId = newPostId();
    const comment: ObjectRef = { collectionName: 'feedMessages', objectId: newPostId() };
    await moderate('comment', comment.objectId, author, 'removed');
    // Never announced, made a moment ago: taken on trust, but not from moderation.
    expect(await call('lotties/toggleLike', other, { ...comment, name: 'wow' })).toBe(
      '404 MESSAGE_NOT_FOUND',
    );
    await announceComment(comment, postId);
    expect(await call('lotties/fillLotties', other, comment)).toBe('404 MESSAGE_NOT_FOUND');
    expect(await call('lotties/fillLotties', author, comment)).toBe('allowed');

    const target: ObjectRef = { collectionName: 'posts', objectId: postId };
    await moderate('post', postId, owner, 'held', at(5));
    expect(await whatMay(other, target)).toEqual(every('404 POST_NOT_FOUND'));
    expect(await whatMay(owner, target)).toEqual(every('allowed'));
    // Announced public later, by an older word too: still held.
    await deliver(
      'post.privacy.changed',
      { postId, publisherId: owner.userId, privacy: 'public' },
      at(1),
    );
    expect(await whatMay(null, target)).toEqual(forGuest(every('404 POST_NOT_FOUND')));
    await moderate('post', postId, owner, 'visible', at(6));
    expect(await whatMay(other, target)).toEqual(every('allowed'));
  });

  it('applies words by their time: a late older one, or one replayed, changes nothing', async () => {
    const [owner, other] = [newMember(), newMember()];
    const { target } = await subject(owner);
    const counts = () => call('lotties/fillLotties', other, target);

    await moderate('post', target.objectId, owner, 'removed', at(2));
    await moderate('post', target.objectId, owner, 'visible', at(1));
    expect(await counts()).toBe('404 POST_NOT_FOUND');
    await moderate('post', target.objectId, owner, 'visible', at(3));
    await moderate('post', target.objectId, owner, 'removed', at(2));
    expect(await counts()).toBe('allowed');
    await moderate('post', target.objectId, owner, 'held', at(4));
    await moderate('post', target.objectId, owner, 'held', at(4));
    expect(await counts()).toBe('404 POST_NOT_FOUND');
  });

  it('leaves a held post out of the member’s likes while it is held', async () => {
    const [owner, other] = [newMember(), newMember()];
    const { target } = await subject(owner);
    await call('userLikes/toggleLike', other, target);
    expect(await likedBy(other, 'posts')).toContain(target.objectId);
    await moderate('post', target.objectId, owner, 'held');
    expect(await likedBy(other, 'posts')).not.toContain(target.objectId);
    await moderate('post', target.objectId, owner, 'visible');
    expect(await likedBy(other, 'posts')).toContain(target.objectId);
  });

  it('a profile held: its likes and reactions its member’s alone', async () => {
    const [member, other] = [newMember(), newMember()];
    const profile: ObjectRef = { collectionName: 'users', objectId: member.userId };
    await moderate('profile', member.userId, member, 'held');
    expect(await whatMay(null, profile)).toEqual(forGuest(every('404 USER_NOT_FOUND')));
    expect(await whatMay(other, profile)).toEqual(every('404 USER_NOT_FOUND'));
    expect(await call('lotties/fillLotties', member, profile)).toBe('allowed');
    await moderate('profile', member.userId, member, 'visible');
    expect(await whatMay(other, profile)).toEqual(every('allowed'));
  });

  it('is never fooled by a word of another kind about the same id', async () => {
    const [owner, other] = [newMember(), newMember()];
    const { target, comment } = await subject(owner);
    await moderate('comment', target.objectId, owner, 'removed');
    await moderate('answer', comment.objectId, owner, 'removed');
    await moderate('profile', target.objectId, owner, 'removed');
    expect(await whatMay(other, target)).toEqual(every('allowed'));
    expect(await call('lotties/fillLotties', other, comment)).toBe('allowed');
    // A post's word about a member's id is no profile's.
    await moderate('post', other.userId, other, 'removed');
    expect(
      await call('lotties/fillLotties', owner, { collectionName: 'users', objectId: other.userId }),
    ).toBe('allowed');
  });

  it('user.deleted takes the words about what the member owned; a late word writes nothing back', async () => {
    const member = newMember();
    const { target } = await subject(member);
    await moderate('post', target.objectId, member, 'held');
    await moderate('profile', member.userId, member, 'held');
    const naming = () =>
      tested.database.count(
        `select count(*)::int as n from reactions.moderated_items where owner_id = $1`,
        [member.userId],
      );
    expect(await naming()).toBe(2);
    await deliver('user.deleted', { userId: member.userId });
    expect(await naming()).toBe(0);
    await moderate('post', target.objectId, member, 'removed', new Date(Date.now() + 60_000));
    expect(await naming()).toBe(0);
  });
});
