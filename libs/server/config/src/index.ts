export * from './config';
export * from './lifecycle';
export * from './metrics';
export * from './tracing';
