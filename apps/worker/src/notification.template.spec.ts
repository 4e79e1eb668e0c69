import type { EmailJob } from '@mepedia/contracts';
import { renderEmail } from './templates';

type NotificationJob = Extract<EmailJob, { template: 'notification' }>;

const unsubscribe = {
  oneClick: 'https://m.test/api/notifications/unsubscribe?token=u.comment.s',
  page: 'https://m.test/unsubscribe?token=u.comment.s',
};

function job(
  language: 'en' | 'he',
  data: Partial<NotificationJob['data']> & Pick<NotificationJob['data'], 'items'>,
): NotificationJob {
  return {
    template: 'notification',
    to: 'noa@example.com',
    language,
    data: {
      period: 'immediate',
      more: 0,
      settingsLink: 'https://m.test/profile/settings',
      ...data,
    },
    unsubscribe,
  };
}

const comment = {
  kind: 'comment' as const,
  actors: ['Dan Levi'],
  actorCount: 1,
  title: 'Where I come from',
  excerpt: 'What a summer that was',
  link: 'https://m.test/posts/p1#comment-c1',
};

describe('notification emails', () => {
  it('makes one group at once its own subject, with its words and its link', () => {
    const email = renderEmail(job('en', { items: [comment] }), unsubscribe.page);
    expect(email.subject).toBe('Dan Levi commented on Where I come from');
    expect(email.text).toContain('\u2068Dan Levi\u2069 commented on \u2068Where I come from\u2069');
    expect(email.text).toContain('“What a summer that was”');
    expect(email.text).toContain('https://m.test/posts/p1#comment-c1');
    expect(email.html).toContain('href="https://m.test/posts/p1#comment-c1"');
    expect(email.text).toContain('Choose what comes by email: https://m.test/profile/settings');
    expect(email.text).toContain(unsubscribe.page);
  });

  it('words a digest in Hebrew, right to left, names grouped and counted', () => {
    const email = renderEmail(
      job('he', {
        period: 'daily',
        more: 3,
        items: [
          { ...comment, kind: 'reaction', actors: ['נועה', 'Dan'], actorCount: 4, excerpt: null },
          { ...comment, kind: 'follower', actors: ['רות'], actorCount: 1, title: null },
        ],
      }),
      unsubscribe.page,
    );
    // Two listed and three more: five in all.
    expect(email.subject).toBe('היום שלך במפדיה: 5 התראות חדשות');
    expect(email.html).toContain('<html lang="he" dir="rtl">');
    expect(email.text).toContain('זה מה שקרה עם הסיפורים שלך מאתמול.');
    expect(email.text).toContain(
      'תגובת רגש מאת \u2068נועה\u2069 ועוד 3 על \u2068Where I come from\u2069',
    );
    expect(email.text).toContain('עוקב/ת חדש/ה: \u2068רות\u2069');
    expect(email.text).toContain('ועוד 3 התראות בדף ההתראות שלך.');
  });

  it('says a weekly digest is the week’s', () => {
    const email = renderEmail(job('en', { period: 'weekly', items: [comment] }), unsubscribe.page);
    expect(email.subject).toBe('Your week on Mepedia: 1 new notification');
    expect(email.text).toContain('Here is what happened with your stories this week.');
  });

  it('escapes markup a member wrote in a name, a title or a comment', () => {
    const email = renderEmail(
      job('en', {
        items: [
          {
            ...comment,
            actors: ['<img src=x onerror=alert(1)>'],
            title: '<script>alert(2)</script>',
            excerpt: '<a href="javascript:alert(3)">x</a>',
          },
        ],
      }),
      unsubscribe.page,
    );
    expect(email.html).not.toMatch(/<img|<script|<a href="javascript/);
    expect(email.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
