export * from './platform';
export * from './background';
export * from './service-app';
export * from './domain-events';
export * from './subjects';
export * from './service-kit';
export * from './review-holds';
