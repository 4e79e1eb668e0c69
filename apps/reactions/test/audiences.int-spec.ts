import {
  LikedByCurrentUserResponse,
  LottiesState,
  type Audience,
  type ErrorEnvelope,
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

// Issue 34 (ADR 9): a post's or me answer's likes, views, reactions and counts, and those of
// the comments on it, are open to its audience as its service announces it, and, for a circle
// one, to the members of its owner's circle as the circles service announces them. Whoever is
// outside gets the subject's own 404 (a comment's: MESSAGE_NOT_FOUND), and their likes of it are
// no longer listed to them; a removal from the circle, or a narrower audience, holds from the
// next request on.
describeEachEngine('reactions: who reacts and counts by audience', (engine) => {
  let tested: TestService;

  const headersOf = (who: Member | null) =>
    who ? tested.as(who) : tested.as({ kind: 'guest' }, { visitorId: newVisitorId() });
  const call = async (path: string, who: Member | null, body: object) => {
    const response = await tested.call<ErrorEnvelope>('POST', `/api/${path}`, {
      headers: { ...BROWSER, ...headersOf(who) },
      body,
    });
    return response.status < 300 ? 'allowed' : `${response.status} ${response.body.code}`;
  };

  /** Hand an event to the service's queue and wait until it has been handled. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date()) {
    const event = envelope(type, payload, occurredAt, 'circles');
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
  const circle = (change: 'added' | 'removed', owner: Member, member: Member, at?: Date) =>
    deliver(`circle.member.${change}`, { ownerId: owner.userId, memberId: member.userId }, at);
  const announce = (target: ObjectRef, owner: Member, privacy: Audience) =>
    target.collectionName === 'posts'
      ? deliver('post.privacy.changed', {
          postId: target.objectId,
          publisherId: owner.userId,
          privacy,
        })
      : deliver('meAnswer.privacy.changed', {
          meAnswerId: target.objectId,
          userId: owner.userId,
          privacy,
        });
  /** A post or me answer of `owner`'s, announced with `audience`, and a comment on it. */
  async function subject(
    owner: Member,
    audience: Audience,
    collectionName: 'posts' | 'meAnswers' = 'posts',
  ) {
    const target: ObjectRef = { collectionName, objectId: newPostId() };
    await announce(target, owner, audience);
    const comment: ObjectRef = { collectionName: 'feedMessages', objectId: newPostId() };
    await deliver('feedMessage.changed', {
      messageId: comment.objectId,
      subjectId: target.objectId,
      deleted: false,
    });
    return { target, comment };
  }
  async function likedBy(who: Member, collectionName: ReactionCollection) {
    const response = await tested.call<LikedByCurrentUserResponse>(
      'POST',
      '/api/userLikes/getLikedByCurrentUser',
      { headers: { ...BROWSER, ...headersOf(who) }, body: { collectionName } },
    );
    expect(response.status).toBe(200);
    return LikedByCurrentUserResponse.parse(response.body).objectIds;
  }

  /**
   * What `who` (a guest: null) may do with `target` and the comment on it: each call answered
   * as allowed, or with its status and code. Likes and reactions are a member's only.
   */
  async function whatMay(
    who: Member | null,
    { target, comment }: Awaited<ReturnType<typeof subject>>,
  ) {
    const answers: Record<string, string> = {
      view: await call('userViews/toggleView', who, target),
      counts: await call('lotties/fillLotties', who, target),
      commentCounts: await call('lotties/fillLotties', who, comment),
    };
    if (who === null) return answers;
    return {
      ...answers,
      like: await call('userLikes/toggleLike', who, target),
      react: await call('lotties/toggleLike', who, { ...target, name: 'heart' }),
      commentReact: await call('lotties/toggleLike', who, { ...comment, name: 'clap' }),
    };
  }
  const every = (answer: (call: string) => string) =>
    Object.fromEntries(
      ['view', 'counts', 'commentCounts', 'like', 'react', 'commentReact'].map((name) => [
        name,
        answer(name),
      ]),
    );
  const allowed = every(() => 'allowed');
  const refusedAs = (notFound: string) =>
    every((name) => (name.startsWith('comment') ? '404 MESSAGE_NOT_FOUND' : `404 ${notFound}`));
  const forGuest = ({ like: _l, react: _r, commentReact: _c, ...reads }: Record<string, string>) =>
    reads;

  /** An owner with a circle: one member in it, one taken out of it, and a member outside. */
  async function owners() {
    const [owner, inCircle, removed, outsider] = [
      newMember(),
      newMember(),
      newMember(),
      newMember(),
    ];
    await circle('added', owner, inCircle);
    await circle('added', owner, removed, new Date(Date.now() - 60_000));
    await circle('removed', owner, removed);
    // In a circle, but another owner's: it opens nothing of this owner's.
    await circle('added', newMember(), outsider);
    return { owner, inCircle, removed, outsider };
  }

  beforeAll(async () => {
    tested = await startTestService('reactions', createReactionsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('keeps a circle post’s likes, views, reactions and counts, and its comments’, to its owner and their circle', async () => {
    const { owner, inCircle, removed, outsider } = await owners();
    const circlePost = await subject(owner, 'circle');

    expect(await whatMay(null, circlePost)).toEqual(forGuest(refusedAs('POST_NOT_FOUND')));
    expect(await whatMay(outsider, circlePost)).toEqual(refusedAs('POST_NOT_FOUND'));
    expect(await whatMay(removed, circlePost)).toEqual(refusedAs('POST_NOT_FOUND'));
    expect(await whatMay(inCircle, circlePost)).toEqual(allowed);
    expect(await whatMay(owner, circlePost)).toEqual(allowed);
    // Counted: the circle member's and the owner's, nobody else's.
    const counts = await tested.call<LottiesState>('POST', '/api/lotties/fillLotties', {
      headers: { ...BROWSER, ...headersOf(owner) },
      body: circlePost.target,
    });
    expect(LottiesState.parse(counts.body).counts.heart).toBe(2);
    expect(await likedBy(inCircle, 'posts')).toEqual([circlePost.target.objectId]);
  });

  it('keeps a members’ answer’s to anyone signed in, never a guest', async () => {
    const { owner, inCircle, removed, outsider } = await owners();
    const membersAnswer = await subject(owner, 'members', 'meAnswers');

    expect(await whatMay(null, membersAnswer)).toEqual(forGuest(refusedAs('ANSWER_NOT_FOUND')));
    for (const who of [outsider, removed, inCircle, owner])
      expect(await whatMay(who, membersAnswer)).toEqual(allowed);
    expect(await likedBy(outsider, 'meAnswers')).toEqual([membersAnswer.target.objectId]);
  });

  it('takes a member out of a circle at once: refused from the next request, their likes no longer listed', async () => {
    const [owner, member, another] = [newMember(), newMember(), newMember()];
    await circle('added', owner, member);
    await circle('added', another, member);
    const mine = await subject(owner, 'circle');
    const theirs = await subject(another, 'circle');
    const open = await subject(another, 'public');
    for (const liked of [mine, theirs, open])
      expect(await call('userLikes/toggleLike', member, liked.target)).toBe('allowed');
    expect((await likedBy(member, 'posts')).sort()).toEqual(
      [mine, theirs, open].map((liked) => liked.target.objectId).sort(),
    );

    await circle('removed', owner, member);

    expect(await whatMay(member, mine)).toEqual(refusedAs('POST_NOT_FOUND'));
    expect((await likedBy(member, 'posts')).sort()).toEqual(
      [theirs, open].map((liked) => liked.target.objectId).sort(),
    );
    // Invited again: in again, with the like they gave.
    await circle('added', owner, member);
    expect(await likedBy(member, 'posts')).toContain(mine.target.objectId);
  });

  it('narrows at once: a public post made members’, circle, then private', async () => {
    const { owner, inCircle, outsider } = await owners();
    const post = await subject(owner, 'public');
    expect(await whatMay(null, post)).toEqual(forGuest(allowed));

    await announce(post.target, owner, 'members');
    expect(await whatMay(null, post)).toEqual(forGuest(refusedAs('POST_NOT_FOUND')));
    expect(await whatMay(outsider, post)).toEqual(allowed);

    await announce(post.target, owner, 'circle');
    expect(await whatMay(outsider, post)).toEqual(refusedAs('POST_NOT_FOUND'));
    expect(await likedBy(outsider, 'posts')).toEqual([]);
    expect(await whatMay(inCircle, post)).toEqual(allowed);

    await announce(post.target, owner, 'private');
    expect(await whatMay(inCircle, post)).toEqual(refusedAs('POST_NOT_FOUND'));
    expect(await whatMay(owner, post)).toEqual(allowed);
  });

  it('applies membership events by their time, whatever order they arrive in', async () => {
    const [owner, member] = [newMember(), newMember()];
    const { target } = await subject(owner, 'circle');
    const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));
    const counts = () => call('lotties/fillLotties', member, target);

    await circle('removed', owner, member, at(2));
    await circle('added', owner, member, at(1));
    expect(await counts()).toBe('404 POST_NOT_FOUND');
    await circle('added', owner, member, at(3));
    await circle('removed', owner, member, at(2));
    expect(await counts()).toBe('allowed');
  });

  it('user.deleted takes the member out of every circle, and their own circle with them', async () => {
    const [owner, leaving, staying] = [newMember(), newMember(), newMember()];
    await circle('added', owner, leaving);
    await circle('added', owner, staying);
    await circle('added', leaving, staying);
    const naming = () =>
      tested.database.count(
        `select count(*)::int as n from reactions.circle_memberships
         where owner_id = $1 or member_id = $1`,
        [leaving.userId],
      );
    expect(await naming()).toBe(2);

    await deliver('user.deleted', { userId: leaving.userId });
    expect(await naming()).toBe(0);
    await circle('added', owner, leaving, new Date(Date.now() + 60_000));
    expect(await naming()).toBe(0);
    const { target } = await subject(owner, 'circle');
    expect(await call('lotties/fillLotties', staying, target)).toBe('allowed');
  });
});
