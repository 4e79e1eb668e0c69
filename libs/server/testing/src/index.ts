export * from './http';
export * from './identity';
export * from './members';
export * from './test-database';
export * from './test-redis';
export * from './processes';
export * from './fake-providers';
export * from './dev-outbox';
