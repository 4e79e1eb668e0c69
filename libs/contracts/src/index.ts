export * from './errors';
export * from './events';
export * from './locale';
export * from './routes';
export * from './users';
export * from './validation';
export * from './jobs';
