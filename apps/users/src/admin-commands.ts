import { MEMBER_ROLES, isMemberRole, type MemberRole } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import type { RoleOutcome, RolesService } from './roles.service';

// The operator's commands (`npm run admin -- ...`, docs/moderation.md): parsed and answered here,
// wherever they run (the command's own process on PostgreSQL or PGlite, or the running
// standalone process that owns the PGlite folder, through its socket).

/** How the command ends: scripts and Kubernetes Jobs branch on it. */
export const ADMIN_EXIT = {
  /** Done, or nothing to change (the role was already granted, or was not held). */
  ok: 0,
  /** Something went wrong (the database, the running process): the message says what. */
  failed: 1,
  /** The command itself is wrong: unknown command or role, an argument missing or extra. */
  usage: 2,
  /** No member has that email, or the account has not finished verifying. */
  noSuchMember: 3,
} as const;

export type AdminCommand =
  | { name: 'grant' | 'revoke'; role: MemberRole; email: string }
  | { name: 'list' }
  | { name: 'audit'; limit: number }
  | { name: 'help' };

/**
 * What the command prints and how it exits. `retry`: the process holding the folder is not ready
 * to answer yet (still starting): the command asks again.
 */
export type AdminResult = { exitCode: number; stdout: string; stderr: string; retry?: true };

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [--by <name>]

  grant <role> <email>     give the member with this email a role (${MEMBER_ROLES.join(', ')})
  revoke <role> <email>    take the role away
  list                     who holds which role
  audit [--limit <n>]      the latest grants and revokes, newest first (20 unless told)

  --by <name>              who you are, for the audit (default: your user name on this machine)

An admin may do all a moderator may. Exit codes: 0 done (or nothing to change), 1 failed,
2 a wrong command, 3 no such member (or not yet verified). docs/moderation.md says more.`;

const usage = (problem: string): AdminResult => ({
  exitCode: ADMIN_EXIT.usage,
  stdout: '',
  stderr: `${problem}\n\n${ADMIN_USAGE}\n`,
});

/** The command line's options (`--by`), and what is left. */
export function splitOptions(args: readonly string[]): {
  by: string | undefined;
  rest: string[];
  problem?: string;
} {
  const rest: string[] = [];
  let by: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--by') {
      const value = args[++i];
      if (!value || value.startsWith('--'))
        return { by, rest, problem: '--by needs a name (who you are, for the audit)' };
      by = value;
    } else if (arg.startsWith('--by=')) by = arg.slice('--by='.length);
    else rest.push(arg);
  }
  if (by !== undefined && !/^[\w.@+-]{1,64}$/.test(by))
    return { by, rest, problem: '--by: letters, digits and . _ @ + - only, at most 64' };
  return { by, rest };
}

/** The command, or the usage error to print. */
export function parseAdminCommand(args: readonly string[]): AdminCommand | AdminResult {
  const [name, ...rest] = args;
  switch (name) {
    case undefined:
      return usage('No command given.');
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' };
    case 'grant':
    case 'revoke': {
      const [role, email, ...extra] = rest;
      const example = `npm run admin -- ${name} moderator <email>`;
      if (role === undefined) return usage(`Missing the role and the email: ${example}`);
      if (!isMemberRole(role))
        return usage(`Unknown role "${role}": the roles are ${MEMBER_ROLES.join(' and ')}.`);
      if (email === undefined) return usage(`Missing the email: ${example}`);
      if (!email.includes('@')) return usage(`"${email}" is not an email address.`);
      if (extra.length > 0) return usage(`Unexpected: ${extra.join(' ')}`);
      return { name, role, email };
    }
    case 'list':
      return rest.length > 0 ? usage(`Unexpected: ${rest.join(' ')}`) : { name };
    case 'audit': {
      if (rest.length === 0) return { name, limit: 20 };
      const [flag, value, ...extra] = rest;
      const limit = Number(value);
      if (flag !== '--limit' || !Number.isInteger(limit) || limit < 1 || limit > 1000)
        return usage('audit takes --limit <n> (1 to 1000) or nothing.');
      if (extra.length > 0) return usage(`Unexpected: ${extra.join(' ')}`);
      return { name, limit };
    }
    default:
      return usage(`Unknown command "${name}".`);
  }
}

const done = (stdout: string): AdminResult => ({
  exitCode: ADMIN_EXIT.ok,
  stdout: `${stdout}\n`,
  stderr: '',
});

/** Lines as columns, each as wide as its widest cell. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...rows.map((row) => row[i]!.length)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const rolesWord = (roles: readonly MemberRole[]) => (roles.length > 0 ? roles.join(', ') : 'none');
const minute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function describeChange(outcome: RoleOutcome, action: 'grant' | 'revoke'): string {
  const { email, role, roles } = outcome;
  if (action === 'grant')
    return outcome.changed
      ? `Granted ${role} to ${email} (roles now: ${rolesWord(roles)}). It holds from their next request; no need to sign in again.`
      : `${email} is already ${role === 'admin' ? 'an' : 'a'} ${role}: nothing changed.`;
  const still =
    role === 'moderator' && roles.includes('admin')
      ? ` They are still an admin, which includes moderating.`
      : '';
  return outcome.changed
    ? `Revoked ${role} from ${email} (roles now: ${rolesWord(roles)}).${still}`
    : `${email} is not ${role === 'admin' ? 'an' : 'a'} ${role}: nothing changed.${still}`;
}

/** Run a parsed command as `actor` (the audit's "by"). */
export async function runAdminCommand(
  command: AdminCommand,
  roles: RolesService,
  actor: string,
): Promise<AdminResult> {
  try {
    switch (command.name) {
      case 'help':
        return done(ADMIN_USAGE);
      case 'grant':
      case 'revoke': {
        const outcome = await roles[command.name](command.email, command.role, actor);
        return done(describeChange(outcome, command.name));
      }
      case 'list': {
        const holders = await roles.holders();
        if (holders.length === 0) return done('No member holds a role.');
        return done(
          table(
            ['ROLE', 'EMAIL', 'NAME', 'GRANTED', 'BY'],
            holders.map((h) => [h.role, h.email, h.fullname, minute(h.grantedAt), h.grantedBy]),
          ),
        );
      }
      case 'audit': {
        const changes = await roles.recentChanges(command.limit);
        if (changes.length === 0) return done('No role was ever granted or revoked.');
        return done(
          table(
            ['WHEN', 'ACTION', 'ROLE', 'MEMBER', 'BY'],
            changes.map((c) => [
              minute(c.at),
              c.action,
              c.role,
              c.email ?? '(account deleted)',
              c.actor,
            ]),
          ),
        );
      }
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'USER_NOT_FOUND' && 'email' in command)
      return {
        exitCode: ADMIN_EXIT.noSuchMember,
        stdout: '',
        stderr: `No member has the email ${command.email}.\n`,
      };
    if (error instanceof AppError && error.code === 'USER_NOT_VERIFIED' && 'email' in command)
      return {
        exitCode: ADMIN_EXIT.noSuchMember,
        stdout: '',
        stderr: `${command.email} has not finished verifying their account: roles are for verified members.\n`,
      };
    throw error;
  }
}

/** A command line as the running process receives it: parsed again, never trusted. */
export async function answerAdminRequest(
  args: readonly string[],
  actor: string,
  roles: RolesService,
): Promise<AdminResult> {
  const command = parseAdminCommand(args);
  return 'exitCode' in command ? command : runAdminCommand(command, roles, actor);
}
