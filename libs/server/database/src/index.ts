export * from './audience';
export * from './circles';
export * from './blocks';
export * from './database';
export * from './ids';
export * from './migrations';
export * from './moderated-items';
export * from './subjects';
export { pgliteTemplateFile } from './pglite-template';
