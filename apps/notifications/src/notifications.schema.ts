import {
  circleMembershipsTable,
  memberBlocksTable,
  moderatedItemsTable,
  removedMembersTable,
} from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { pgSchema } from 'drizzle-orm/pg-core';
import { emailDigestsTable, emailSendsTable } from './email-delivery.schema';
import { emailPreferencesTable } from './email-preferences.schema';
import { followsTable } from './follows.schema';
import { membersTable } from './members.schema';
import {
  notificationActorsTable,
  notificationCommentsTable,
  notificationEventsTable,
  notificationGroupsTable,
  notificationStampSequence,
  notificationSubjectsTable,
  notificationTakeBacksTable,
} from './notification-store.schema';
import {
  weeklyQuestionAnswersTable,
  weeklyQuestionPrivateListsTable,
  weeklyQuestionPrivateQuestionsTable,
  weeklyQuestionQuestionsTable,
  weeklyQuestionSendsTable,
  weeklyQuestionSettingsTable,
} from './weekly-question.schema';

// The notifications service's tables, all in one PostgreSQL schema (the file drizzle-kit reads).
// Each part declares its tables in its own `<part>.schema.ts`, placed in the schema here.
export const notificationsSchema = pgSchema('notifications');

/** Members as the service knows them (members.schema.ts). */
export const members = membersTable(notificationsSchema);

/** Members who left, by a digest of their id: a late `user.updated` brings nobody back. */
export const removedMembers = removedMembersTable(notificationsSchema);

/**
 * Who is in whose circle, as the circles service announces it (issue 34): who may be told of a
 * circle story (libs/server/database circles.ts).
 */
export const circleMemberships = circleMembershipsTable(notificationsSchema);

/**
 * The moderation service's latest word on posts, answers and comments (issue 35,
 * `moderation.item.changed`; libs/server/database, moderated-items.ts), kept whether or not the
 * item is known here yet: what others were told of a held or removed one is taken back, and none
 * of its groups is shown, streamed or emailed to anyone but its owner.
 */
export const moderatedItems = moderatedItemsTable(notificationsSchema);

/**
 * Who blocks whom (issue 35, `member.block.changed`; libs/server/database, blocks.ts): a block
 * ends the two members' follows of each other and refuses a new one, either way, and neither is
 * told of the other's doings (what was told is taken back; the list, stream and emails leave out
 * the other's parts). Mutes are kept as words come but change nothing here.
 */
export const memberBlocks = memberBlocksTable(notificationsSchema);

/** Who follows whom (follows.schema.ts). */
export const follows = followsTable(notificationsSchema);

/** The weekly question: members' choices, what was sent, and its read models (weekly-question.schema.ts). */
export const weeklyQuestionSettings = weeklyQuestionSettingsTable(notificationsSchema);
export const weeklyQuestionSends = weeklyQuestionSendsTable(notificationsSchema);
export const weeklyQuestionAnswers = weeklyQuestionAnswersTable(notificationsSchema);
export const weeklyQuestionQuestions = weeklyQuestionQuestionsTable(notificationsSchema);
/** Each member's own unanswered private questions, theirs alone to read. */
export const weeklyQuestionPrivateLists = weeklyQuestionPrivateListsTable(notificationsSchema);
export const weeklyQuestionPrivateQuestions =
  weeklyQuestionPrivateQuestionsTable(notificationsSchema);

/**
 * The notifications store: groups, their actors, its read models, the events applied and the
 * things taken back (notification-store.schema.ts).
 */
export const notificationStamp = notificationStampSequence(notificationsSchema);
export const notificationGroups = notificationGroupsTable(notificationsSchema);
export const notificationActors = notificationActorsTable(notificationsSchema, notificationGroups);
export const notificationSubjects = notificationSubjectsTable(notificationsSchema);
export const notificationComments = notificationCommentsTable(notificationsSchema);
export const notificationEvents = notificationEventsTable(notificationsSchema);
export const notificationTakeBacks = notificationTakeBacksTable(notificationsSchema);

/** Each member's email choices per kind of notification, and their digest's time (email-preferences.schema.ts). */
export const emailPreferences = emailPreferencesTable(notificationsSchema);

/** When each member's digests go, and every notification email decided (email-delivery.schema.ts). */
export const emailDigests = emailDigestsTable(notificationsSchema);
export const emailSends = emailSendsTable(notificationsSchema);

/**
 * Events the service announces, written in the same transaction as the change: follow.changed,
 * for every follow and unfollow that changed something.
 */
export const outbox = outboxTable(notificationsSchema);
