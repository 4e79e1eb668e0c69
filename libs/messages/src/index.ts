export * from './message';
export * from './format';
export * from './catalogue';
export * from './notifications';
export * from './notification-sentences';
// The error messages are imported alone, as '@mepedia/messages/errors' (errors.ts): through this
// index they would follow the formatter into the web app's shell, and into every service image.
