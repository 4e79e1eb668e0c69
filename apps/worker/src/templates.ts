import type { EmailJob, Language, SmsJob } from '@mepedia/contracts';

export type RenderedEmail = { subject: string; text: string; html: string };

const PRODUCT: Record<Language, string> = { en: 'Mepedia', he: 'מפדיה' };

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

type Parts = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; link: string };
};

function partsOf(job: EmailJob): Parts {
  const he = job.language === 'he';
  switch (job.template) {
    case 'verify-email':
      return he
        ? {
            subject: 'אישור כתובת האימייל שלך במפדיה',
            greeting: `שלום ${job.data.firstname},`,
            paragraphs: [
              'מספר הטלפון שלך אומת. נשאר רק לאשר את כתובת האימייל, וסיפור החיים שלך יוכל להתחיל.',
              'הקישור בתוקף ל-24 שעות.',
            ],
            action: { label: 'אישור כתובת האימייל', link: job.data.link },
          }
        : {
            subject: 'Confirm your email for Mepedia',
            greeting: `Hi ${job.data.firstname},`,
            paragraphs: [
              'Your phone number is verified. One step left: confirm your email address, and your story can begin.',
              'The link is valid for 24 hours.',
            ],
            action: { label: 'Confirm my email', link: job.data.link },
          };
    case 'password-reset':
      return he
        ? {
            subject: 'איפוס הסיסמה שלך במפדיה',
            greeting: `שלום ${job.data.firstname},`,
            paragraphs: [
              'ביקשת לאפס את הסיסמה שלך. אפשר לבחור סיסמה חדשה דרך הקישור.',
              `הקישור בתוקף ל-${job.data.expiresInMinutes} דקות ולשימוש אחד. אם לא ביקשת זאת, אפשר להתעלם מהודעה זו.`,
            ],
            action: { label: 'בחירת סיסמה חדשה', link: job.data.link },
          }
        : {
            subject: 'Reset your Mepedia password',
            greeting: `Hi ${job.data.firstname},`,
            paragraphs: [
              'You asked to reset your password. Choose a new one through the link.',
              `The link works once, for ${job.data.expiresInMinutes} minutes. If you did not ask for this, you can ignore this email.`,
            ],
            action: { label: 'Choose a new password', link: job.data.link },
          };
    case 'confirm-email-change':
      return he
        ? {
            subject: 'אישור כתובת האימייל החדשה שלך במפדיה',
            greeting: `שלום ${job.data.firstname},`,
            paragraphs: [
              'ביקשת להחליף את כתובת האימייל בחשבון שלך לכתובת זו. ההחלפה תיעשה כשתאשר/י אותה דרך הקישור; עד אז הכתובת הקודמת נשארת.',
              'הקישור בתוקף ל-24 שעות ולשימוש אחד. אם לא ביקשת זאת, אפשר להתעלם מהודעה זו.',
            ],
            action: { label: 'אישור הכתובת החדשה', link: job.data.link },
          }
        : {
            subject: 'Confirm your new email for Mepedia',
            greeting: `Hi ${job.data.firstname},`,
            paragraphs: [
              'You asked to move your account to this address. It changes when you confirm it through the link; until then your previous address stays.',
              'The link works once, for 24 hours. If you did not ask for this, you can ignore this email.',
            ],
            action: { label: 'Confirm my new email', link: job.data.link },
          };
    case 'contact-changed': {
      const email = job.data.field === 'email';
      return he
        ? {
            subject: email
              ? 'כתובת האימייל בחשבון המפדיה שלך הוחלפה'
              : 'מספר הטלפון בחשבון המפדיה שלך הוחלף',
            greeting: `שלום ${job.data.firstname},`,
            paragraphs: [
              email
                ? 'כתובת האימייל בחשבון שלך הוחלפה זה עתה, ומעכשיו ההודעות יישלחו לכתובת החדשה. זו ההודעה האחרונה לכתובת זו.'
                : 'מספר הטלפון בחשבון שלך הוחלף זה עתה.',
              'אם זה לא היה את/ה, יש לאפס את הסיסמה ולפנות לתמיכה מיד.',
            ],
          }
        : {
            subject: email
              ? 'The email of your Mepedia account was changed'
              : 'The phone number of your Mepedia account was changed',
            greeting: `Hi ${job.data.firstname},`,
            paragraphs: [
              email
                ? 'The email address of your account was just changed, and messages now go to the new one. This is the last one to this address.'
                : 'The phone number of your account was just changed.',
              'If this was not you, reset your password and contact support at once.',
            ],
          };
    }
    case 'notice':
      return { subject: job.data.subject, greeting: '', paragraphs: job.data.text.split(/\n{2,}/) };
  }
}

/** The email in the member's language: plain text and HTML, right-to-left for Hebrew. */
export function renderEmail(job: EmailJob, unsubscribeUrl: string): RenderedEmail {
  const parts = partsOf(job);
  const he = job.language === 'he';
  const footer = he
    ? `קיבלת הודעה זו כי נרשמת ל${PRODUCT.he}. להפסקת עדכונים: ${unsubscribeUrl}`
    : `You received this because you signed up for ${PRODUCT.en}. Stop updates: ${unsubscribeUrl}`;
  const text = [
    parts.greeting,
    ...parts.paragraphs,
    parts.action ? `${parts.action.label}: ${parts.action.link}` : '',
    '--',
    footer,
  ]
    .filter(Boolean)
    .join('\n\n');
  const dir = he ? 'rtl' : 'ltr';
  const align = he ? 'right' : 'left';
  const html = `<!doctype html>
<html lang="${job.language}" dir="${dir}">
<head><meta charset="utf-8"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f2;font-family:Arial,Helvetica,sans-serif;color:#1d1d1f">
<div dir="${dir}" style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px;text-align:${align}">
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">${PRODUCT[job.language]}</p>
${parts.greeting ? `<p>${escapeHtml(parts.greeting)}</p>` : ''}
${parts.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  parts.action
    ? `<p style="margin:32px 0"><a href="${escapeHtml(parts.action.link)}" style="background:#1f4e79;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(parts.action.link)}</p>`
    : ''
}
<hr style="border:none;border-top:1px solid #ddd;margin:32px 0 16px">
<p style="font-size:12px;color:#666">${escapeHtml(footer.split(': ')[0] ?? '')}: <a href="${escapeHtml(unsubscribeUrl)}" style="color:#666">${he ? 'הסרה מרשימת התפוצה' : 'unsubscribe'}</a></p>
</div>
</body>
</html>`;
  return { subject: parts.subject, text, html };
}

export function renderSms(job: SmsJob): string {
  return job.language === 'he'
    ? `${PRODUCT.he}: קוד האימות שלך הוא ${job.data.code}. הקוד בתוקף ${job.data.expiresInMinutes} דקות.`
    : `${PRODUCT.en}: your verification code is ${job.data.code}. It expires in ${job.data.expiresInMinutes} minutes.`;
}
