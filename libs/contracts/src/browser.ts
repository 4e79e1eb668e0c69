// The part of the contracts every page of the web app may load: constants and helpers with no
// zod in them (locales, images, profile pictures, reactions, comment limits, invisible
// controls, the password rule). The web app's shell (root.tsx and what it imports) takes values
// only from here: a value import of the whole library would bring every schema, and zod with
// them, into the script every page waits for. apps/web/vite.config.ts fails the build when the
// shell reaches zod. Types may still come from '@mepedia/contracts' (they are erased). Forms and
// pages that validate import the schemas from there.
export * from './feed-limits';
export * from './image-paths';
export * from './invisible-controls';
export * from './locale';
export * from './password-rule';
export * from './profile';
export * from './reaction-names';
export * from './visitor';
export * from './moderation-names';
