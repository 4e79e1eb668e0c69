import 'reflect-metadata';
import { hostname, userInfo } from 'node:os';
import { loadConfig, platformEnv, runMain } from '@mepedia/server-config';
import { openDatabase, runMigrations, type DatabaseHandle } from '@mepedia/server-database';
import { openBus } from '@mepedia/server-platform';
import { InProcessBus, type MessageBus } from '@mepedia/server-queue';
import { z } from 'zod';
import {
  ADMIN_EXIT,
  ADMIN_USAGE,
  answerAdminRequest,
  parseAdminCommand,
  runAdminCommand,
  splitOptions,
  type AdminCommand,
  type AdminResult,
} from './admin-commands';
import {
  askAdminSocket,
  claimAdminSocket,
  DataDirBusyError,
  type AdminSocket,
} from './admin-socket';
import { RolesRepository } from './roles.repository';
import { operatorActor, RolesService } from './roles.service';
import { usersService } from './users.app';

// The operator's command (docs/moderation.md, "Roles"): `npm run admin -- grant moderator <email>`,
// or in a Kubernetes Job `node dist/apps/users/src/admin.js grant moderator <email>`.
//   DATABASE_URL set: the users schema on PostgreSQL, directly (announcing on Redis when
//                     REDIS_URL is set, so gateways drop the member's cached sessions at once).
//   otherwise:        npm start's PGlite folder (DATA_DIR): through the running process's socket
//                     when one runs, else the command opens the folder itself (nothing runs).

type Env = Record<string, string | undefined>;

/** The operator, for the audit: `cli:<name>@<host>`, the name `--by`'s or this machine's user. */
function operator(by: string | undefined): string {
  let user = by;
  if (!user) {
    try {
      user = userInfo().username;
    } catch {
      // A container's user may have no name (Kubernetes' runAsUser 1000).
      user = `uid${process.getuid?.() ?? 'unknown'}`;
    }
  }
  return operatorActor(user, hostname());
}

/** Roles on an open database, the users schema migrated first (a no-op when it is). */
async function rolesOn(database: DatabaseHandle, bus: MessageBus): Promise<RolesService> {
  await runMigrations(database, usersService.migrations);
  return new RolesService(new RolesRepository(database.db), bus);
}

/** On PostgreSQL: the command runs here; gateways hear of a change on Redis, when configured. */
async function runOnPostgres(command: AdminCommand, actor: string, env: Env): Promise<AdminResult> {
  const config = loadConfig('admin', z.object(platformEnv), env);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: 1,
    applicationName: 'mepedia-admin',
  });
  const bus = openBus(config);
  try {
    return await runAdminCommand(command, await rolesOn(database, bus), actor);
  } finally {
    await bus.close();
    await database.close();
  }
}

/** How long the command waits for a process that is still starting (or another command). */
const WAIT_MS = 90_000;

/**
 * In npm start's folder: the running process answers, or, when none runs, this one claims the
 * folder and opens it (answering other commands on the socket meanwhile: nothing else may).
 */
async function runOnDataDir(
  command: AdminCommand,
  args: string[],
  actor: string,
  env: Env,
  say: (line: string) => void,
): Promise<AdminResult> {
  const { DATA_DIR: dataDir } = loadConfig('admin', z.object(platformEnv), env);
  if (dataDir.startsWith('memory://'))
    return {
      exitCode: ADMIN_EXIT.usage,
      stdout: '',
      stderr: `DATA_DIR=${dataDir} keeps nothing between processes: there is nothing to administer.\n`,
    };
  const deadline = Date.now() + WAIT_MS;
  let told = false;
  for (;;) {
    const answered = await askAdminSocket(dataDir, { args, actor });
    if (answered !== 'absent' && !answered.retry) return answered;
    if (answered === 'absent') {
      let claim: AdminSocket | undefined;
      try {
        claim = await claimAdminSocket(dataDir);
      } catch (error) {
        // Another process claimed it between the two: ask it.
        if (!(error instanceof DataDirBusyError)) throw error;
      }
      if (claim) return await runClaimed(claim, command, actor, dataDir);
    }
    if (Date.now() > deadline)
      throw new Error(
        `the process holding ${dataDir} did not get ready within ${WAIT_MS / 1000} s`,
      );
    if (!told) say(`Waiting for the Mepedia process holding ${dataDir} to get ready…`);
    told = true;
    await new Promise((wait) => setTimeout(wait, 500));
  }
}

async function runClaimed(
  claim: AdminSocket,
  command: AdminCommand,
  actor: string,
  dataDir: string,
): Promise<AdminResult> {
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase({ dataDir });
    // Nothing else has the folder open: nobody to tell of a change.
    const roles = await rolesOn(database, new InProcessBus());
    claim.serve((request) => answerAdminRequest(request.args, request.actor, roles));
    return await runAdminCommand(command, roles, actor);
  } finally {
    // The socket first: commands it is answering finish before the database closes.
    await claim.close();
    await database?.close();
  }
}

/** The command line in, what to print and the exit code out. */
export async function admin(
  argv: readonly string[],
  env: Env = process.env,
  say: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<AdminResult> {
  const options = splitOptions(argv);
  if (options.problem)
    return {
      exitCode: ADMIN_EXIT.usage,
      stdout: '',
      stderr: `${options.problem}\n\n${ADMIN_USAGE}\n`,
    };
  const parsed = parseAdminCommand(options.rest);
  if ('exitCode' in parsed) return parsed;
  if (parsed.name === 'help')
    return { exitCode: ADMIN_EXIT.ok, stdout: `${ADMIN_USAGE}\n`, stderr: '' };
  const actor = operator(options.by);
  try {
    return env['DATABASE_URL']
      ? await runOnPostgres(parsed, actor, env)
      : await runOnDataDir(parsed, options.rest, actor, env, say);
  } catch (error) {
    return {
      exitCode: ADMIN_EXIT.failed,
      stdout: '',
      stderr: `${error instanceof Error ? error.message : String(error)}\n`,
    };
  }
}

if (require.main === module)
  runMain(async () => {
    const result = await admin(process.argv.slice(2));
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exitCode = result.exitCode;
  });
