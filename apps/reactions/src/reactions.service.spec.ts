import type { DomainEventPayload, ReactionName } from '@mepedia/contracts';
import { newId, type Subject } from '@mepedia/server-database';
import { readerOutsideCircles } from '@mepedia/server-platform';
import {
  FakeCircles,
  FakeSubjects,
  FakeTransactions,
  madeLongAgo,
  twoMembers,
} from '@mepedia/server-service-testing';
import { visibleLikes } from './reactions.access';
import type { ObjectRef, ReactionsRepository } from './reactions.repository';
import { memberViewerKey, ReactionsService } from './reactions.service';

const { owner: OWNER, other: OTHER } = twoMembers();

const keyOf = ({ collection, objectId }: ObjectRef, who: string) =>
  `${collection}/${objectId}/${who}`;

/**
 * The repository's reads and writes, in memory, keeping rows by key. Notes what was written
 * outside a transaction: the service must write, and hand events over, inside the one it opens.
 */
class FakeRepository extends FakeTransactions<ReactionsRepository> {
  readonly subjects = new FakeSubjects();
  readonly circles = new FakeCircles();
  /** Nothing is moderated here: test/moderation.int-spec.ts holds what moderation does. */
  readonly moderation = {
    state: () => Promise.resolve(undefined),
    removeMember: () => Promise.resolve(),
  };
  /** Nobody blocks anybody here: the int-specs hold what blocks do (issue 35). */
  readonly blocks = {
    eitherBlocks: () => Promise.resolve(false),
    removeMember: () => Promise.resolve(),
  };
  readonly likes = new Set<string>();
  readonly lotties = new Set<string>();
  readonly views = new Set<string>();
  readonly comments = new Map<string, { subjectId: string; deleted: boolean }>();
  readonly left = new Set<string>();
  readonly handedOver: string[] = [];

  private countOf(rows: Set<string>, prefix: string) {
    return [...rows].filter((key) => key.startsWith(prefix)).length;
  }
  toggleLike(object: ObjectRef, userId: string) {
    this.inTransaction();
    const key = keyOf(object, userId);
    const liked = !this.likes.delete(key);
    if (liked) this.likes.add(key);
    return Promise.resolve({ liked, likes: this.countOf(this.likes, keyOf(object, '')) });
  }
  toggleLottie(object: ObjectRef, userId: string, name: ReactionName) {
    this.inTransaction();
    const key = keyOf(object, `${userId}/${name}`);
    const reacted = !this.lotties.delete(key);
    if (reacted) this.lotties.add(key);
    return Promise.resolve({
      reacted,
      counts: [{ name, count: this.countOf(this.lotties, keyOf(object, '')) }],
      mine: reacted ? [name] : [],
    });
  }
  lottieCounts(object: ObjectRef) {
    return Promise.resolve([
      { name: 'heart' as const, count: this.countOf(this.lotties, keyOf(object, '')) },
    ]);
  }
  lottieCountsFor(object: ObjectRef, userId: string) {
    return this.lottieCounts(object).then((rows) =>
      rows.map((row) => ({
        ...row,
        mine: this.lotties.has(keyOf(object, `${userId}/${row.name}`)),
      })),
    );
  }
  viewCount(object: ObjectRef) {
    return Promise.resolve(this.countOf(this.views, keyOf(object, '')));
  }
  addView(object: ObjectRef, _property: string, viewer: string) {
    this.inTransaction();
    const key = keyOf(object, viewer);
    if (this.views.has(key)) return Promise.resolve(undefined);
    this.views.add(key);
    return this.viewCount(object);
  }
  removeView(object: ObjectRef, _property: string, viewer: string) {
    this.inTransaction();
    this.views.delete(keyOf(object, viewer));
    return Promise.resolve();
  }
  requestPostLike(postId: string, userId: string, liked: boolean) {
    this.inTransaction();
    this.handedOver.push(`like ${postId} ${userId} ${liked}`);
    return Promise.resolve();
  }
  readonly announced: Array<DomainEventPayload<'reaction.changed'>> = [];
  announceReaction(reaction: DomainEventPayload<'reaction.changed'>) {
    this.inTransaction();
    this.announced.push(reaction);
    return Promise.resolve();
  }
  requestPostView(postId: string, viewer: string) {
    this.inTransaction();
    this.handedOver.push(`view ${postId} ${viewer}`);
    return Promise.resolve();
  }
  memberLeft(userId: string) {
    return Promise.resolve(this.left.has(userId));
  }
  setLike(object: ObjectRef, userId: string, liked: boolean) {
    this.inTransaction();
    if (liked) this.likes.add(keyOf(object, userId));
    else this.likes.delete(keyOf(object, userId));
    return Promise.resolve();
  }
  likedBy(userId: string, collection: string) {
    const ids = [...this.likes]
      .map((key) => key.split('/'))
      .filter(([kind, , who]) => kind === collection && who === userId)
      .map(([, id]) => id as string);
    return Promise.resolve(ids);
  }
  comment(id: string) {
    return Promise.resolve(this.comments.get(id));
  }
  applyComment(id: string, subjectId: string, deleted: boolean) {
    const known = this.comments.get(id);
    this.comments.set(id, { subjectId: known?.subjectId ?? subjectId, deleted });
    return Promise.resolve();
  }
  removeObject(object: ObjectRef) {
    this.inTransaction();
    const prefix = keyOf(object, '');
    let likes = 0;
    let lotties = 0;
    let views = 0;
    for (const key of this.likes) if (key.startsWith(prefix) && this.likes.delete(key)) likes += 1;
    for (const key of this.lotties)
      if (key.startsWith(prefix) && this.lotties.delete(key)) lotties += 1;
    for (const key of this.views) if (key.startsWith(prefix) && this.views.delete(key)) views += 1;
    return Promise.resolve({ likes, lotties, views });
  }
  removeMember = jest.fn(() => {
    this.inTransaction();
    return Promise.resolve({ likes: 0, lotties: 0, views: 0 });
  });
}

function newTestService() {
  const repository = new FakeRepository();
  const relayed = jest.fn();
  const sut = new ReactionsService(repository as unknown as ReactionsRepository, relayed);
  /** A post (or me answer) its owner announced (public unless said), made long ago. */
  const newSubject = (
    subject: Partial<Subject> = {},
    collection: 'posts' | 'meAnswers' = 'posts',
  ): ObjectRef => ({ collection, objectId: repository.subjects.announce(OWNER, subject) });
  /** A comment feed-messages announced, about `subject`. */
  const newComment = (subject: ObjectRef, deleted = false): ObjectRef => {
    const objectId = madeLongAgo();
    repository.comments.set(objectId, { subjectId: subject.objectId, deleted });
    return { collection: 'feedMessages', objectId };
  };
  return { sut, repository, relayed, newSubject, newComment };
}

describe(visibleLikes.name, () => {
  const subjects = new Map<string, Subject>([
    ['public', { ownerId: OWNER, audience: 'public', deleted: false }],
    ['own', { ownerId: OTHER, audience: 'private', deleted: false }],
    ['closed', { ownerId: OWNER, audience: 'private', deleted: false }],
    ['gone', { ownerId: OWNER, audience: 'public', deleted: true }],
    ['members', { ownerId: OWNER, audience: 'members', deleted: false }],
    ['circle', { ownerId: OWNER, audience: 'circle', deleted: false }],
  ]);
  const ids = ['public', 'own', 'closed', 'gone', 'members', 'circle', 'unknown'];

  it('keeps the public, the member’s own and the never announced; drops the closed and the deleted', () => {
    expect(visibleLikes(ids, subjects, readerOutsideCircles(OTHER))).toEqual([
      'public',
      'own',
      'members',
      'unknown',
    ]);
  });

  it('keeps a circle subject’s like to the owner’s circle', () => {
    const inCircle = { id: OTHER, inCircleOf: new Set([OWNER]) };
    expect(visibleLikes(ids, subjects, inCircle)).toEqual([
      'public',
      'own',
      'members',
      'circle',
      'unknown',
    ]);
  });
});

describe(ReactionsService.name, () => {
  describe('toggleLike', () => {
    it('likes a readable post and hands the like to the posts service in the same transaction', async () => {
      const { sut, repository, relayed, newSubject } = newTestService();
      const post = newSubject();
      expect(await sut.toggleLike(post, OTHER)).toEqual({ liked: true, likes: 1 });
      expect(await sut.toggleLike(post, OTHER)).toEqual({ liked: false, likes: 0 });
      expect(repository.handedOver).toEqual([
        `like ${post.objectId} ${OTHER} true`,
        `like ${post.objectId} ${OTHER} false`,
      ]);
      expect(relayed).toHaveBeenCalledTimes(2);
      expect(repository.outside).toBe(0);
    });

    it('hands nothing over for a me answer, a comment or a member', async () => {
      const { sut, repository, relayed, newSubject, newComment } = newTestService();
      const answer = newSubject({}, 'meAnswers');
      await sut.toggleLike(answer, OTHER);
      await sut.toggleLike(newComment(answer), OTHER);
      await sut.toggleLike({ collection: 'users', objectId: OWNER }, OTHER);
      expect(repository.likes.size).toBe(3);
      expect(repository.handedOver).toEqual([]);
      // What notifications hear instead (reaction.changed): nothing about a member.
      expect(repository.announced.map((r) => `${r.kind} ${r.reaction} ${r.on}`)).toEqual([
        'meAnswer like true',
        'comment like true',
      ]);
      expect(relayed).toHaveBeenCalledTimes(2);
      expect(repository.outside).toBe(0);
    });

    it('refuses another member a private post, with the post’s own 404, and writes nothing', async () => {
      const { sut, repository, newSubject } = newTestService();
      const post = newSubject({ audience: 'private' });
      await expect(sut.toggleLike(post, OTHER)).rejects.toMatchObject({ code: 'POST_NOT_FOUND' });
      const answer = newSubject({ audience: 'private' }, 'meAnswers');
      await expect(sut.toggleLike(answer, OTHER)).rejects.toMatchObject({
        code: 'ANSWER_NOT_FOUND',
      });
      expect(repository.likes.size).toBe(0);
      expect(await sut.toggleLike(post, OWNER)).toEqual({ liked: true, likes: 1 });
    });

    it('lets a circle post’s circle and a members’ post’s members react, nobody else', async () => {
      const { sut, repository, newSubject } = newTestService();
      const circle = newSubject({ audience: 'circle' });
      const members = newSubject({ audience: 'members' }, 'meAnswers');
      await expect(sut.toggleLike(circle, OTHER)).rejects.toMatchObject({ code: 'POST_NOT_FOUND' });
      await expect(sut.fillLotties(circle, null)).rejects.toMatchObject({
        code: 'POST_NOT_FOUND',
      });
      await expect(sut.fillLotties(members, null)).rejects.toMatchObject({
        code: 'ANSWER_NOT_FOUND',
      });
      expect(await sut.toggleLike(members, OTHER)).toEqual({ liked: true, likes: 1 });
      repository.circles.add(OWNER, OTHER);
      expect(await sut.toggleLike(circle, OTHER)).toEqual({ liked: true, likes: 1 });
      // Asked only for the circle post, by a member who is not its owner.
      await sut.toggleLike(circle, OWNER);
      expect(repository.circles.asked.map((ask) => ask.memberId)).toEqual([OTHER, OTHER]);
      repository.circles.members.clear();
      await expect(sut.toggleLottie(circle, OTHER, 'heart')).rejects.toMatchObject({
        code: 'POST_NOT_FOUND',
      });
    });

    it('refuses a deleted post, and one never announced made long ago', async () => {
      const { sut, repository, newSubject } = newTestService();
      const gone = newSubject({ deleted: true });
      const unknown: ObjectRef = {
        collection: 'posts',
        objectId: madeLongAgo(),
      };
      for (const post of [gone, unknown])
        await expect(sut.toggleLike(post, OWNER)).rejects.toMatchObject({
          code: 'POST_NOT_FOUND',
        });
      expect(repository.likes.size).toBe(0);
    });

    it('takes a post made a moment ago on trust, noted with its collection for the sweep', async () => {
      const { sut, repository } = newTestService();
      const fresh: ObjectRef = { collection: 'posts', objectId: newId() };
      await sut.toggleLike(fresh, OTHER);
      expect(repository.subjects.noted).toEqual([{ id: fresh.objectId, collection: 'posts' }]);
    });

    it('takes back a like of a post deleted while it was written', async () => {
      const { sut, repository, newSubject } = newTestService();
      const post = newSubject();
      const toggle = repository.toggleLike.bind(repository);
      repository.toggleLike = async (object, userId) => {
        const toggled = await toggle(object, userId);
        await repository.subjects.markDeleted(object.objectId);
        return toggled;
      };
      await expect(sut.toggleLike(post, OTHER)).rejects.toMatchObject({ code: 'POST_NOT_FOUND' });
      expect(repository.likes.size).toBe(0);
    });
  });

  describe('comments', () => {
    it('lets whoever may read its subject react to a comment, nobody else', async () => {
      const { sut, newSubject, newComment } = newTestService();
      const closed = newComment(newSubject({ audience: 'private' }));
      await expect(sut.toggleLottie(closed, OTHER, 'heart')).rejects.toMatchObject({
        code: 'MESSAGE_NOT_FOUND',
      });
      await expect(sut.fillLotties(closed, null)).rejects.toMatchObject({
        code: 'MESSAGE_NOT_FOUND',
      });
      expect(await sut.toggleLottie(closed, OWNER, 'heart')).toMatchObject({
        reacted: true,
        mine: ['heart'],
      });
    });

    it('refuses a deleted comment, and removes what one gathered when its deletion comes', async () => {
      const { sut, repository, newSubject, newComment } = newTestService();
      const comment = newComment(newSubject());
      await sut.toggleLike(comment, OTHER);
      await sut.applyComment(comment.objectId, 'ignored', true);
      expect(repository.likes.size).toBe(0);
      await expect(sut.toggleLike(comment, OTHER)).rejects.toMatchObject({
        code: 'MESSAGE_NOT_FOUND',
      });
    });
  });

  describe('view', () => {
    it('counts a viewer once, hands a post’s view over, and answers a guest without a key', async () => {
      const { sut, repository, relayed, newSubject } = newTestService();
      const post = newSubject();
      expect(await sut.view(post, 'views', 'visitor:1', null)).toEqual({
        views: 1,
        counted: true,
      });
      expect(await sut.view(post, 'views', 'visitor:1', null)).toEqual({
        views: 1,
        counted: false,
      });
      expect(await sut.view(post, 'views', undefined, null)).toEqual({
        views: 1,
        counted: false,
      });
      expect(repository.handedOver).toEqual([`view ${post.objectId} visitor:1`]);
      expect(relayed).toHaveBeenCalledTimes(1);
    });

    it('refuses a guest a private post, counting nothing', async () => {
      const { sut, repository, newSubject } = newTestService();
      const post = newSubject({ audience: 'private' });
      await expect(sut.view(post, 'views', 'visitor:1', null)).rejects.toMatchObject({
        code: 'POST_NOT_FOUND',
      });
      await expect(sut.view(post, 'views', undefined, null)).rejects.toMatchObject({
        code: 'POST_NOT_FOUND',
      });
      expect(repository.views.size).toBe(0);
    });
  });

  describe('what the posts service says', () => {
    it('applies a like, never one of a member who left or of an id that is no member', async () => {
      const { sut, repository } = newTestService();
      const postId = newId();
      await sut.applyPostLike(postId, OTHER, true, new Date());
      repository.left.add(OWNER);
      await sut.applyPostLike(postId, OWNER, true, new Date());
      await sut.applyPostLike(postId, 'not-a-member', true, new Date());
      expect([...repository.likes]).toEqual([`posts/${postId}/${OTHER}`]);
    });

    it('counts a view it counted, never a member who left, and takes back one it refused', async () => {
      const { sut, repository } = newTestService();
      const postId = newId();
      await sut.applyPostView(postId, 'visitor:1', true);
      repository.left.add(OWNER);
      await sut.applyPostView(postId, memberViewerKey(OWNER), true);
      expect([...repository.views]).toEqual([`posts/${postId}/visitor:1`]);
      await sut.applyPostView(postId, 'visitor:1', false);
      expect(repository.views.size).toBe(0);
      expect(repository.outside).toBe(0);
    });
  });

  describe('likedByCurrentUser', () => {
    it('shows a member only the liked posts they may still read', async () => {
      const { sut, repository, newSubject } = newTestService();
      const open = newSubject();
      const closed = newSubject();
      await sut.toggleLike(open, OTHER);
      await sut.toggleLike(closed, OTHER);
      repository.subjects.rows.set(closed.objectId, {
        ownerId: OWNER,
        audience: 'private',
        deleted: false,
      });
      expect(await sut.likedByCurrentUser(OTHER, 'posts', undefined)).toEqual({
        collectionName: 'posts',
        objectIds: [open.objectId],
      });
    });

    it('asks whose circles the member is in once for all the liked circle posts, and only then', async () => {
      const { sut, repository, newSubject } = newTestService();
      const another = newId();
      const inOwners = newSubject({ audience: 'circle' });
      const inAnothers: ObjectRef = {
        collection: 'posts',
        objectId: repository.subjects.announce(another, { audience: 'circle' }),
      };
      const members = newSubject({ audience: 'members' });
      repository.circles.add(OWNER, OTHER);
      repository.circles.add(another, OTHER);
      for (const post of [inOwners, inAnothers, members]) await sut.toggleLike(post, OTHER);
      repository.circles.asked.length = 0;
      // Taken out of one circle since: that post's like is no longer shown.
      repository.circles.members.delete(`${another} ${OTHER}`);

      expect((await sut.likedByCurrentUser(OTHER, 'posts', undefined)).objectIds.sort()).toEqual(
        [inOwners.objectId, members.objectId].sort(),
      );
      expect(repository.circles.asked).toHaveLength(1);
      expect(repository.circles.asked[0]?.ownerIds.sort()).toEqual([OWNER, another].sort());
    });
  });

  describe('events', () => {
    it('removes a deleted post’s reactions after marking it deleted for good', async () => {
      const { sut, repository, newSubject } = newTestService();
      const post = newSubject();
      await sut.toggleLike(post, OTHER);
      expect(await sut.removePost(post.objectId, new Date())).toEqual({
        likes: 1,
        lotties: 0,
        views: 0,
      });
      expect(repository.subjects.rows.get(post.objectId)?.deleted).toBe(true);
    });

    it('removes a member’s reactions in a transaction, then disowns their subjects', async () => {
      const { sut, repository } = newTestService();
      await sut.removeMember(OWNER);
      expect(repository.removeMember).toHaveBeenCalledWith(OWNER, memberViewerKey(OWNER));
      expect(repository.subjects.disownSubjects).toHaveBeenCalledWith(OWNER);
      expect(repository.circles.removed).toEqual([OWNER]);
      expect(repository.outside).toBe(0);
    });
  });

  describe('reaction.changed, for notifications (issue 32)', () => {
    it('announces another member’s reaction in its transaction, and its taking back', async () => {
      const { sut, repository, relayed, newSubject, newComment } = newTestService();
      const post = newSubject();
      await sut.toggleLottie(post, OTHER, 'heart');
      await sut.toggleLottie(post, OTHER, 'heart');
      const comment = newComment(post);
      await sut.toggleLottie(comment, OTHER, 'clap');
      expect(repository.announced).toEqual([
        {
          kind: 'post',
          objectId: post.objectId,
          subjectId: post.objectId,
          userId: OTHER,
          reaction: 'heart',
          on: true,
          ownerId: OWNER,
        },
        expect.objectContaining({ kind: 'post', reaction: 'heart', on: false }),
        {
          kind: 'comment',
          objectId: comment.objectId,
          subjectId: post.objectId,
          userId: OTHER,
          reaction: 'clap',
          on: true,
          ownerId: OWNER,
        },
      ]);
      expect(relayed).toHaveBeenCalledTimes(3);
      expect(repository.outside).toBe(0);
    });

    it('announces nothing of the owner’s own reactions, nor on what is private', async () => {
      const { sut, repository, relayed, newSubject, newComment } = newTestService();
      const own = newSubject();
      await sut.toggleLottie(own, OWNER, 'wow');
      await sut.toggleLike(newSubject({}, 'meAnswers'), OWNER);
      const closed = newSubject({ audience: 'private' });
      await sut.toggleLottie(closed, OWNER, 'heart');
      // The owner likes another's old comment in a discussion since made private: its author
      // may not read it now, and is not told.
      await sut.toggleLottie(newComment(closed), OWNER, 'hug');
      expect(repository.announced).toEqual([]);
      expect(relayed).not.toHaveBeenCalled();
    });
  });
});
