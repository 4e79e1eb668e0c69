import { renderEmail, renderSms } from './templates';

describe(renderEmail.name, () => {
  it('writes Hebrew mail right to left, in Hebrew', () => {
    const email = renderEmail(
      {
        template: 'verify-email',
        to: 'noa@example.com',
        language: 'he',
        data: { firstname: 'נועה', link: 'https://m.test/he/email-verification?token=t' },
      },
      'https://m.test/he/unsubscribe?email=x&signature=y',
    );
    expect(email.subject).toBe('אישור כתובת האימייל שלך במפדיה');
    expect(email.html).toContain('<html lang="he" dir="rtl">');
    expect(email.html).toContain('text-align:right');
    expect(email.text).toContain('שלום נועה,');
    expect(email.text).toContain('https://m.test/he/email-verification?token=t');
    expect(email.text).toContain('https://m.test/he/unsubscribe?email=x&signature=y');
  });

  it('escapes what members wrote', () => {
    const email = renderEmail(
      {
        template: 'verify-email',
        to: 'a@example.com',
        language: 'en',
        data: { firstname: '<script>alert(1)</script>', link: 'https://m.test/x?a=1&b="2"' },
      },
      'https://m.test/unsubscribe',
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.html).toContain('href="https://m.test/x?a=1&amp;b=&quot;2&quot;"');
    expect(email.html).toContain('<html lang="en" dir="ltr">');
  });
});

describe('the wording, from the shared catalogue', () => {
  const reset = (language: 'en' | 'he', expiresInMinutes: number) =>
    renderEmail(
      {
        template: 'password-reset',
        to: 'noa@example.com',
        language,
        data: { firstname: 'Noa', link: 'https://m.test/password-reset?token=t', expiresInMinutes },
      },
      'https://m.test/unsubscribe',
    );

  it('counts minutes by each language’s plural rules', () => {
    expect(reset('en', 60).text).toContain('The link works once, for 60 minutes.');
    expect(reset('en', 1).text).toContain('The link works once, for 1 minute.');
    expect(reset('he', 60).text).toContain('הקישור בתוקף ל-60 דקות ולשימוש אחד.');
    expect(reset('he', 1).text).toContain('הקישור בתוקף לדקה אחת ולשימוש אחד.');
    expect(reset('he', 2).text).toContain('הקישור בתוקף לשתי דקות ולשימוש אחד.');
  });

  it('says which contact changed, and ends with the way to stop updates', () => {
    const email = renderEmail(
      {
        template: 'contact-changed',
        to: 'noa@example.com',
        language: 'en',
        data: { firstname: 'Noa', field: 'phoneNumber' },
      },
      'https://m.test/unsubscribe?email=x',
    );
    expect(email.subject).toBe('The phone number of your Mepedia account was changed');
    expect(email.text).toContain('The phone number of your account was just changed.');
    expect(email.text).toMatch(
      /You received this because you signed up for Mepedia\. Stop updates: https:\/\/m\.test\/unsubscribe\?email=x$/,
    );
    expect(email.html).toContain(
      'Stop updates: <a href="https://m.test/unsubscribe?email=x" style="color:#666">unsubscribe</a>',
    );
  });

  it('formats a member’s name as a value, never as a message', () => {
    const email = renderEmail(
      {
        template: 'verify-email',
        to: 'a@example.com',
        language: 'en',
        data: { firstname: "{count, plural, other {#}} O'Hara", link: 'https://m.test/x' },
      },
      'https://m.test/unsubscribe',
    );
    expect(email.text).toContain("Hi {count, plural, other {#}} O'Hara,");
  });
});

describe(renderSms.name, () => {
  it('texts the code in the member language', () => {
    const job = {
      template: 'verification-code' as const,
      to: '+972501234567',
      data: { code: '042917', expiresInMinutes: 10 },
    };
    expect(renderSms({ ...job, language: 'he' })).toBe(
      'מפדיה: קוד האימות שלך הוא 042917. הקוד בתוקף 10 דקות.',
    );
    expect(renderSms({ ...job, language: 'en' })).toBe(
      'Mepedia: your verification code is 042917. It expires in 10 minutes.',
    );
  });
});

describe('the weekly question’s email', () => {
  const job = (language: 'en' | 'he') =>
    ({
      template: 'weekly-question',
      to: 'noa@example.com',
      language,
      data: {
        index: 2,
        title: language === 'he' ? 'המקומות שלי' : 'My places',
        prompt: 'Where <did> you live?',
        link: `https://m.test${language === 'he' ? '/he' : ''}/profile/edit-me/2`,
        skipLink: 'https://m.test/weekly-question?token=s',
        pauseLink: 'https://m.test/weekly-question?token=p',
        stopLink: 'https://m.test/weekly-question?token=t',
        settingsLink: 'https://m.test/profile/settings',
      },
    }) as const;

  it('carries the question, its prompt, the link to answer it and the skip, pause and stop links', () => {
    const email = renderEmail(job('en'), 'https://m.test/unsubscribe');
    expect(email.subject).toBe('Your question this week: My places');
    expect(email.text).toContain('Question 2: My places');
    expect(email.text).toContain('Where <did> you live?');
    expect(email.text).toContain('Answer this question: https://m.test/profile/edit-me/2');
    expect(email.html).toContain('href="https://m.test/profile/edit-me/2"');
    expect(email.html).toContain('Where &lt;did&gt; you live?');
    for (const token of ['s', 'p', 't'])
      expect(email.html).toContain(`href="https://m.test/weekly-question?token=${token}"`);
    expect(email.text).toContain(
      'Stop the weekly question: https://m.test/weekly-question?token=t',
    );
  });

  it('is written right to left in Hebrew', () => {
    const email = renderEmail(job('he'), 'https://m.test/he/unsubscribe');
    expect(email.subject).toBe('השאלה שלך השבוע: המקומות שלי');
    expect(email.html).toContain('<html lang="he" dir="rtl">');
    expect(email.html).toContain('href="https://m.test/he/profile/edit-me/2"');
    expect(email.text).toContain('לענות על השאלה');
  });
});
