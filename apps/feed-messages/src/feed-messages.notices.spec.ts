import { randomUUID } from 'node:crypto';
import type { Subject } from '@mepedia/server-database';
import { readerOutsideCircles, type SubjectReader } from '@mepedia/server-platform';
import { commentNotice, likeNotice } from './feed-messages.notices';

const [owner, author, liker] = [randomUUID(), randomUUID(), randomUUID()];
const open: Subject = { ownerId: owner, audience: 'public', deleted: false };
const closed: Subject = { ownerId: owner, audience: 'private', deleted: false };
const circle: Subject = { ownerId: owner, audience: 'circle', deleted: false };
/** The comment's author, in none of the circles at hand. */
const theAuthor = readerOutsideCircles(author);
const message = (authorId: string | null, text: string | null = 'A  fine\nstory') => ({
  id: randomUUID(),
  postId: randomUUID(),
  authorId,
  text,
});

describe('commentNotice', () => {
  it('names the author, the comment answered and its author, and the subject as announced', () => {
    const parent = { id: randomUUID(), authorId: liker };
    expect(
      commentNotice({ authorId: author, roomId: 'room', text: 'Hi\n there' }, parent, open),
    ).toEqual({
      authorId: author,
      parentId: parent.id,
      parentAuthorId: liker,
      roomId: 'room',
      excerpt: 'Hi there',
      subjectOwnerId: owner,
      subjectPrivacy: 'public',
    });
  });

  it('says nothing of a subject never announced or gone, and no parent for a top-level one', () => {
    const notice = commentNotice(
      { authorId: author, roomId: 'room', text: 'Hi' },
      undefined,
      undefined,
    );
    expect(notice).toEqual({
      authorId: author,
      parentId: null,
      parentAuthorId: null,
      roomId: 'room',
      excerpt: 'Hi',
    });
    expect(
      commentNotice({ authorId: author, roomId: 'r', text: 'Hi' }, undefined, {
        ...open,
        deleted: true,
      }),
    ).not.toHaveProperty('subjectOwnerId');
    expect(
      commentNotice({ authorId: author, roomId: 'r', text: 'Hi' }, undefined, closed),
    ).toMatchObject({
      subjectPrivacy: 'private',
    });
    // The audience as announced, circle and members' too, for notifications to keep to it.
    for (const audience of ['circle', 'members'] as const)
      expect(
        commentNotice({ authorId: author, roomId: 'r', text: 'Hi' }, undefined, {
          ...open,
          audience,
        }),
      ).toMatchObject({ subjectOwnerId: owner, subjectPrivacy: audience });
  });
});

describe('likeNotice', () => {
  it('tells the comment’s author of another member’s like, and of its taking back', () => {
    const liked = message(author);
    expect(likeNotice(liked, liker, true, [open], theAuthor)).toEqual({
      messageId: liked.id,
      subjectId: liked.postId,
      userId: liker,
      authorId: author,
      liked: true,
      excerpt: 'A fine story',
    });
    expect(likeNotice(liked, liker, false, [open], theAuthor)?.liked).toBe(false);
  });

  it('says nothing of a like of one’s own comment, or of a placeholder', () => {
    expect(likeNotice(message(author), author, true, [open], theAuthor)).toBeUndefined();
    expect(
      likeNotice(message(null, null), liker, true, [open], readerOutsideCircles(null)),
    ).toBeUndefined();
  });

  it('decides for the comment’s author only', () => {
    expect(() =>
      likeNotice(message(author), owner, true, [open], readerOutsideCircles(liker)),
    ).toThrow(/not the comment’s author/);
  });

  it('never tells an author who may not read the discussion any more', () => {
    // The owner made the post private: they may still like an old comment of someone else's.
    expect(likeNotice(message(author), owner, true, [closed], theAuthor)).toBeUndefined();
    // Their own comment in their private discussion, liked by… only they are there.
    expect(
      likeNotice(message(owner), owner, true, [closed], readerOutsideCircles(owner)),
    ).toBeUndefined();
    // A circle discussion: told while in the owner's circle, not once taken out of it.
    const inCircle: SubjectReader = { id: author, inCircleOf: new Set([owner]) };
    expect(likeNotice(message(author), owner, true, [circle], inCircle)?.authorId).toBe(author);
    expect(likeNotice(message(author), owner, true, [circle], theAuthor)).toBeUndefined();
  });
});
