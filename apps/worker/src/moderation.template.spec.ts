import type { EmailJob } from '@mepedia/contracts';
import { renderEmail } from './templates';

// Trust and safety's emails (issue 35): the statement of reasons in each language, with what,
// which rule, how decided and how to appeal; member text as text, isolated in its own direction.
type Data = Extract<EmailJob, { template: 'moderation' }>['data'];
const job = (language: 'en' | 'he', data: Data): EmailJob => ({
  template: 'moderation',
  to: 'noa@example.test',
  language,
  data,
});
const statement = (overrides: Partial<Extract<Data, { kind: 'statement' }>> = {}): Data => ({
  kind: 'statement',
  action: 'remove',
  rule: 'spam',
  itemKind: 'post',
  itemTitle: 'Pills <b>cheap</b> & fast',
  statement: 'The post advertises <i>pills</i>.',
  automatic: false,
  suspendedUntil: null,
  decidedAt: '2026-11-27T10:00:00.000Z',
  appealLink: 'https://m.test/moderation/decisions',
  ...overrides,
});
const unsubscribe = 'https://m.test/unsubscribe';

describe('the moderation emails', () => {
  it('states a removal: what, the rule, the moderator’s words as text, and the appeal', () => {
    const email = renderEmail(job('en', statement()), unsubscribe);
    expect(email.subject).toBe('Your post was removed');
    expect(email.text).toContain('Your post “\u2068Pills <b>cheap</b> & fast\u2069” was removed');
    expect(email.text).toContain('The rule concerned: spam.');
    expect(email.text).toContain('by one of our moderators');
    expect(email.text).toContain('“The post advertises <i>pills</i>.”');
    expect(email.text).toContain('you can appeal once');
    expect(email.text).toContain(
      'See the decision and appeal: https://m.test/moderation/decisions',
    );
    expect(email.html).not.toContain('<b>cheap</b>');
    expect(email.html).not.toContain('<i>pills</i>');
    expect(email.html).toContain('&lt;i&gt;pills&lt;/i&gt;');
    expect(email.html).toContain('<html lang="en" dir="ltr">');
  });

  it('says in Hebrew, right to left, that a hold was automatic, with no moderator’s words', () => {
    const email = renderEmail(
      job(
        'he',
        statement({
          action: 'hide',
          rule: null,
          automatic: true,
          statement: '',
          itemKind: 'answer',
        }),
      ),
      unsubscribe,
    );
    expect(email.subject).toBe('הסתרנו את התשובה שלך עד לבדיקה');
    expect(email.html).toContain('<html lang="he" dir="rtl">');
    expect(email.text).toContain('באופן אוטומטי');
    expect(email.text).not.toContain('הכלל הנוגע לעניין');
    expect(email.text).not.toContain('שכתב:');
  });

  it('says why a new member’s post with a link waits, in both languages, and that it judges nothing', () => {
    const waiting = (language: 'en' | 'he') =>
      renderEmail(
        job(
          language,
          statement({
            action: 'hide',
            rule: null,
            automatic: true,
            heldFor: 'firstLinks',
            statement: '',
          }),
        ),
        unsubscribe,
      );
    const en = waiting('en');
    expect(en.text).toContain('A new member’s first posts and comments that carry a link wait');
    expect(en.text).toContain('this says nothing about what you wrote');
    expect(en.text).not.toContain('several members reported it');
    const he = waiting('he');
    expect(he.text).toContain('של חברים חדשים שיש בהם קישור ממתינים למנהל תוכן');
    expect(he.text).not.toContain('כמה חברים דיווחו');
    expect(he.html).toContain('<html lang="he" dir="rtl">');
    // A job queued before `heldFor` was sent reads as a hold after reports.
    expect(renderEmail(job('en', statement({ automatic: true })), unsubscribe).text).toContain(
      'several members reported it',
    );
  });

  it('gives a suspension’s end as a date and time, and a restoration nothing to appeal', () => {
    const suspended = renderEmail(
      job(
        'en',
        statement({
          action: 'suspend',
          rule: 'harassment',
          itemTitle: null,
          suspendedUntil: '2026-12-04T10:00:00.000Z',
        }),
      ),
      unsubscribe,
    );
    expect(suspended.subject).toBe('Your account is suspended');
    expect(suspended.text).toContain('until 4 December 2026');
    expect(suspended.text).toContain('The rule concerned: harassment.');
    const restored = renderEmail(
      job('he', statement({ action: 'restore', rule: null, appealLink: null })),
      unsubscribe,
    );
    expect(restored.subject).toBe('החזרנו את הפוסט שלך');
    expect(restored.text).not.toContain('לערער');
  });

  it('confirms a notice, tells a reporter the outcome and an author their appeal’s', () => {
    const notice = renderEmail(
      job('en', {
        kind: 'noticeReceived',
        itemKind: 'comment',
        itemTitle: null,
        receivedAt: '2026-11-27T10:00:00.000Z',
      }),
      unsubscribe,
    );
    expect(notice.subject).toBe('We received your notice');
    expect(notice.text).toContain('about a comment on 27 November 2026');
    const outcome = renderEmail(
      job('he', {
        kind: 'reportOutcome',
        itemKind: 'post',
        itemTitle: null,
        outcome: 'noViolation',
      }),
      unsubscribe,
    );
    expect(outcome.text).toContain('לא מצאו הפרה');
    const appeal = renderEmail(
      job('en', {
        kind: 'appealOutcome',
        outcome: 'reversed',
        action: 'remove',
        statement: 'A recipe.',
        link: 'https://m.test/moderation/decisions',
      }),
      unsubscribe,
    );
    expect(appeal.subject).toBe('Your appeal was accepted');
    expect(appeal.text).toContain('“A recipe.”');
  });
});
