import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { UsersModule } from './users.module';
import { loadUsersOptions } from './users.options';

/** The users service: members' accounts, sessions, verification and the people directory. */
export const usersService = defineService({
  name: 'users',
  migrations: { folder: join(__dirname, 'migrations') },
  loadOptions: loadUsersOptions,
  module: (platform, options) => UsersModule.register(platform, options),
});

/** Migrate, then build the users app (not yet listening). */
export const createUsersApp = usersService.createApp;
