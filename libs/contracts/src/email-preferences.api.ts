import type { ApiRoute, ApiService } from './api-route';
import * as emailPreferenceSchemas from './email-preferences';
import {
  EmailPreferences,
  EmailUnsubscribeQuery,
  EmailUnsubscribeRequest,
  EmailUnsubscribeResult,
  SetEmailPreferencesRequest,
} from './email-preferences';

const OWN =
  'The caller’s own choices: there is no member id to name, so nobody can read or change another’s.';
const TOKEN =
  'The token is the email’s signed link (a member and a kind, signed with the deployment’s link secret; it does not expire, as an unsubscribe link must keep working). A forged or altered one is 400 INVALID_UNSUBSCRIBE_LINK, in the caller’s language, and changes nothing. Idempotent: the kind is `never` after it.';

/** Notifications by email: the notifications service's routes (our addition, issue 32). */
export const emailPreferencesRoutes = {
  getEmailPreferences: {
    method: 'GET',
    path: '/api/notifications/getEmailPreferences',
    summary:
      'The caller’s email choice per kind of notification, digest hour, weekday and time zone',
    description: `${OWN} A member who never chose reads the defaults (docs/api/notifications.md).`,
    auth: 'member',
    status: 200,
    response: EmailPreferences,
    errors: [],
  },
  setEmailPreferences: {
    method: 'POST',
    path: '/api/notifications/setEmailPreferences',
    rate: ['account'],
    summary: 'Change the caller’s email choices',
    description: `${OWN} Fields left out stay as they were; the answer is every choice after the call. A kind the contracts do not list is VALIDATION_FAILED (the field \`kinds\`, UNKNOWN_NOTIFICATION_KIND).`,
    auth: 'member',
    whileSuspended: true,
    body: SetEmailPreferencesRequest,
    status: 200,
    response: EmailPreferences,
    errors: [],
  },
  unsubscribeOneClick: {
    method: 'POST',
    path: '/api/notifications/unsubscribe',
    rate: ['verify'],
    summary: 'One-click unsubscribe from one kind of notification email (RFC 8058)',
    description: `The address of the email’s List-Unsubscribe header: the mail provider POSTs \`List-Unsubscribe=One-Click\` (a form body, or none) from its own servers, without a session or an Origin of ours (docs/security.md). ${TOKEN}`,
    auth: 'anyone',
    query: EmailUnsubscribeQuery,
    status: 200,
    response: EmailUnsubscribeResult,
    errors: ['INVALID_UNSUBSCRIBE_LINK'],
  },
  unsubscribeByLink: {
    method: 'POST',
    path: '/api/notifications/unsubscribeByLink',
    rate: ['verify'],
    summary: 'Stop one kind of notification email from the /unsubscribe page, without signing in',
    description: `The web’s /unsubscribe page calls it with the email’s link. ${TOKEN}`,
    auth: 'anyone',
    body: EmailUnsubscribeRequest,
    status: 200,
    response: EmailUnsubscribeResult,
    errors: ['INVALID_UNSUBSCRIBE_LINK'],
  },
} as const satisfies Record<string, ApiRoute>;

/**
 * The notifications service's reference with the email preferences' routes and schemas added
 * (api-catalogue.ts lists the service so): this part stays in its own files.
 */
export function withEmailPreferences(api: ApiService): ApiService {
  return {
    ...api,
    description:
      `${api.description ?? ''} Notifications by email (our addition, issue 32): per kind at once, in a daily or weekly digest at the member’s hour in their time zone, or never; one-click unsubscribe per kind.`.trim(),
    schemas: { ...api.schemas, ...emailPreferenceSchemas },
    routes: [...api.routes, ...Object.values(emailPreferencesRoutes)],
  };
}
