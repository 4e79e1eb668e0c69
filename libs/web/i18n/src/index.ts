export * from './locales';
export * from './translator';
export * from './overrides';
export type { MessageSource } from '@mepedia/messages';
export type { CoreMessageKey, MessageKey } from './messages/en';
// Pages' own strings, for their routes to register (tree-shaken from every other page).
export { circlesMessages } from './messages/circles';
export { editMeMessages } from './messages/edit-me';
export { followMessages } from './messages/follow';
export { memberHomeMessages } from './messages/member-home';
export { notificationsMessages } from './messages/notifications';
export { privateQuestionsMessages } from './messages/private-questions';
export { emailPreferencesMessages } from './messages/email-preferences';
export { postMessages } from './messages/post';
export { profileMessages } from './messages/profile';
export { settingsMessages } from './messages/settings';
export { weeklyQuestionMessages } from './messages/weekly-question';
export { widgetMessages } from './messages/widget';
export { writePostMessages } from './messages/write-post';
