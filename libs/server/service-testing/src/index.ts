export * from './test-database';
export * from './test-service';
