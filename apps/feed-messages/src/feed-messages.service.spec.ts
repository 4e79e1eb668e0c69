import { newId, type Subject } from '@mepedia/server-database';
import { readerOutsideCircles, type SubjectReader } from '@mepedia/server-platform';
import {
  FakeCircles,
  FakeSubjects,
  FakeTransactions,
  madeLongAgo,
  twoMembers,
} from '@mepedia/server-service-testing';
import { messageRefusal } from './feed-messages.access';
import type { DomainEventPayload } from '@mepedia/contracts';
import type { CommentNotice } from './feed-messages.notices';
import type { FeedMessagesRepository, NewMessage } from './feed-messages.repository';
import type { MessageRow } from './feed-messages.schema';
import { FeedMessagesService } from './feed-messages.service';

const { owner: AUTHOR, other: OTHER } = twoMembers();

/**
 * The repository's reads and writes, in memory. Counts what is locked outside a transaction: the
 * service must ask its rule, and write, inside the one it opens.
 */
class FakeRepository extends FakeTransactions<FeedMessagesRepository> {
  readonly subjects = new FakeSubjects();
  readonly circles = new FakeCircles();
  /** Nothing is moderated here: the int-specs hold what moderation does (issue 35). */
  readonly moderation = {
    state: () => Promise.resolve(undefined),
    removeMember: () => Promise.resolve(),
  };
  /** Nobody blocks anybody here: the int-specs hold what blocks do (issue 35). */
  readonly blocks = {
    eitherBlocks: () => Promise.resolve(false),
    removeMember: () => Promise.resolve(),
  };
  readonly messages = new Map<string, MessageRow>();
  readonly likes = new Set<string>();
  readonly announced: Array<{ messageId: string; deleted: boolean }> = [];
  readonly notices: CommentNotice[] = [];
  readonly likesAnnounced: Array<DomainEventPayload<'feedMessage.like.changed'>> = [];

  find(id: string) {
    return Promise.resolve(this.messages.get(id));
  }
  lock(id: string) {
    this.inTransaction();
    return this.find(id);
  }
  async lockInThread(id: string) {
    const seen = this.messages.get(id);
    if (seen?.parentId) await this.lock(seen.parentId);
    return seen && this.lock(id);
  }
  insert(row: NewMessage & { parentId: string | null }, notice: CommentNotice) {
    this.inTransaction();
    this.notices.push(notice);
    const created: MessageRow = {
      ...row,
      deleted: false,
      withheld: false,
      likes: 0,
      repliesCount: 0,
      editedAt: null,
    };
    this.messages.set(row.id, created);
    this.announced.push({ messageId: row.id, deleted: false });
    return Promise.resolve(created);
  }
  countReplies(topId: string, delta: 1 | -1) {
    const top = this.messages.get(topId);
    if (top) top.repliesCount += delta;
    return Promise.resolve(top);
  }
  edit(
    message: Pick<MessageRow, 'id'>,
    change: { text: string; tag: string | null | undefined; editedAt: Date },
  ) {
    const row = this.messages.get(message.id) as MessageRow;
    Object.assign(row, { text: change.text, editedAt: change.editedAt });
    if (change.tag !== undefined) row.tag = change.tag;
    return Promise.resolve(row);
  }
  makePlaceholder(message: MessageRow) {
    Object.assign(this.messages.get(message.id) as MessageRow, {
      deleted: true,
      authorId: null,
      text: null,
      likes: 0,
    });
    this.announced.push({ messageId: message.id, deleted: true });
    return Promise.resolve();
  }
  remove(message: MessageRow) {
    this.messages.delete(message.id);
    this.announced.push({ messageId: message.id, deleted: true });
    return Promise.resolve();
  }
  removePlaceholder(id: string) {
    this.messages.delete(id);
    return Promise.resolve();
  }
  removePost(postId: string) {
    const gone = [...this.messages.values()].filter((row) => row.postId === postId);
    for (const row of gone) this.messages.delete(row.id);
    return Promise.resolve(gone.length);
  }
  toggleLike(messageId: string, userId: string) {
    const key = `${messageId}:${userId}`;
    const liked = !this.likes.has(key);
    if (liked) this.likes.add(key);
    else this.likes.delete(key);
    const row = this.messages.get(messageId) as MessageRow;
    row.likes += liked ? 1 : -1;
    return Promise.resolve({ liked, likes: row.likes });
  }
  announceLike(like: DomainEventPayload<'feedMessage.like.changed'>) {
    this.inTransaction();
    this.likesAnnounced.push(like);
    return Promise.resolve();
  }
  hasMessages(roomId: string) {
    return Promise.resolve([...this.messages.values()].some((row) => row.roomId === roomId));
  }
  countsVisible(roomIds: string[]) {
    const counts = new Map<string, number>();
    for (const { roomId, deleted } of this.messages.values())
      if (roomIds.includes(roomId) && !deleted) counts.set(roomId, (counts.get(roomId) ?? 0) + 1);
    return Promise.resolve(counts);
  }
  countVisible(roomId: string) {
    const rows = [...this.messages.values()];
    return Promise.resolve(rows.filter((row) => row.roomId === roomId && !row.deleted).length);
  }
  page(roomId: string) {
    const rows = [...this.messages.values()]
      .filter((row) => row.roomId === roomId)
      .map((row) => ({
        ...row,
        moderation: null,
        moderationCaseId: null,
        hiddenFromReader: false,
        visibleReplies: row.repliesCount,
      }));
    return Promise.resolve({ rows, total: rows.length, visible: rows.length });
  }
  likedBy(userId: string, ids: string[]) {
    return Promise.resolve(ids.filter((id) => this.likes.has(`${id}:${userId}`)));
  }
  removeMember = jest.fn(() =>
    Promise.resolve({ likes: 0, replies: 0, placeholders: 0, removed: 0 }),
  );
}

function newTestService() {
  const repository = new FakeRepository();
  const relayed = jest.fn();
  const sut = new FeedMessagesService(repository as unknown as FeedMessagesRepository, relayed);
  /** A post announced by its owner (public unless said), made long ago: no grace. */
  const newPost = (subject: Partial<Subject> = {}) => repository.subjects.announce(AUTHOR, subject);
  return { sut, repository, relayed, newPost };
}

const row = (changes: Partial<MessageRow> = {}): MessageRow => ({
  id: newId(),
  roomId: 'room',
  postId: 'room',
  parentId: null,
  authorId: AUTHOR,
  text: 'said',
  tag: null,
  deleted: false,
  withheld: false,
  likes: 0,
  repliesCount: 0,
  createdAt: new Date(),
  editedAt: null,
  ...changes,
});

const open: Subject = { ownerId: AUTHOR, audience: 'public', deleted: false };
const closed: Subject = { ownerId: AUTHOR, audience: 'private', deleted: false };
const circle: Subject = { ownerId: AUTHOR, audience: 'circle', deleted: false };
/** A member reading with no circle that matters (`messageRefusal` is given the reader). */
const as = (id: string): SubjectReader => readerOutsideCircles(id);
/** `OTHER` in the author's circle. */
const inAuthorsCircle: SubjectReader = { id: OTHER, inCircleOf: new Set([AUTHOR]) };

describe(messageRefusal.name, () => {
  it('lets the author edit and delete, and anyone who sees the discussion like', () => {
    const message = row();
    expect(messageRefusal('message.edit', message, as(AUTHOR), [open])).toBeUndefined();
    expect(messageRefusal('message.delete', message, as(AUTHOR), [], 'room')).toBeUndefined();
    expect(messageRefusal('message.like', message, as(OTHER), [open])).toBeUndefined();
  });

  it('refuses another member an edit or a deletion as NOT_MESSAGE_AUTHOR', () => {
    const message = row();
    expect(messageRefusal('message.edit', message, as(OTHER), [open])).toBe('NOT_MESSAGE_AUTHOR');
    expect(messageRefusal('message.delete', message, as(OTHER), [], 'room')).toBe(
      'NOT_MESSAGE_AUTHOR',
    );
  });

  it('hides a message in a discussion private to someone else, but not from its owner', () => {
    const message = row({ authorId: OTHER });
    expect(messageRefusal('message.like', message, as(OTHER), [closed])).toBe(
      'DISCUSSION_NOT_FOUND',
    );
    expect(messageRefusal('message.edit', message, as(OTHER), [open, closed])).toBe(
      'DISCUSSION_NOT_FOUND',
    );
    expect(messageRefusal('message.like', message, as(AUTHOR), [closed])).toBeUndefined();
  });

  it('refuses anyone but its author a message moderation holds or removed, as one not there', () => {
    const message = row({ withheld: true });
    for (const permission of ['message.like', 'message.edit'] as const) {
      expect(messageRefusal(permission, message, as(OTHER), [open])).toBe('MESSAGE_NOT_FOUND');
      expect(messageRefusal(permission, message, as(AUTHOR), [open])).toBeUndefined();
    }
    // Not NOT_MESSAGE_AUTHOR, which would tell them it is there.
    expect(messageRefusal('message.delete', message, as(OTHER), [], 'room')).toBe(
      'MESSAGE_NOT_FOUND',
    );
    expect(messageRefusal('message.delete', message, as(AUTHOR), [], 'room')).toBeUndefined();
  });

  it('lets an author delete their message in a discussion closed since', () => {
    const message = row({ authorId: OTHER });
    expect(messageRefusal('message.delete', message, as(OTHER), [closed], 'room')).toBeUndefined();
  });

  it('opens a circle discussion to the owner’s circle, and a members’ one to any member', () => {
    const message = row({ authorId: OTHER });
    expect(messageRefusal('message.edit', message, inAuthorsCircle, [circle])).toBeUndefined();
    expect(messageRefusal('message.edit', message, as(OTHER), [circle])).toBe(
      'DISCUSSION_NOT_FOUND',
    );
    const members: Subject = { ...open, audience: 'members' };
    expect(messageRefusal('message.like', message, as(OTHER), [members])).toBeUndefined();
  });

  it('takes a missing message, a placeholder or a deletion named with another room as not there', () => {
    expect(messageRefusal('message.like', undefined, as(AUTHOR), [])).toBe('MESSAGE_NOT_FOUND');
    expect(messageRefusal('message.edit', row({ deleted: true }), as(AUTHOR), [])).toBe(
      'MESSAGE_NOT_FOUND',
    );
    expect(messageRefusal('message.delete', row(), as(AUTHOR), [], 'elsewhere')).toBe(
      'MESSAGE_NOT_FOUND',
    );
    expect(messageRefusal('message.delete', row({ roomId: 'own' }), as(AUTHOR), [], 'room')).toBe(
      undefined,
    );
  });
});

describe(FeedMessagesService.name, () => {
  /** A message of the author's about `postId`, and another member's reply to it. */
  async function thread(sut: FeedMessagesService, postId: string) {
    const top = await sut.send(AUTHOR, { message: 'top', postId });
    const reply = await sut.send(OTHER, {
      message: 'reply',
      postId,
      parentMessageId: top.messageId,
    });
    return { top, reply };
  }

  describe('send', () => {
    it('writes a message about a readable post, announced, in one transaction', async () => {
      const { sut, repository, relayed, newPost } = newTestService();
      const postId = newPost();
      const said = await sut.send(OTHER, { message: 'hello', postId });
      expect(said).toMatchObject({ message: 'hello', postId, feedRoomId: postId });
      expect(repository.announced).toEqual([{ messageId: said.messageId, deleted: false }]);
      expect(relayed).toHaveBeenCalledTimes(1);
    });

    it('announces what a comment tells whom: its author, the reply’s parent and its author, the owner', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const { top, reply } = await thread(sut, postId);
      const answer = await sut.send(AUTHOR, {
        message: 'and  a\nreply to the reply',
        postId,
        parentMessageId: reply.messageId,
      });
      expect(repository.notices).toEqual([
        {
          authorId: AUTHOR,
          parentId: null,
          parentAuthorId: null,
          roomId: postId,
          excerpt: 'top',
          subjectOwnerId: AUTHOR,
          subjectPrivacy: 'public',
        },
        expect.objectContaining({
          authorId: OTHER,
          parentId: top.messageId,
          parentAuthorId: AUTHOR,
        }),
        expect.objectContaining({
          authorId: AUTHOR,
          parentId: reply.messageId,
          parentAuthorId: OTHER,
          excerpt: 'and a reply to the reply',
        }),
      ]);
      // Stored under its thread's top-level message, as before.
      expect(repository.messages.get(answer.messageId)?.parentId).toBe(top.messageId);
      expect(repository.outside).toBe(0);
    });

    it('refuses a guest-hidden discussion: a post private to someone else', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost({ audience: 'private' });
      await expect(sut.send(OTHER, { message: 'hello', postId })).rejects.toMatchObject({
        code: 'DISCUSSION_NOT_FOUND',
      });
      expect(repository.messages.size).toBe(0);
      await expect(sut.send(AUTHOR, { message: 'mine', postId })).resolves.toMatchObject({
        message: 'mine',
      });
    });

    it('refuses a deleted post, and one never announced made long ago', async () => {
      const { sut, repository, newPost } = newTestService();
      const deleted = newPost({ deleted: true });
      const unknown = madeLongAgo();
      for (const postId of [deleted, unknown])
        await expect(sut.send(AUTHOR, { message: 'x', postId })).rejects.toMatchObject({
          code: 'DISCUSSION_NOT_FOUND',
        });
      expect(repository.messages.size).toBe(0);
    });

    it('takes a post made a moment ago on trust, and notes it for the sweep', async () => {
      const { sut, repository } = newTestService();
      const postId = newId();
      await sut.send(AUTHOR, { message: 'first', postId });
      expect(repository.subjects.noted).toEqual([{ id: postId, collection: undefined }]);
    });

    it('puts a reply to a reply under the thread, and counts it there', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const { top, reply } = await thread(sut, postId);
      const again = await sut.send(AUTHOR, {
        message: 'again',
        postId,
        parentMessageId: reply.messageId,
      });
      expect(again.parentMessageId).toBe(top.messageId);
      expect(repository.messages.get(top.messageId)?.repliesCount).toBe(2);
      expect(repository.outside).toBe(0);
    });

    it('refuses a reply to a placeholder, or to a message of another room', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const top = await sut.send(AUTHOR, { message: 'top', postId, feedRoomId: 'a-room' });
      await expect(
        sut.send(AUTHOR, { message: 'x', postId, parentMessageId: top.messageId }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      (repository.messages.get(top.messageId) as MessageRow).deleted = true;
      await expect(
        sut.send(AUTHOR, {
          message: 'x',
          postId,
          feedRoomId: 'a-room',
          parentMessageId: top.messageId,
        }),
      ).rejects.toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    });

    it('takes back a message whose post was deleted while it was written', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const insert = repository.insert.bind(repository);
      repository.insert = async (message, notice) => {
        const created = await insert(message, notice);
        await repository.subjects.markDeleted(postId);
        return created;
      };
      await expect(sut.send(AUTHOR, { message: 'late', postId })).rejects.toMatchObject({
        code: 'DISCUSSION_NOT_FOUND',
      });
      expect(repository.messages.size).toBe(0);
    });
  });

  describe('edit', () => {
    it('changes the author’s own message, locked in the transaction', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const said = await sut.send(AUTHOR, { message: 'before', postId });
      const edited = await sut.edit(AUTHOR, { messageId: said.messageId, message: 'after' });
      expect(edited).toMatchObject({ message: 'after' });
      expect(edited.editedAt).not.toBeNull();
      expect(repository.outside).toBe(0);
    });

    it('refuses another member, and leaves the text as it was', async () => {
      const { sut, repository, newPost } = newTestService();
      const said = await sut.send(AUTHOR, { message: 'mine', postId: newPost() });
      await expect(
        sut.edit(OTHER, { messageId: said.messageId, message: 'theirs' }),
      ).rejects.toMatchObject({ code: 'NOT_MESSAGE_AUTHOR' });
      expect(repository.messages.get(said.messageId)?.text).toBe('mine');
    });

    it('refuses the author once the discussion is private to someone else', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const said = await sut.send(OTHER, { message: 'mine', postId });
      repository.subjects.rows.set(postId, closed);
      await expect(
        sut.edit(OTHER, { messageId: said.messageId, message: 'x' }),
      ).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
    });
  });

  describe('like', () => {
    it('turns another member’s like on and off', async () => {
      const { sut, newPost } = newTestService();
      const said = await sut.send(AUTHOR, { message: 'likeable', postId: newPost() });
      expect(await sut.like(said.messageId, OTHER)).toEqual({ liked: true, likes: 1 });
      expect(await sut.like(said.messageId, OTHER)).toEqual({ liked: false, likes: 0 });
    });

    it('announces another member’s like to the comment’s author, in its transaction, not one’s own', async () => {
      const { sut, repository, relayed, newPost } = newTestService();
      const said = await sut.send(AUTHOR, { message: 'likeable', postId: newPost() });
      relayed.mockClear();
      await sut.like(said.messageId, AUTHOR);
      expect(repository.likesAnnounced).toEqual([]);
      expect(relayed).not.toHaveBeenCalled();
      await sut.like(said.messageId, OTHER);
      await sut.like(said.messageId, OTHER);
      expect(
        repository.likesAnnounced.map((like) => [like.userId, like.authorId, like.liked]),
      ).toEqual([
        [OTHER, AUTHOR, true],
        [OTHER, AUTHOR, false],
      ]);
      expect(repository.likesAnnounced[0]).toMatchObject({
        messageId: said.messageId,
        excerpt: 'likeable',
      });
      expect(relayed).toHaveBeenCalledTimes(2);
      expect(repository.outside).toBe(0);
    });

    it('tells an author of a like only while they may read the discussion', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost({ audience: 'circle' });
      repository.circles.add(AUTHOR, OTHER);
      const said = await sut.send(OTHER, { message: 'in the circle', postId });
      await sut.like(said.messageId, AUTHOR);
      await repository.circles.apply({
        ownerId: AUTHOR,
        memberId: OTHER,
        inCircle: false,
        occurredAt: new Date(),
      });
      await sut.like(said.messageId, AUTHOR);
      // Told of the like while in the circle; out of it, not told it was taken back.
      expect(repository.likesAnnounced.map((like) => [like.authorId, like.liked])).toEqual([
        [OTHER, true],
      ]);
      await expect(sut.like(said.messageId, OTHER)).rejects.toMatchObject({
        code: 'DISCUSSION_NOT_FOUND',
      });
    });

    it('refuses a placeholder and an unknown message as not there', async () => {
      const { sut, repository, newPost } = newTestService();
      const said = await sut.send(AUTHOR, { message: 'gone', postId: newPost() });
      (repository.messages.get(said.messageId) as MessageRow).deleted = true;
      for (const id of [said.messageId, newId()])
        await expect(sut.like(id, OTHER)).rejects.toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    });
  });

  describe('delete', () => {
    it('keeps a top-level message with replies as a placeholder', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const { top } = await thread(sut, postId);
      expect(await sut.delete(AUTHOR, top.messageId, postId)).toEqual({
        deleted: true,
        placeholder: true,
      });
      expect(repository.messages.get(top.messageId)).toMatchObject({
        deleted: true,
        text: null,
      });
    });

    it('removes the last reply of a placeholder, and the placeholder with it', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const { top, reply } = await thread(sut, postId);
      await sut.delete(AUTHOR, top.messageId, postId);
      expect(await sut.delete(OTHER, reply.messageId, postId)).toEqual({
        deleted: true,
        placeholder: false,
      });
      expect(repository.messages.size).toBe(0);
      expect(repository.outside).toBe(0);
    });

    it('refuses another member, and a room that is not the message’s', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      const said = await sut.send(AUTHOR, { message: 'mine', postId });
      await expect(sut.delete(OTHER, said.messageId, postId)).rejects.toMatchObject({
        code: 'NOT_MESSAGE_AUTHOR',
      });
      await expect(sut.delete(AUTHOR, said.messageId, 'elsewhere')).rejects.toMatchObject({
        code: 'MESSAGE_NOT_FOUND',
      });
      expect(repository.messages.has(said.messageId)).toBe(true);
    });
  });

  describe('page and count', () => {
    it('shows a public discussion to a guest, with no likes of their own', async () => {
      const { sut, newPost } = newTestService();
      const postId = newPost();
      await sut.send(OTHER, { message: 'public', postId });
      const page = await sut.page({ id: postId });
      expect(page.messages.map((message) => message.message)).toEqual(['public']);
      expect(page.likedByMe).toEqual([]);
      expect(await sut.count(postId)).toEqual({ count: 1 });
    });

    it('hides a private discussion from a guest and other members, not from its owner', async () => {
      const { sut, newPost } = newTestService();
      const postId = newPost({ audience: 'private' });
      await expect(sut.count(postId)).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
      await expect(sut.page({ id: postId }, OTHER)).rejects.toMatchObject({
        code: 'DISCUSSION_NOT_FOUND',
      });
      expect(await sut.count(postId, AUTHOR)).toEqual({ count: 0 });
    });

    it('opens a circle discussion to the owner’s circle, asking whose circle only then', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost({ audience: 'circle' });
      const members = newPost({ audience: 'members' });
      await expect(sut.count(postId)).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
      await expect(sut.count(postId, OTHER)).rejects.toMatchObject({
        code: 'DISCUSSION_NOT_FOUND',
      });
      await repository.circles.apply({
        ownerId: AUTHOR,
        memberId: OTHER,
        inCircle: true,
        occurredAt: new Date(),
      });
      expect(await sut.count(postId, OTHER)).toEqual({ count: 0 });
      expect(await sut.count(postId, AUTHOR)).toEqual({ count: 0 });
      // A members' discussion: any member, never a guest; no circle asked about.
      expect(await sut.count(members, OTHER)).toEqual({ count: 0 });
      await expect(sut.count(members)).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
      expect(repository.circles.asked).toEqual([
        { memberId: OTHER, ownerIds: [AUTHOR] },
        { memberId: OTHER, ownerIds: [AUTHOR] },
      ]);
      // Taken out of the circle: the next request is refused.
      await sut.applyCircleMembership({
        ownerId: AUTHOR,
        memberId: OTHER,
        inCircle: false,
        occurredAt: new Date(),
      });
      await expect(sut.page({ id: postId }, OTHER)).rejects.toMatchObject({
        code: 'DISCUSSION_NOT_FOUND',
      });
    });

    it('counts many rooms with one circle lookup for all their owners', async () => {
      const { sut, repository, newPost } = newTestService();
      const otherOwner = newId();
      const mine = newPost({ audience: 'circle' });
      const theirs = repository.subjects.announce(otherOwner, { audience: 'circle' });
      const everyones = newPost();
      repository.circles.add(otherOwner, OTHER);
      for (const roomId of [mine, theirs, everyones])
        repository.messages.set(roomId, row({ id: newId(), roomId, postId: roomId }));
      expect(await sut.counts([mine, theirs, everyones], OTHER)).toEqual({
        counts: { [theirs]: 1, [everyones]: 1 },
      });
      expect(repository.circles.asked).toEqual([
        { memberId: OTHER, ownerIds: [AUTHOR, otherOwner] },
      ]);
      // A guest reads only the public one, and nothing is asked.
      expect(await sut.counts([mine, theirs, everyones])).toEqual({ counts: { [everyones]: 1 } });
      expect(repository.circles.asked).toHaveLength(1);
    });

    it('refuses a room named by an old UUID never announced, unless messages are in it', async () => {
      const { sut, repository } = newTestService();
      const old = madeLongAgo();
      await expect(sut.count(old)).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
      repository.messages.set('m', row({ roomId: old }));
      expect(await sut.count(old)).toEqual({ count: 1 });
      // A room of its own (no UUID) is never a post: read, empty or not.
      expect(await sut.count('a-room')).toEqual({ count: 0 });
    });
  });

  describe('events', () => {
    it('removes a deleted post’s messages after marking it deleted for good', async () => {
      const { sut, repository, newPost } = newTestService();
      const postId = newPost();
      await sut.send(OTHER, { message: 'about it', postId });
      expect(await sut.removePost(postId)).toBe(1);
      expect(repository.subjects.rows.get(postId)?.deleted).toBe(true);
    });

    it('removes a member’s messages in a transaction, then disowns their subjects', async () => {
      const { sut, repository } = newTestService();
      const leftAt = new Date();
      await sut.removeMember(AUTHOR, leftAt);
      expect(repository.removeMember).toHaveBeenCalledWith(AUTHOR);
      expect(repository.subjects.disownSubjects).toHaveBeenCalledWith(AUTHOR, leftAt);
      expect(repository.circles.removed).toEqual([AUTHOR]);
    });
  });
});
