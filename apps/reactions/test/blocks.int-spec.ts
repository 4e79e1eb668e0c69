import {
  LottiesState,
  ToggleUserLikeResponse,
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

// Issue 35, point 5: where a block stands between two members, either way, neither gives a like
// or reaction to the other's posts, answers, profile or comments (MEMBER_BLOCKED; a comment, not
// shown to them by feed-messages, is one not there: MESSAGE_NOT_FOUND); taking one back stays
// theirs, views count and counts read as before, for everyone. A mute changes nothing here.
// Words apply by their time, in any order, replayed; nothing is kept about a member who left.
describeEachEngine('reactions: blocks', (engine) => {
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
  /** The moderation service's word on a block or mute (each its own envelope). */
  const word = (
    blocker: Member | string,
    blocked: Member | string,
    active: boolean,
    occurredAt = new Date(),
    kind: 'block' | 'mute' = 'block',
  ) =>
    deliver(
      'member.block.changed',
      {
        blockerId: typeof blocker === 'string' ? blocker : blocker.userId,
        blockedId: typeof blocked === 'string' ? blocked : blocked.userId,
        kind,
        active,
      },
      occurredAt,
    );
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));

  /** A comment by `author` on `subjectId`, announced as feed-messages does (with its author). */
  async function comment(author: Member | string, subjectId: string): Promise<ObjectRef> {
    const objectId = newPostId();
    await deliver('feedMessage.changed', {
      messageId: objectId,
      subjectId,
      deleted: false,
      comment: {
        authorId: typeof author === 'string' ? author : author.userId,
        parentId: null,
        parentAuthorId: null,
        roomId: subjectId,
        excerpt: 'words',
      },
    });
    return { collectionName: 'feedMessages', objectId };
  }

  /** `owner`'s public post and me answer, their profile, and their comment on `elsewhere`. */
  async function theirs(owner: Member, elsewhere: string) {
    const [postId, answerId] = [newPostId(), newPostId()];
    await deliver('post.privacy.changed', {
      postId,
      publisherId: owner.userId,
      privacy: 'public',
    });
    await deliver('meAnswer.privacy.changed', {
      meAnswerId: answerId,
      userId: owner.userId,
      privacy: 'public',
    });
    return {
      post: { collectionName: 'posts', objectId: postId } as ObjectRef,
      answer: { collectionName: 'meAnswers', objectId: answerId } as ObjectRef,
      profile: { collectionName: 'users', objectId: owner.userId } as ObjectRef,
      comment: await comment(owner, elsewhere),
    };
  }

  /** What `who` (a guest: null) may do with each of `objects`: view, count, like, react. */
  async function whatMay(who: Member | null, objects: Record<string, ObjectRef>) {
    const answers: Record<string, Record<string, string>> = {};
    for (const [name, target] of Object.entries(objects)) {
      const reads = {
        view: await call('userViews/toggleView', who, target),
        counts: await call('lotties/fillLotties', who, target),
      };
      answers[name] =
        who === null
          ? reads
          : {
              ...reads,
              like: await call('userLikes/toggleLike', who, target),
              react: await call('lotties/toggleLike', who, { ...target, name: 'heart' }),
            };
    }
    return answers;
  }
  const allowed = { view: 'allowed', counts: 'allowed', like: 'allowed', react: 'allowed' };
  const refused = (code: string) => ({ ...allowed, like: code, react: code });
  const blockedFrom = {
    post: refused('403 MEMBER_BLOCKED'),
    answer: refused('403 MEMBER_BLOCKED'),
    profile: refused('403 MEMBER_BLOCKED'),
    comment: refused('404 MESSAGE_NOT_FOUND'),
  };
  const open = { post: allowed, answer: allowed, profile: allowed, comment: allowed };

  async function likes(who: Member, target: ObjectRef) {
    const response = await post<ToggleUserLikeResponse>('userLikes/toggleLike', who, target);
    expect(response.status).toBe(200);
    return ToggleUserLikeResponse.parse(response.body);
  }
  async function hearts(who: Member | null, target: ObjectRef) {
    const response = await post<LottiesState>('lotties/fillLotties', who, target);
    expect(response.status).toBe(200);
    return LottiesState.parse(response.body);
  }

  beforeAll(async () => {
    tested = await startTestService('reactions', createReactionsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('refuses a like or reaction either way between the two, and nobody else; views and counts stay everyone’s', async () => {
    const [noa, dan, lea] = [newMember(), newMember(), newMember()];
    const leasPost = newPostId();
    await deliver('post.privacy.changed', {
      postId: leasPost,
      publisherId: lea.userId,
      privacy: 'public',
    });
    const noas = await theirs(noa, leasPost);
    const dans = await theirs(dan, leasPost);

    await word(noa, dan, true);
    // The blocked, on the blocker's; and the blocker, on the blocked's.
    expect(await whatMay(dan, noas)).toEqual(blockedFrom);
    expect(await whatMay(noa, dans)).toEqual(blockedFrom);
    // Anyone else, and a guest, as before; Lea's own post stays open to both.
    expect(await whatMay(lea, noas)).toEqual(open);
    expect(await whatMay(lea, dans)).toEqual(open);
    expect(await whatMay(null, noas)).toEqual({
      post: { view: 'allowed', counts: 'allowed' },
      answer: { view: 'allowed', counts: 'allowed' },
      profile: { view: 'allowed', counts: 'allowed' },
      comment: { view: 'allowed', counts: 'allowed' },
    });
    for (const who of [noa, dan])
      expect(await whatMay(who, { post: { collectionName: 'posts', objectId: leasPost } })).toEqual(
        { post: allowed },
      );

    await word(noa, dan, false);
    expect(await whatMay(dan, noas)).toEqual(open);
  });

  it('leaves a like or reaction given before the block, counted, for its giver to take back, and refuses it given again; nothing half-done', async () => {
    const [noa, dan] = [newMember(), newMember()];
    const { post: noasPost, comment: noasComment } = await theirs(noa, newPostId());
    for (const target of [noasPost, noasComment]) {
      expect(await likes(dan, target)).toEqual({ liked: true, likes: 1 });
      expect(await call('lotties/toggleLike', dan, { ...target, name: 'heart' })).toBe('allowed');
    }
    await word(dan, noa, true);
    for (const target of [noasPost, noasComment]) {
      // Still counted, for everyone (Dan's own among them).
      expect((await hearts(null, target)).counts.heart).toBe(1);
      expect((await hearts(dan, target)).mine).toEqual(['heart']);
      // Taken back...
      expect(await likes(dan, target)).toEqual({ liked: false, likes: 0 });
      expect(await call('lotties/toggleLike', dan, { ...target, name: 'heart' })).toBe('allowed');
      expect((await hearts(null, target)).counts.heart).toBe(0);
      // ...and not given again: the refused toggle leaves no row and no count behind.
      const code =
        target.collectionName === 'posts' ? '403 MEMBER_BLOCKED' : '404 MESSAGE_NOT_FOUND';
      expect(await call('userLikes/toggleLike', dan, target)).toBe(code);
      expect(await call('lotties/toggleLike', dan, { ...target, name: 'heart' })).toBe(code);
      expect((await hearts(dan, target)).counts.heart).toBe(0);
      expect((await hearts(dan, target)).mine).toEqual([]);
    }
    expect(
      await tested.database.count(
        `select count(*)::int as n from reactions.likes where user_id = $1`,
        [dan.userId],
      ),
    ).toBe(0);
    expect(
      await tested.database.count(
        `select coalesce(sum(likes), 0)::int as n from reactions.like_counts where object_id in ($1, $2)`,
        [noasPost.objectId, noasComment.objectId],
      ),
    ).toBe(0);
  });

  it('applies words by their time, whatever order they come in, and replayed; a mute refuses nothing', async () => {
    const [noa, dan] = [newMember(), newMember()];
    const { post: noasPost } = await theirs(noa, newPostId());
    const react = () => call('lotties/toggleLike', dan, { ...noasPost, name: 'wow' });

    await word(noa, dan, false, at(2));
    await word(noa, dan, true, at(1));
    expect(await react()).toBe('allowed'); // on
    await word(noa, dan, true, at(3));
    expect(await react()).toBe('allowed'); // taken back
    expect(await react()).toBe('403 MEMBER_BLOCKED');
    await word(noa, dan, false, at(2));
    await word(noa, dan, true, at(3));
    expect(await react()).toBe('403 MEMBER_BLOCKED');
    await word(noa, dan, false, at(4));
    await word(noa, dan, true, at(5), 'mute');
    await word(dan, noa, true, at(5), 'mute');
    expect(await react()).toBe('allowed');
  });

  it('knows a comment’s author from its announcement: none known, none asked; forgotten when it goes or its author leaves', async () => {
    const [noa, dan] = [newMember(), newMember()];
    const subjectId = newPostId();
    await deliver('post.privacy.changed', {
      postId: subjectId,
      publisherId: dan.userId,
      privacy: 'public',
    });
    await word(noa, dan, true);
    // Announced without its author (older events): nobody's to ask of.
    const anonymous: ObjectRef = { collectionName: 'feedMessages', objectId: newPostId() };
    await deliver('feedMessage.changed', {
      messageId: anonymous.objectId,
      subjectId,
      deleted: false,
    });
    expect(await call('userLikes/toggleLike', dan, anonymous)).toBe('allowed');
    // Named later (an edit names none, a replayed creation does): known from then on.
    const noas = await comment(noa, subjectId);
    await deliver('feedMessage.changed', {
      messageId: noas.objectId,
      subjectId,
      deleted: false,
      edited: { excerpt: 'new words' },
    });
    expect(await call('userLikes/toggleLike', dan, noas)).toBe('404 MESSAGE_NOT_FOUND');
    const author = (id: string) =>
      tested.database.count(
        `select count(*)::int as n from reactions.comment_subjects
         where comment_id = $1 and author_id is not null`,
        [id],
      );
    expect(await author(noas.objectId)).toBe(1);

    // Noa leaves: her blocks, and her name on her comments, go; a late word writes neither back.
    const naming = () =>
      tested.database.count(
        `select count(*)::int as n from reactions.member_blocks
         where blocker_id = $1 or blocked_id = $1`,
        [noa.userId],
      );
    expect(await naming()).toBe(1);
    await deliver('user.deleted', { userId: noa.userId });
    expect(await naming()).toBe(0);
    expect(await author(noas.objectId)).toBe(0);
    await word(noa, dan, true, new Date(Date.now() + 60_000));
    const late = await comment(noa, subjectId);
    expect(await naming()).toBe(0);
    expect(await author(late.objectId)).toBe(0);

    // A deleted comment keeps no author.
    const leas = await comment(newMember(), subjectId);
    await deliver('feedMessage.changed', { messageId: leas.objectId, subjectId, deleted: true });
    expect(await author(leas.objectId)).toBe(0);
  });

  it('keeps nothing of a word naming no member or oneself, nor an author that is no member’s id', async () => {
    const noa = newMember();
    const before = await tested.database.count(
      `select count(*)::int as n from reactions.member_blocks`,
    );
    await word('not-a-member', noa, true);
    await word(noa, "x' or '1'='1", true);
    await word(noa, noa, true);
    expect(
      await tested.database.count(`select count(*)::int as n from reactions.member_blocks`),
    ).toBe(before);
    const forged = await comment("x'); drop table reactions.likes; --", newPostId());
    expect(
      await tested.database.count(
        `select count(*)::int as n from reactions.comment_subjects
         where comment_id = $1 and author_id is null`,
        [forged.objectId],
      ),
    ).toBe(1);
  });
});
