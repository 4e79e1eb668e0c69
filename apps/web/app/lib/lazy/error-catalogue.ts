// The error catalogue's words (libs/messages/src/errors.ts) for lib/refusal.ts, which imports
// this module when a reading page first meets a refusal. In a folder of its own, so the shell
// does not take it as a shared part (apps/web/vite.config.ts, PARTS): every page would carry the
// whole catalogue in both languages.
export { errorMessage } from '@mepedia/messages/errors';
