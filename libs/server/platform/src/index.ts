export * from './platform';
export * from './background';
