import type { ApiRoute, ApiService } from './api-route';
import * as weeklyQuestionSchemas from './weekly-question';
import {
  WeeklyQuestionLinkRequest,
  WeeklyQuestionLinkResult,
  WeeklyQuestionScheduleRequest,
  WeeklyQuestionSettings,
} from './weekly-question';

const OWN =
  'The caller’s own settings: there is no member id to name, so nobody can read or change another’s.';
const ANSWER =
  'The answer is the settings after the call, with the next send time (`nextSendAt`, UTC) and the question the next email carries.';
const ENDS =
  'When every question is answered the state becomes `finished` by itself and nothing more is sent.';

/** The weekly question's routes in the notifications service (our addition, issue 32). */
export const weeklyQuestionRoutes = {
  getWeeklyQuestion: {
    method: 'GET',
    path: '/api/weeklyQuestion/getSettings',
    summary: 'The caller’s weekly question: state, weekday, hour, time zone and the next send',
    description: `${OWN} A member who never started it reads state \`off\` with nulls. ${ENDS}`,
    auth: 'member',
    status: 200,
    response: WeeklyQuestionSettings,
    errors: [],
  },
  scheduleWeeklyQuestion: {
    method: 'POST',
    path: '/api/weeklyQuestion/schedule',
    rate: ['account'],
    summary: 'Start the weekly question, or change its weekday, hour, time zone or language',
    description: `Turns it on (from off, paused or a skip) with this schedule: the first question goes at the next such weekday and hour in that time zone. ${OWN} ${ANSWER} ${ENDS}`,
    auth: 'member',
    body: WeeklyQuestionScheduleRequest,
    status: 200,
    response: WeeklyQuestionSettings,
    errors: [],
  },
  pauseWeeklyQuestion: {
    method: 'POST',
    path: '/api/weeklyQuestion/pause',
    rate: ['account'],
    summary: 'Pause the weekly question (the schedule is kept)',
    description: `Idempotent; nothing to pause (off or finished) changes nothing. ${OWN} ${ANSWER}`,
    auth: 'member',
    whileSuspended: true,
    status: 200,
    response: WeeklyQuestionSettings,
    errors: [],
  },
  resumeWeeklyQuestion: {
    method: 'POST',
    path: '/api/weeklyQuestion/resume',
    rate: ['account'],
    summary: 'Resume a paused weekly question at its next weekday and hour',
    description: `Idempotent; only a paused one changes. ${OWN} ${ANSWER}`,
    auth: 'member',
    status: 200,
    response: WeeklyQuestionSettings,
    errors: [],
  },
  skipWeeklyQuestion: {
    method: 'POST',
    path: '/api/weeklyQuestion/skip',
    rate: ['account'],
    summary: 'Skip the coming week’s question: the next one goes a week later',
    description: `Idempotent: skipping twice still skips one week (\`skipping\` says so). Questions are answered in order, so the skipped week’s question is still the next one. ${OWN} ${ANSWER}`,
    auth: 'member',
    whileSuspended: true,
    status: 200,
    response: WeeklyQuestionSettings,
    errors: [],
  },
  stopWeeklyQuestion: {
    method: 'POST',
    path: '/api/weeklyQuestion/stop',
    rate: ['account'],
    summary: 'Stop the weekly question',
    description: `Idempotent: the state becomes \`off\` (the last schedule is kept to start again from). ${OWN} ${ANSWER}`,
    auth: 'member',
    whileSuspended: true,
    status: 200,
    response: WeeklyQuestionSettings,
    errors: [],
  },
  weeklyQuestionByLink: {
    method: 'POST',
    path: '/api/weeklyQuestion/byLink',
    rate: ['verify'],
    summary: 'Skip, pause or stop from the email’s link, without signing in',
    description:
      'The token is the email’s signed link (its member, its action and an expiry, signed with the deployment’s link secret). A forged, altered or expired one is 400 WEEKLY_QUESTION_LINK_INVALID, in the caller’s language, and changes nothing. Idempotent, like the member’s own calls; the answer names the action and the state after it.',
    auth: 'anyone',
    body: WeeklyQuestionLinkRequest,
    status: 200,
    response: WeeklyQuestionLinkResult,
    errors: ['WEEKLY_QUESTION_LINK_INVALID'],
  },
} as const satisfies Record<string, ApiRoute>;

/**
 * The notifications service's reference with the weekly question's routes and schemas added
 * (api-catalogue.ts lists the service so): the weekly question's part stays in its own files.
 */
export function withWeeklyQuestion(api: ApiService): ApiService {
  return {
    ...api,
    description:
      `${api.description ?? ''} The weekly question (our addition, issue 32): one questionnaire question a week by email, at the member’s weekday and hour in their time zone; pause, skip, stop, and the email’s signed links.`.trim(),
    schemas: { ...api.schemas, ...weeklyQuestionSchemas },
    routes: [...api.routes, ...Object.values(weeklyQuestionRoutes)],
  };
}
