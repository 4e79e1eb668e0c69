export * from './client';
// The query definitions are '@mepedia/web-api/queries': only the pages that keep a query cache
// load the query library (docs/web.md, "Bundle discipline").
