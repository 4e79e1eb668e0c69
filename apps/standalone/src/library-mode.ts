// Imported first by main.ts, before any library loads. React (and libraries like it) pick their
// development or production build from NODE_ENV once, when first required; the development
// build renders pages several times slower. npm start is a development setup for *our* code
// (dev outbox, plain cookies), not for React's, so libraries always get their production build,
// while the app's own configuration reads the environment as it was given.
export const appEnv: Record<string, string | undefined> = { ...process.env };
process.env['NODE_ENV'] = 'production';
