import { join } from 'node:path';
import type { Db } from '@mepedia/server-database';
import { defineService } from '@mepedia/server-platform';
import type { MessageBus } from '@mepedia/server-queue';
import { answerAdminRequest } from './admin-commands';
import type { AdminHandler } from './admin-socket';
import { RolesRepository } from './roles.repository';
import { RolesService } from './roles.service';
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

// For npm start (apps/standalone), which holds its PGlite folder and answers the operator's
// command on the folder's socket (docs/moderation.md, "Roles").
export { claimAdminSocket, type AdminSocket } from './admin-socket';

/** The operator's commands, run on this database; a role's change is announced on `bus`. */
export function operatorCommands(db: Db, bus: MessageBus): AdminHandler {
  const roles = new RolesService(new RolesRepository(db), bus);
  return (request) => answerAdminRequest(request.args, request.actor, roles);
}
