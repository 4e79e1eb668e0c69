import type { EmailJob, Language } from '@mepedia/contracts';
import type { CatalogueFormatter, NotificationKey } from '@mepedia/messages';
import { isolate } from './notification.template';
import type { Parts } from './templates';

type ModerationJob = Extract<EmailJob, { template: 'moderation' }>;

/** An instant as the reader's language writes a day and time (UTC, said so). */
function when(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(language === 'he' ? 'he-IL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/**
 * Trust and safety's emails (issue 35). A statement of reasons (DSA article 17) says what was
 * decided about what, under which rule, how it was decided (automatically, or by a moderator,
 * whose words are quoted as written), and how to appeal; the others confirm a notice, tell a
 * reporter the outcome, and tell an author what became of their appeal.
 */
export function moderationParts(job: ModerationJob, t: CatalogueFormatter<NotificationKey>): Parts {
  const { data } = job;
  const product = t('product.name');
  const footer = t('moderation.footer', { product });
  switch (data.kind) {
    case 'statement': {
      const kind = t('moderation.kind', { kind: data.itemKind ?? 'other' });
      const until = data.suspendedUntil ? when(data.suspendedUntil, job.language) : '';
      const what = data.itemTitle
        ? t('moderation.statement.what', {
            action: data.action,
            kind,
            title: isolate(data.itemTitle),
            until,
          })
        : t('moderation.statement.whatNoTitle', { action: data.action, kind, until });
      return {
        subject: t('moderation.statement.subject', { action: data.action, kind }),
        greeting: '',
        paragraphs: [
          what,
          ...(data.rule
            ? [t('moderation.statement.rule', { rule: t('moderation.rule', { rule: data.rule }) })]
            : []),
          ...(data.automatic
            ? [t('moderation.statement.automatic', { heldFor: data.heldFor ?? 'reports' })]
            : []),
        ],
        ...(!data.automatic && data.statement
          ? { quote: { lead: t('moderation.statement.byModerator'), text: data.statement } }
          : {}),
        ...(data.appealLink
          ? {
              after: [t('moderation.statement.appeal')],
              action: { label: t('moderation.statement.action'), link: data.appealLink },
            }
          : {}),
        footer,
      };
    }
    case 'appealOutcome':
      return {
        subject: t('moderation.appeal.subject', { outcome: data.outcome }),
        greeting: '',
        paragraphs: [t('moderation.appeal.text', { outcome: data.outcome })],
        quote: { lead: t('moderation.appeal.words'), text: data.statement },
        action: { label: t('moderation.appeal.action'), link: data.link },
        footer,
      };
    case 'noticeReceived':
      return {
        subject: t('moderation.notice.subject'),
        greeting: '',
        paragraphs: [
          t('moderation.notice.text', {
            kind: t('moderation.kind', { kind: data.itemKind }),
            date: when(data.receivedAt, job.language),
          }),
        ],
        footer,
      };
    case 'reportOutcome':
      return {
        subject: t('moderation.outcome.subject'),
        greeting: '',
        paragraphs: [
          t('moderation.outcome.text', {
            outcome: data.outcome,
            kind: t('moderation.kind', { kind: data.itemKind }),
          }),
        ],
        footer,
      };
  }
}
