export * from './locales';
export * from './translator';
export type { MessageKey } from './messages/en';
