export * from './subject-audiences';
export * from './test-database';
export * from './test-service';
export * from './unit-fakes';
