// The query-key factories and query options, one module per domain (users, posts, reactions, a
// discussion): a page and its loader read the same definitions, so the server's fetch seeds the
// browser's cache under the same keys. Only the pages that keep a query cache import this
// (docs/web.md, "Bundle discipline").
export * from './queries/blocks';
export * from './queries/circles';
export * from './queries/discussion';
export * from './queries/follows';
export * from './queries/following-posts';
export * from './queries/notifications';
export * from './queries/me-answers';
export * from './queries/moderation';
export * from './queries/post-drafts';
export * from './queries/post-edits';
export * from './queries/posts';
export * from './queries/private-questions';
export * from './queries/profiles';
export * from './queries/reactions';
export * from './queries/search';
export * from './queries/stale';
export * from './queries/users';
