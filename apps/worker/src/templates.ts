import type { EmailJob, Language, SmsJob } from '@mepedia/contracts';
import { circleInvitationParts } from './circle-invitation.template';
import { moderationParts } from './moderation.template';
import { notificationParts } from './notification.template';
import { weeklyQuestionParts } from './weekly-question.template';
import {
  catalogueFormatter,
  notificationMessages,
  type CatalogueFormatter,
  type NotificationKey,
} from '@mepedia/messages';

export type RenderedEmail = { subject: string; text: string; html: string };

// The wording is the shared catalogue's (libs/messages/src/notifications.ts), formatted by the
// same formatter as the web app's messages; this file lays it out.
const say: Record<Language, CatalogueFormatter<NotificationKey>> = {
  en: catalogueFormatter(notificationMessages.en, 'en'),
  he: catalogueFormatter(notificationMessages.he, 'he'),
};

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export type Parts = {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; link: string };
  /** Quieter links after the action, each on its own line (the weekly question's skip, pause, stop). */
  links?: Array<{ label: string; link: string }>;
  /** Things that happened, each a sentence linking to its place, with the words it quotes. */
  items?: Array<{ text: string; quote: string | null; link: string }>;
  /** Paragraphs after the items. */
  after?: string[];
  /** Someone's own words (a member's text, in its own direction), with the line that leads to them. */
  quote?: { lead: string; text: string };
  /** The footer's sentence before the unsubscribe link, when not the members' usual one. */
  footer?: string;
  /** The same message, shorter, in the other language (when the reader's is not known). */
  other?: {
    language: Language;
    heading: string;
    paragraphs: string[];
    action: { label: string; link: string };
  };
};

function partsOf(job: EmailJob): Parts {
  const t = say[job.language];
  switch (job.template) {
    case 'verify-email':
      return {
        subject: t('verifyEmail.subject'),
        greeting: t('email.greeting', { firstname: job.data.firstname }),
        paragraphs: [t('verifyEmail.text'), t('verifyEmail.valid')],
        action: { label: t('verifyEmail.action'), link: job.data.link },
      };
    case 'password-reset':
      return {
        subject: t('passwordReset.subject'),
        greeting: t('email.greeting', { firstname: job.data.firstname }),
        paragraphs: [
          t('passwordReset.text'),
          t('passwordReset.valid', { minutes: job.data.expiresInMinutes }),
        ],
        action: { label: t('passwordReset.action'), link: job.data.link },
      };
    case 'confirm-email-change':
      return {
        subject: t('confirmEmailChange.subject'),
        greeting: t('email.greeting', { firstname: job.data.firstname }),
        paragraphs: [t('confirmEmailChange.text'), t('confirmEmailChange.valid')],
        action: { label: t('confirmEmailChange.action'), link: job.data.link },
      };
    case 'contact-changed':
      return {
        subject: t('contactChanged.subject', { field: job.data.field }),
        greeting: t('email.greeting', { firstname: job.data.firstname }),
        paragraphs: [
          t('contactChanged.text', { field: job.data.field }),
          t('contactChanged.advice'),
        ],
      };
    case 'weekly-question':
      return weeklyQuestionParts(job, t);
    case 'notification':
      return notificationParts(job, t);
    case 'circle-invitation': {
      const otherLanguage: Language = job.language === 'he' ? 'en' : 'he';
      return circleInvitationParts(job, t, { language: otherLanguage, t: say[otherLanguage] });
    }
    case 'moderation':
      return moderationParts(job, t);
    case 'notice':
      return { subject: job.data.subject, greeting: '', paragraphs: job.data.text.split(/\n{2,}/) };
  }
}

/** The email in the member's language: plain text and HTML, right-to-left for Hebrew. */
export function renderEmail(job: EmailJob, unsubscribeUrl: string): RenderedEmail {
  const parts = partsOf(job);
  const t = say[job.language];
  const he = job.language === 'he';
  const product = t('product.name');
  const footer = parts.footer ?? t('email.footer', { product });
  const text = [
    parts.greeting,
    ...parts.paragraphs,
    ...(parts.quote ? [parts.quote.lead, `“${parts.quote.text}”`] : []),
    ...(parts.items ?? []).map((item) =>
      [item.text, item.quote ? `“${item.quote}”` : '', item.link].filter(Boolean).join('\n'),
    ),
    ...(parts.after ?? []),
    parts.action ? `${parts.action.label}: ${parts.action.link}` : '',
    ...(parts.links ?? []).map((item) => `${item.label}: ${item.link}`),
    ...(parts.other
      ? [
          parts.other.heading,
          ...parts.other.paragraphs,
          `${parts.other.action.label}: ${parts.other.action.link}`,
        ]
      : []),
    '--',
    `${footer}: ${unsubscribeUrl}`,
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
<p style="font-size:20px;font-weight:bold;margin:0 0 24px">${escapeHtml(product)}</p>
${parts.greeting ? `<p>${escapeHtml(parts.greeting)}</p>` : ''}
${parts.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  parts.quote
    ? `<p style="line-height:1.5;margin:0 0 6px">${escapeHtml(parts.quote.lead)}</p><p dir="auto" style="margin:0 0 20px;padding-${align}:12px;border-${align}:3px solid #ddd;color:#444;line-height:1.5;white-space:pre-line">${escapeHtml(parts.quote.text)}</p>`
    : ''
}
${(parts.items ?? [])
  .map(
    (item) =>
      `<div style="margin:0 0 20px"><p style="line-height:1.5;margin:0 0 6px"><a href="${escapeHtml(item.link)}" style="color:#1f4e79;font-weight:bold;text-decoration:none">${escapeHtml(item.text)}</a></p>${
        item.quote
          ? `<p dir="auto" style="margin:0;padding-${align}:12px;border-${align}:3px solid #ddd;color:#444;line-height:1.5">${escapeHtml(item.quote)}</p>`
          : ''
      }</div>`,
  )
  .join('\n')}
${(parts.after ?? []).map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  parts.action
    ? `<p style="margin:32px 0"><a href="${escapeHtml(parts.action.link)}" style="background:#1f4e79;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(parts.action.link)}</p>`
    : ''
}
${(parts.links ?? []).map((item) => `<p style="font-size:14px;margin:8px 0"><a href="${escapeHtml(item.link)}" style="color:#1f4e79">${escapeHtml(item.label)}</a></p>`).join('\n')}
${parts.other ? otherLanguageBlock(parts.other) : ''}
<hr style="border:none;border-top:1px solid #ddd;margin:32px 0 16px">
<p style="font-size:12px;color:#666">${escapeHtml(footer)}: <a href="${escapeHtml(unsubscribeUrl)}" style="color:#666">${escapeHtml(t('email.unsubscribe'))}</a></p>
</div>
</body>
</html>`;
  return { subject: parts.subject, text, html };
}

/** The shorter message in the other language: its own `lang` and direction inside the email's. */
function otherLanguageBlock(other: NonNullable<Parts['other']>): string {
  const dir = other.language === 'he' ? 'rtl' : 'ltr';
  const align = other.language === 'he' ? 'right' : 'left';
  return `<div lang="${other.language}" dir="${dir}" style="margin:32px 0 0;padding:16px 0 0;border-top:1px solid #eee;text-align:${align}">
<p style="font-weight:bold;margin:0 0 12px">${escapeHtml(other.heading)}</p>
${other.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(other.action.link)}" style="color:#1f4e79">${escapeHtml(other.action.label)}</a></p>
</div>`;
}

export function renderSms(job: SmsJob): string {
  const t = say[job.language];
  return t('sms.verificationCode', {
    product: t('product.name'),
    code: job.data.code,
    minutes: job.data.expiresInMinutes,
  });
}
