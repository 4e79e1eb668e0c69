import type { EmailJob } from '@mepedia/contracts';
import { renderEmail } from './templates';

// The invitation to a member's circle (issue 34): the inviter's own words as plain text, the
// link, and, when the invitee's language is not known, a part in the other language.
const invitation = (
  language: 'en' | 'he',
  overrides: Partial<Extract<EmailJob, { template: 'circle-invitation' }>['data']> = {},
): EmailJob => ({
  template: 'circle-invitation',
  to: 'dana@example.test',
  language,
  data: {
    inviter: 'נועה לוי',
    message: 'For you, <b>Dana</b> & the kids\nwith love',
    link: `https://m.test${language === 'he' ? '/he' : ''}/circle/join/tok`,
    expiresAt: '2026-12-11T10:00:00.000Z',
    bilingual: false,
    ...overrides,
  },
});

describe('the circle invitation email', () => {
  it('quotes the inviter’s words as text in their own direction, and says until when', () => {
    const email = renderEmail(invitation('en'), 'https://m.test/unsubscribe?email=x&signature=y');
    expect(email.subject).toBe('נועה לוי invites you to their circle on Mepedia');
    expect(email.html).not.toContain('<b>Dana</b>');
    expect(email.html).toContain('&lt;b&gt;Dana&lt;/b&gt; &amp; the kids');
    expect(email.html).toMatch(/<p dir="auto"[^>]*>For you/);
    expect(email.text).toContain('“For you, <b>Dana</b> & the kids\nwith love”');
    expect(email.text).toContain('until 11 December 2026');
    expect(email.text).toContain('See the invitation: https://m.test/circle/join/tok');
    // Not a member's "you signed up" footer: the invitee never did.
    expect(email.text).toContain('because נועה לוי invited you to Mepedia');
    expect(email.text).not.toContain('signed up');
    // The invitee's language known: no second part.
    expect(email.html).not.toContain('lang="he"');
  });

  it('adds a part in the other language, right to left, when the invitee’s is not known', () => {
    const email = renderEmail(
      invitation('en', { bilingual: true, otherLink: 'https://m.test/he/circle/join/tok' }),
      'https://m.test/unsubscribe',
    );
    expect(email.html).toContain('<html lang="en" dir="ltr">');
    expect(email.html).toContain('<div lang="he" dir="rtl"');
    expect(email.html).toContain('ההזמנה הזאת בעברית');
    expect(email.html).toContain('href="https://m.test/he/circle/join/tok"');
    expect(email.text).toContain('לצפייה בהזמנה: https://m.test/he/circle/join/tok');
  });

  it('is written right to left in Hebrew, with an English part when asked', () => {
    const email = renderEmail(
      invitation('he', {
        message: null,
        bilingual: true,
        otherLink: 'https://m.test/circle/join/tok',
      }),
      'https://m.test/he/unsubscribe',
    );
    expect(email.subject).toBe('נועה לוי מזמינים אותך למעגל שלהם במפדיה');
    expect(email.html).toContain('<html lang="he" dir="rtl">');
    expect(email.html).toContain('<div lang="en" dir="ltr"');
    expect(email.html).toContain('This invitation in English');
    expect(email.html).not.toContain('dir="auto"');
  });
});
