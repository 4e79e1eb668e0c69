export const USERS_OPTIONS = Symbol('USERS_OPTIONS');
export type UsersOptions = { production: boolean };
