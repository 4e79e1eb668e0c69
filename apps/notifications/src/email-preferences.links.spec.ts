import {
  readUnsubscribeToken,
  unsubscribeLinks,
  unsubscribeToken,
} from './email-preferences.links';

const SECRET = 'a-link-secret-of-at-least-32-characters';
const USER = '0b0d6a51-5d1c-4f5e-9a57-1f2e3d4c5b6a';

describe('unsubscribe links', () => {
  it('reads back the member and kind it was made for, with no expiry', () => {
    const token = unsubscribeToken({ userId: USER, kind: 'commentReaction' }, SECRET);
    expect(readUnsubscribeToken(token, SECRET)).toEqual({ userId: USER, kind: 'commentReaction' });
  });

  it('refuses any token altered, signed elsewhere or malformed', () => {
    const token = unsubscribeToken({ userId: USER, kind: 'comment' }, SECRET);
    for (const forged of [
      token.replace('.comment.', '.reply.'),
      token.replace(USER, USER.replace('0b0d', '1b0d')),
      unsubscribeToken({ userId: USER, kind: 'comment' }, `${SECRET}!`),
      `${token}.x`,
      token.slice(0, -1),
      'a.b',
      '',
    ]) {
      expect(readUnsubscribeToken(forged, SECRET)).toBeUndefined();
    }
  });

  it('points the one-click address at the API and the page at the member’s language', () => {
    const links = unsubscribeLinks({ userId: USER, kind: 'story' }, 'he', {
      publicUrl: 'https://mepedia.test',
      linkSecret: SECRET,
    });
    const oneClick = new URL(links.oneClick);
    const page = new URL(links.page);
    expect(oneClick.pathname).toBe('/api/notifications/unsubscribe');
    expect(page.pathname).toBe('/he/unsubscribe');
    const token = oneClick.searchParams.get('token') ?? '';
    expect(page.searchParams.get('token')).toBe(token);
    expect(readUnsubscribeToken(token, SECRET)).toEqual({ userId: USER, kind: 'story' });
  });
});
