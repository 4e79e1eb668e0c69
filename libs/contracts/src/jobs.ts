import { z } from 'zod';
import { Language } from './language';
import { ModeratedItemKind } from './events';
import { HeldFor, ModerationAction, ModerationReason } from './moderation';
import { NotificationKind } from './notifications';

/**
 * A notice's own unsubscribe (issue 32: a notification email names one kind of notification):
 * `oneClick` is the List-Unsubscribe address a mail provider POSTs to (RFC 8058, so the email
 * also carries List-Unsubscribe-Post), `page` the footer's link to the site's /unsubscribe page
 * for that kind. Without it a notice carries the address-wide link to /unsubscribe.
 */
export const EmailUnsubscribeLinks = z.object({
  oneClick: z.url({ protocol: /^https?$/ }),
  page: z.url({ protocol: /^https?$/ }),
});
export type EmailUnsubscribeLinks = z.infer<typeof EmailUnsubscribeLinks>;

/** Email the worker sends. Transactional mail goes even to people who unsubscribed; notices do not. */
export const EmailJob = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('verify-email'),
    to: z.string(),
    language: Language,
    data: z.object({ firstname: z.string(), link: z.string() }),
    requestId: z.string().optional(),
  }),
  z.object({
    template: z.literal('password-reset'),
    to: z.string(),
    language: Language,
    data: z.object({ firstname: z.string(), link: z.string(), expiresInMinutes: z.number() }),
    requestId: z.string().optional(),
  }),
  z.object({
    template: z.literal('confirm-email-change'),
    to: z.string(),
    language: Language,
    data: z.object({ firstname: z.string(), link: z.string() }),
    requestId: z.string().optional(),
  }),
  /** To the member's current address, after their phone or email changed: was it them? */
  z.object({
    template: z.literal('contact-changed'),
    to: z.string(),
    language: Language,
    data: z.object({ firstname: z.string(), field: z.enum(['email', 'phoneNumber']) }),
    requestId: z.string().optional(),
  }),
  /**
   * The weekly question (issue 32): one questionnaire question with its prompt, a link to answer
   * it, and signed links to skip the next one, pause or stop (the notifications service's). A
   * notice: not sent to an address that unsubscribed.
   */
  z.object({
    template: z.literal('weekly-question'),
    to: z.string(),
    language: Language,
    data: z.object({
      /**
       * `private`: one of the member's own private questions (its title and sub-questions are
       * their words, each sub-question a line of `prompt`). Absent: a questionnaire question.
       */
      kind: z.literal('private').optional(),
      /** 1..10, the question's place in the questionnaire (a private one's: in the member's list). */
      index: z.number().int(),
      title: z.string(),
      prompt: z.string(),
      /**
       * `/profile/edit-me/{index}` on the site, in the member's language (a private question's:
       * `/profile/edit-me-private/{index}?question={id}`).
       */
      link: z.string(),
      skipLink: z.string(),
      pauseLink: z.string(),
      stopLink: z.string(),
      /** The settings page's weekly question tab (`#weekly-question`), where the schedule is changed. */
      settingsLink: z.string(),
    }),
    requestId: z.string().optional(),
  }),
  /**
   * Notifications by email (issue 32): one group at once (`period` immediate), or a digest of the
   * day's or week's. Each item is a group as the member's notifications page words it: `actors`
   * the latest names (at most two are named), `actorCount` how many in all, `title` the post's or
   * answer's title, `excerpt` the words it quotes, `link` its place on the site. `more`: how many
   * more groups the digest did not list. Always with its own unsubscribe (the kind, or the digest).
   */
  z.object({
    template: z.literal('notification'),
    to: z.string(),
    language: Language,
    data: z.object({
      period: z.enum(['immediate', 'daily', 'weekly']),
      items: z
        .array(
          z.object({
            kind: NotificationKind,
            actors: z.array(z.string()).max(2),
            actorCount: z.number().int().nonnegative(),
            title: z.string().nullable(),
            excerpt: z.string().nullable(),
            link: z.url({ protocol: /^https?$/ }),
          }),
        )
        .min(1),
      more: z.number().int().nonnegative(),
      /** The settings page's notifications tab, where the member changes what comes by email. */
      settingsLink: z.url({ protocol: /^https?$/ }),
    }),
    unsubscribe: EmailUnsubscribeLinks,
    requestId: z.string().optional(),
  }),
  /**
   * An invitation to a member's circle (issue 34): who invites, in their own words (plain text,
   * as they wrote it), and the link to accept it. In `language`, with a short part in the other
   * language when the invitee's is not known (`bilingual`). A notice: not sent to an address that
   * unsubscribed.
   */
  z.object({
    template: z.literal('circle-invitation'),
    to: z.string(),
    language: Language,
    data: z.object({
      inviter: z.string(),
      message: z.string().nullable(),
      /** The invitation's page on the site, in `language`. */
      link: z.url({ protocol: /^https?$/ }),
      /** The same page in the other language, when `bilingual`. */
      otherLink: z.url({ protocol: /^https?$/ }).optional(),
      expiresAt: z.string(),
      bilingual: z.boolean(),
    }),
    requestId: z.string().optional(),
  }),
  /**
   * Trust and safety (issue 35), transactional (the law asks for each, unsubscribed or not):
   * `statement`, the statement of reasons to the author of what was restricted or restored (what,
   * which rule, how decided, the facts, how to appeal); `appealOutcome` to the author;
   * `noticeReceived`, the confirmation to a notice's sender; `reportOutcome` to a reporter or a
   * notice's sender. Member text (`itemTitle`, `statement`) is plain text, as written.
   */
  z.object({
    template: z.literal('moderation'),
    to: z.string(),
    language: Language,
    data: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('statement'),
        action: ModerationAction,
        rule: ModerationReason.nullable(),
        itemKind: ModeratedItemKind.nullable(),
        itemTitle: z.string().nullable(),
        statement: z.string(),
        automatic: z.boolean(),
        /** An automatic hold's why (absent in jobs queued before it was sent: `reports`). */
        heldFor: HeldFor.nullable().optional(),
        suspendedUntil: z.string().nullable(),
        decidedAt: z.string(),
        /** The member's decisions page, where the appeal is sent; null when not appealable. */
        appealLink: z.url({ protocol: /^https?$/ }).nullable(),
      }),
      z.object({
        kind: z.literal('appealOutcome'),
        outcome: z.enum(['upheld', 'reversed']),
        action: ModerationAction,
        statement: z.string(),
        link: z.url({ protocol: /^https?$/ }),
      }),
      z.object({
        kind: z.literal('noticeReceived'),
        itemKind: ModeratedItemKind,
        itemTitle: z.string().nullable(),
        receivedAt: z.string(),
      }),
      z.object({
        kind: z.literal('reportOutcome'),
        itemKind: ModeratedItemKind,
        itemTitle: z.string().nullable(),
        outcome: z.enum(['actioned', 'noViolation']),
      }),
    ]),
    requestId: z.string().optional(),
  }),
  z.object({
    template: z.literal('notice'),
    to: z.string(),
    language: Language,
    data: z.object({ subject: z.string(), text: z.string() }),
    unsubscribe: EmailUnsubscribeLinks.optional(),
    requestId: z.string().optional(),
  }),
]);
export type EmailJob = z.infer<typeof EmailJob>;
export type EmailTemplate = EmailJob['template'];

export const TRANSACTIONAL_TEMPLATES: ReadonlySet<EmailTemplate> = new Set([
  'verify-email',
  'password-reset',
  'confirm-email-change',
  'contact-changed',
  'moderation',
]);

export const SmsJob = z.object({
  template: z.literal('verification-code'),
  /** E.164, e.g. +972501234567. */
  to: z.string().regex(/^\+\d{6,15}$/),
  language: Language,
  data: z.object({ code: z.string().regex(/^\d{6}$/), expiresInMinutes: z.number() }),
  requestId: z.string().optional(),
});
export type SmsJob = z.infer<typeof SmsJob>;
