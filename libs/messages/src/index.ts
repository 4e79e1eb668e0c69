export * from './message';
export * from './format';
export * from './catalogue';
export * from './notifications';
export * from './errors';
