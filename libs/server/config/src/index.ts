export * from './config';
export * from './lifecycle';
