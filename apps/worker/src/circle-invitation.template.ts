import type { EmailJob, Language } from '@mepedia/contracts';
import type { CatalogueFormatter, NotificationKey } from '@mepedia/messages';
import type { Parts } from './templates';

type CircleInvitationJob = Extract<EmailJob, { template: 'circle-invitation' }>;

/** The day an invitation can be accepted until, as the reader's language writes a date. */
function day(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'he' ? 'he-IL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/**
 * An invitation to a member's circle (issue 34): who invites, their own words quoted as they
 * wrote them, the button to the invitation's page, and until when it holds. When the invitee's
 * language is not known, a short part in the other language follows with its own link, so
 * whoever reads either language knows what it is.
 */
export function circleInvitationParts(
  job: CircleInvitationJob,
  t: CatalogueFormatter<NotificationKey>,
  other: { language: Language; t: CatalogueFormatter<NotificationKey> },
): Parts {
  const { data } = job;
  const inviter = data.inviter;
  const product = t('product.name');
  return {
    subject: t('circleInvitation.subject', { inviter }),
    greeting: '',
    paragraphs: [t('circleInvitation.intro', { inviter })],
    ...(data.message
      ? { quote: { lead: t('circleInvitation.words', { inviter }), text: data.message } }
      : {}),
    after: [t('circleInvitation.valid', { inviter, date: day(data.expiresAt, job.language) })],
    action: { label: t('circleInvitation.action'), link: data.link },
    footer: t('circleInvitation.footer', { inviter, product }),
    ...(data.bilingual && data.otherLink
      ? {
          other: {
            language: other.language,
            heading: other.t('circleInvitation.otherLanguage'),
            paragraphs: [
              other.t('circleInvitation.intro', { inviter }),
              other.t('circleInvitation.valid', {
                inviter,
                date: day(data.expiresAt, other.language),
              }),
            ],
            action: { label: other.t('circleInvitation.action'), link: data.otherLink },
          },
        }
      : {}),
  };
}
