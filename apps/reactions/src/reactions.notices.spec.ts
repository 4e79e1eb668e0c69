import { randomUUID } from 'node:crypto';
import type { Subject } from '@mepedia/server-database';
import { reactionNotice } from './reactions.notices';

const [owner, reactor] = [randomUUID(), randomUUID()];
const open: Subject = { ownerId: owner, audience: 'public', deleted: false };
const id = randomUUID();

describe('reactionNotice', () => {
  it('tells of a reaction on someone’s answer, with its owner, and of its taking back', () => {
    const object = { collection: 'meAnswers' as const, objectId: id };
    expect(reactionNotice(object, reactor, 'hug', true, id, open)).toEqual({
      kind: 'meAnswer',
      objectId: id,
      subjectId: id,
      userId: reactor,
      reaction: 'hug',
      on: true,
      ownerId: owner,
    });
    expect(reactionNotice(object, reactor, 'like', false, id, open)).toMatchObject({
      reaction: 'like',
      on: false,
    });
  });

  it('names a comment’s subject, and leaves it out while the comment is not heard of', () => {
    const comment = { collection: 'feedMessages' as const, objectId: id };
    const subjectId = randomUUID();
    expect(reactionNotice(comment, reactor, 'clap', true, subjectId, open)).toMatchObject({
      kind: 'comment',
      subjectId,
      ownerId: owner,
    });
    // The subject's owner reacting to someone else's comment is news to that comment's author.
    expect(reactionNotice(comment, owner, 'clap', true, subjectId, open)).toBeDefined();
    const unheard = reactionNotice(comment, reactor, 'clap', true, undefined, undefined);
    expect(unheard).not.toHaveProperty('subjectId');
    expect(unheard).not.toHaveProperty('ownerId');
  });

  it('says nothing of one’s own post or answer, a post’s like, or a member', () => {
    expect(
      reactionNotice({ collection: 'posts', objectId: id }, owner, 'wow', true, id, open),
    ).toBeUndefined();
    expect(
      reactionNotice({ collection: 'posts', objectId: id }, reactor, 'like', true, id, open),
    ).toBeUndefined();
    expect(
      reactionNotice(
        { collection: 'users', objectId: owner },
        reactor,
        'heart',
        true,
        owner,
        undefined,
      ),
    ).toBeUndefined();
    expect(
      reactionNotice({ collection: 'posts', objectId: id }, reactor, 'wow', true, id, open),
    ).toMatchObject({ kind: 'post', reaction: 'wow' });
  });

  it('says nothing about a subject private or gone: nobody outside its audience is told', () => {
    for (const subject of [
      { ...open, audience: 'private' as const },
      { ...open, deleted: true },
      { ...open, audience: 'circle' as const, deleted: true },
    ]) {
      for (const collection of ['posts', 'meAnswers', 'feedMessages'] as const)
        expect(
          reactionNotice({ collection, objectId: id }, reactor, 'heart', true, id, subject),
        ).toBeUndefined();
    }
  });

  it('tells of a reaction on a circle or members’ subject: others react there', () => {
    for (const audience of ['circle', 'members'] as const)
      expect(
        reactionNotice({ collection: 'posts', objectId: id }, reactor, 'wow', true, id, {
          ...open,
          audience,
        }),
      ).toMatchObject({ kind: 'post', reaction: 'wow', ownerId: owner });
  });
});
