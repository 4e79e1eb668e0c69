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
