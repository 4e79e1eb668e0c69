export * from './database';
export * from './ids';
export * from './migrations';
export * from './subjects';
