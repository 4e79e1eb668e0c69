export * from './assertion';
export * from './auth.guard';
export * from './identity.module';
export * from './session-cookie';
