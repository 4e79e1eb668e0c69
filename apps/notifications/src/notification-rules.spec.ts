import {
  commentOfPart,
  commentPart,
  followDay,
  groupKeyOf,
  isNewStory,
  linkOf,
  mayTell,
  reactionPart,
  STORY_NEWS_MS,
  titleIn,
} from './notification-rules';

const owner = 'owner-id';
const other = 'other-id';
const actor = 'actor-id';

describe('notification rules', () => {
  it('never tell anyone of their own doing, nor of what is gone', () => {
    expect(mayTell(actor, actor, undefined)).toBe(false);
    expect(mayTell(owner, owner, { ownerId: owner, audience: 'public', deleted: false })).toBe(
      false,
    );
    expect(mayTell(owner, actor, { ownerId: owner, audience: 'public', deleted: true })).toBe(
      false,
    );
    expect(mayTell(null, actor, undefined)).toBe(false);
    expect(mayTell(undefined, actor, undefined)).toBe(false);
  });

  it('keep a private subject to its owner, and tell anyone of a public or unannounced one', () => {
    const hidden = { ownerId: owner, audience: 'private', deleted: false } as const;
    expect(mayTell(owner, actor, hidden)).toBe(true);
    expect(mayTell(other, actor, hidden)).toBe(false);
    // Not even one in the owner's circle.
    expect(mayTell(other, owner, hidden, true)).toBe(false);
    const open = { ownerId: owner, audience: 'public', deleted: false } as const;
    expect(mayTell(other, actor, open)).toBe(true);
    expect(mayTell(other, actor, undefined)).toBe(true);
  });

  it('tell of a circle subject only its owner and their circle, and of a members’ one any member (issue 34)', () => {
    const circle = { ownerId: owner, audience: 'circle', deleted: false } as const;
    expect(mayTell(owner, actor, circle)).toBe(true);
    expect(mayTell(other, actor, circle, true)).toBe(true);
    expect(mayTell(other, actor, circle, false)).toBe(false);
    expect(mayTell(other, actor, circle)).toBe(false);
    const members = { ownerId: owner, audience: 'members', deleted: false } as const;
    expect(mayTell(other, actor, members)).toBe(true);
    expect(mayTell(other, actor, { ...members, deleted: true })).toBe(false);
  });

  it('tell of a subject moderation holds or removed its owner alone, whatever its audience (issue 35)', () => {
    for (const moderation of ['held', 'removed'] as const) {
      const withheld = { ownerId: owner, audience: 'public', deleted: false, moderation } as const;
      expect(mayTell(owner, actor, withheld)).toBe(true);
      expect(mayTell(other, actor, withheld)).toBe(false);
      expect(mayTell(other, owner, { ...withheld, audience: 'circle' }, true)).toBe(false);
    }
    const visible = { ownerId: owner, audience: 'public', deleted: false } as const;
    expect(mayTell(other, actor, { ...visible, moderation: 'visible' })).toBe(true);
  });

  it('group each kind of thing done to one thing', () => {
    expect(groupKeyOf('comment', { subjectId: 'p1' })).toBe('comment:p1');
    expect(groupKeyOf('reaction', { subjectId: 'p1' })).toBe('reaction:p1');
    expect(groupKeyOf('story', { subjectId: 'p1' })).toBe('story:p1');
    expect(groupKeyOf('reply', { commentId: 'c1' })).toBe('reply:c1');
    expect(groupKeyOf('commentReaction', { commentId: 'c1' })).toBe('commentReaction:c1');
    // Added to and taken out of the magazine share one group: the latest word wins.
    expect(groupKeyOf('magazineAdded', { subjectId: 'a1' })).toBe(
      groupKeyOf('magazineRemoved', { subjectId: 'a1' }),
    );
    // Followers group by the day (UTC) the follow began.
    const late = new Date('2026-03-01T23:59:59.999Z');
    const early = new Date('2026-03-02T00:00:00.000Z');
    expect(groupKeyOf('follower', { day: followDay(late) })).toBe('follower:2026-03-01');
    expect(followDay(early)).toBe('2026-03-02');
    expect(() => groupKeyOf('reply', { subjectId: 'p1' })).toThrow();
  });

  it('tell each comment and reaction apart within a group', () => {
    expect(commentOfPart(commentPart('c9'))).toBe('c9');
    expect(commentOfPart(reactionPart('hug'))).toBeUndefined();
    expect(commentOfPart(null)).toBeUndefined();
    expect(reactionPart('like')).not.toBe(reactionPart('hug'));
  });

  it('link each group to its place', () => {
    const post = { kind: 'post' as const, subjectId: 'p1', ownerId: owner };
    const answer = { kind: 'meAnswer' as const, subjectId: 'a1', ownerId: owner };
    const base = {
      commentId: null,
      latestCommentId: undefined,
      latestActorId: actor,
      recipientId: owner,
    };
    expect(linkOf({ ...base, kind: 'comment', subject: post, latestCommentId: 'c2' })).toBe(
      '/post/p1#comment-c2',
    );
    expect(
      linkOf({ ...base, kind: 'reply', subject: answer, commentId: 'c1', latestCommentId: 'c3' }),
    ).toBe(`/me/${owner}#comment-c3`);
    expect(linkOf({ ...base, kind: 'commentReaction', subject: post, commentId: 'c1' })).toBe(
      '/post/p1#comment-c1',
    );
    expect(linkOf({ ...base, kind: 'reaction', subject: post })).toBe('/post/p1');
    expect(linkOf({ ...base, kind: 'story', subject: post })).toBe('/post/p1');
    expect(linkOf({ ...base, kind: 'follower', subject: null })).toBe(`/profile/${actor}`);
    // Ids are path segments: whatever they hold stays inside its segment.
    expect(linkOf({ ...base, kind: 'reaction', subject: { ...post, subjectId: '../x?y' } })).toBe(
      '/post/..%2Fx%3Fy',
    );
  });

  it('link an answer to its own page on its owner’s “me”, by its question’s place', () => {
    const answer = { kind: 'meAnswer' as const, subjectId: 'a1', ownerId: owner };
    const base = {
      commentId: null,
      latestCommentId: undefined,
      latestActorId: actor,
      recipientId: owner,
    };
    // Question 3 of the questionnaire: the web's /me/{ownerId}/3 (routes/me.tsx).
    expect(linkOf({ ...base, kind: 'reaction', subject: { ...answer, questionIndex: 3 } })).toBe(
      `/me/${owner}/3`,
    );
    expect(
      linkOf({
        ...base,
        kind: 'comment',
        subject: { ...answer, questionIndex: 10 },
        latestCommentId: 'c4',
      }),
    ).toBe(`/me/${owner}/10#comment-c4`);
    expect(
      linkOf({ ...base, kind: 'magazineAdded', subject: { ...answer, questionIndex: 1 } }),
    ).toBe(`/me/${owner}/1`);
    // Not known, or not a place the page takes (one or two digits from 1): the owner's first answer.
    for (const questionIndex of [undefined, null, 0, -2, 1.5, 100, Number.NaN])
      expect(linkOf({ ...base, kind: 'reaction', subject: { ...answer, questionIndex } })).toBe(
        `/me/${owner}`,
      );
    // A post has no question, whatever it is handed.
    expect(
      linkOf({
        ...base,
        kind: 'reaction',
        subject: { kind: 'post', subjectId: 'p1', ownerId: owner, questionIndex: 3 },
      }),
    ).toBe('/post/p1');
  });

  it('name an answer in the reader’s language, a post as written', () => {
    const answer = { kind: 'meAnswer' as const, title: 'Roots', titleHe: 'שורשים' };
    expect(titleIn(answer, 'he')).toBe('שורשים');
    expect(titleIn(answer, 'en')).toBe('Roots');
    expect(titleIn({ kind: 'post', title: 'My story', titleHe: null }, 'he')).toBe('My story');
  });

  it('count a story as news only soon after it was made', () => {
    const made = new Date('2026-01-01T00:00:00Z');
    expect(isNewStory(made, new Date(made.getTime() + STORY_NEWS_MS))).toBe(true);
    expect(isNewStory(made, new Date(made.getTime() + STORY_NEWS_MS + 1))).toBe(false);
    // The posts migration's announcement of every existing post, dated the epoch: old news.
    expect(isNewStory(made, new Date(0))).toBe(false);
    // Another service's clock a little behind: still news.
    expect(isNewStory(made, new Date(made.getTime() - 60_000))).toBe(true);
  });
});
