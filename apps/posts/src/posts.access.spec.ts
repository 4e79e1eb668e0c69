import { decisionOf, twoMembers, whoAsks } from '@mepedia/server-service-testing';
import {
  listVisibility,
  mayAccess,
  requireAccess,
  type Actor,
  type PostAccess,
  type PostAction,
} from './posts.access';

const { owner: author, other } = twoMembers();
const post = (
  privacy: PostAccess['privacy'],
  moderationState: PostAccess['moderationState'] = 'visible',
): PostAccess => ({ publisherId: author, privacy, moderationState });
/** The code `requireAccess` refuses with, or 'allowed'. */
const decision = (actor: Actor, action: PostAction, target: PostAccess | undefined) =>
  decisionOf(() => requireAccess(actor, action, target));

describe('the posts access policy', () => {
  const actors = whoAsks(author, other);

  describe('a public post', () => {
    it.each(actors)('is read, viewed and shared by %s', (_, actor) => {
      for (const action of ['read', 'view', 'share'] as const)
        expect(decision(actor, action, post('public'))).toBe('allowed');
    });

    it('is liked by any member, and by no guest', () => {
      expect(decision(author, 'like', post('public'))).toBe('allowed');
      expect(decision(other, 'like', post('public'))).toBe('allowed');
      expect(decision(null, 'like', post('public'))).toBe('AUTH_REQUIRED');
    });

    it('is edited and deleted by its author alone: another member is told it is not theirs', () => {
      for (const action of ['edit', 'delete'] as const) {
        expect(decision(author, action, post('public'))).toBe('allowed');
        expect(decision(other, action, post('public'))).toBe('NOT_POST_OWNER');
        expect(mayAccess(null, action, post('public'))).toBe(false);
      }
    });
  });

  describe('a private post', () => {
    const actions: PostAction[] = ['read', 'view', 'share', 'like', 'edit', 'delete'];

    it('is its author’s to do anything with', () => {
      for (const action of actions)
        expect(decision(author, action, post('private'))).toBe('allowed');
    });

    it.each(actors.slice(1))(
      'does not exist for %s, whatever they ask: POST_NOT_FOUND as for no post at all',
      (_, actor) => {
        for (const action of actions) {
          expect(decision(actor, action, post('private'))).toBe('POST_NOT_FOUND');
          expect(decision(actor, action, undefined)).toBe('POST_NOT_FOUND');
        }
      },
    );
  });

  describe.each(['held', 'removed'] as const)('a post moderation %s (issue 35)', (state) => {
    const actions: PostAction[] = ['read', 'view', 'share', 'like', 'edit', 'delete'];

    it.each(['public', 'members', 'circle', 'private'] as const)(
      'stays its author’s to read and change, whatever its audience (%s)',
      (privacy) => {
        for (const action of actions)
          expect(decision(author, action, post(privacy, state))).toBe('allowed');
      },
    );

    it.each(actors.slice(1))(
      'does not exist for %s, even public and in their circle: POST_NOT_FOUND as for none',
      (_, actor) => {
        for (const action of actions)
          expect(decision(actor, action, { ...post('public', state), readerInCircle: true })).toBe(
            'POST_NOT_FOUND',
          );
      },
    );
  });

  describe('between two members one of whom blocks the other (issue 35)', () => {
    const across = (privacy: PostAccess['privacy']): PostAccess => ({
      ...post(privacy),
      readerInCircle: true,
      readerBlocked: true,
    });

    it('a public post is read, viewed and shared as a guest would, but not liked: the block says so', () => {
      for (const action of ['read', 'view', 'share'] as const)
        expect(decision(other, action, across('public'))).toBe('allowed');
      expect(decision(other, 'like', across('public'))).toBe('MEMBER_BLOCKED');
    });

    it.each(['members', 'circle', 'private'] as const)(
      'a %s post does not exist for the other, even in the author’s circle',
      (privacy) => {
        for (const action of ['read', 'view', 'share', 'like'] as const)
          expect(decision(other, action, across(privacy))).toBe('POST_NOT_FOUND');
      },
    );

    it('a like from before the block may be taken back where they may still read the post', () => {
      expect(decision(other, 'unlike', across('public'))).toBe('allowed');
      expect(decision(other, 'unlike', across('members'))).toBe('POST_NOT_FOUND');
      expect(decision(null, 'unlike', post('public'))).toBe('AUTH_REQUIRED');
    });
  });

  it('refuses a post that does not exist (or is deleted) to its would-be author too', () => {
    expect(decision(author, 'read', undefined)).toBe('POST_NOT_FOUND');
    expect(decision(author, 'delete', undefined)).toBe('POST_NOT_FOUND');
  });

  it('lets a list hold a member’s own private posts, and a guest’s none', () => {
    expect(listVisibility(author)).toEqual({ privateOf: author });
    expect(listVisibility(null)).toEqual({ privateOf: null });
  });
});
