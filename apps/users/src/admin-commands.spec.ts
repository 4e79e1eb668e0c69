import { AppError } from '@mepedia/server-http';
import {
  ADMIN_EXIT,
  answerAdminRequest,
  parseAdminCommand,
  runAdminCommand,
  splitOptions,
} from './admin-commands';
import type { RoleChange, RoleHolder } from './roles.repository';
import type { RoleOutcome, RolesService } from './roles.service';

/** A RolesService answering what the test says, recording what it was asked. */
function fakeRoles(answers: {
  change?: (email: string) => RoleOutcome;
  holders?: RoleHolder[];
  changes?: RoleChange[];
}) {
  const asked: unknown[][] = [];
  const change = (name: string) => async (email: string, role: string, actor: string) => {
    asked.push([name, email, role, actor]);
    if (!answers.change) throw new Error('not expected');
    return answers.change(email);
  };
  const roles = {
    grant: change('grant'),
    revoke: change('revoke'),
    holders: async () => answers.holders ?? [],
    recentChanges: async (limit: number) => (answers.changes ?? []).slice(0, limit),
  } as unknown as RolesService;
  return { roles, asked };
}

const outcome = (changed: boolean, roles: RoleOutcome['roles']): RoleOutcome => ({
  userId: '0190a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b',
  email: 'ada@example.com',
  role: 'moderator',
  changed,
  roles,
});

describe(parseAdminCommand.name, () => {
  it('reads grant, revoke, list and audit', () => {
    expect(parseAdminCommand(['grant', 'moderator', 'ada@example.com'])).toEqual({
      name: 'grant',
      role: 'moderator',
      email: 'ada@example.com',
    });
    expect(parseAdminCommand(['revoke', 'admin', 'ada@example.com'])).toMatchObject({
      name: 'revoke',
      role: 'admin',
    });
    expect(parseAdminCommand(['list'])).toEqual({ name: 'list' });
    expect(parseAdminCommand(['audit'])).toEqual({ name: 'audit', limit: 20 });
    expect(parseAdminCommand(['audit', '--limit', '5'])).toEqual({ name: 'audit', limit: 5 });
  });

  it.each([
    [[], /No command given/],
    [['promote', 'ada@example.com'], /Unknown command "promote"/],
    [['grant'], /Missing the role and the email/],
    [['grant', 'moderator'], /Missing the email: npm run admin -- grant moderator <email>/],
    [
      ['grant', 'owner', 'ada@example.com'],
      /Unknown role "owner": the roles are moderator and admin/,
    ],
    [['grant', 'Moderator', 'ada@example.com'], /Unknown role "Moderator"/],
    [['revoke', 'moderator', 'ada'], /"ada" is not an email address/],
    [['grant', 'moderator', 'ada@example.com', 'grace@example.com'], /Unexpected: grace@/],
    [['list', 'all'], /Unexpected: all/],
    [['audit', '--limit', 'many'], /audit takes --limit <n>/],
  ])('refuses %j with the usage and exit code 2', (args, message) => {
    const result = parseAdminCommand(args);
    expect(result).toMatchObject({ exitCode: ADMIN_EXIT.usage, stdout: '' });
    const { stderr } = result as { stderr: string };
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/Usage: npm run admin -- <command>/);
  });
});

describe(splitOptions.name, () => {
  it('takes --by out of the command line, wherever it is', () => {
    expect(splitOptions(['--by', 'ada', 'list'])).toEqual({ by: 'ada', rest: ['list'] });
    expect(splitOptions(['list', '--by=grace'])).toEqual({ by: 'grace', rest: ['list'] });
    expect(splitOptions(['list'])).toEqual({ by: undefined, rest: ['list'] });
    expect(splitOptions(['list', '--by']).problem).toMatch(/--by needs a name/);
    expect(splitOptions(['list', '--by', 'a b;rm']).problem).toMatch(/letters, digits/);
  });
});

describe(runAdminCommand.name, () => {
  it('grants, and says so; granting twice changes nothing and says that', async () => {
    const { roles, asked } = fakeRoles({ change: () => outcome(true, ['moderator']) });
    const result = await runAdminCommand(
      { name: 'grant', role: 'moderator', email: 'ada@example.com' },
      roles,
      'cli:ops@host',
    );
    expect(asked).toEqual([['grant', 'ada@example.com', 'moderator', 'cli:ops@host']]);
    expect(result.exitCode).toBe(ADMIN_EXIT.ok);
    expect(result.stdout).toMatch(/^Granted moderator to ada@example.com \(roles now: moderator\)/);
    const twice = await runAdminCommand(
      { name: 'grant', role: 'moderator', email: 'ada@example.com' },
      fakeRoles({ change: () => outcome(false, ['moderator']) }).roles,
      'cli:ops@host',
    );
    expect(twice).toEqual({
      exitCode: ADMIN_EXIT.ok,
      stdout: 'ada@example.com is already a moderator: nothing changed.\n',
      stderr: '',
    });
  });

  it('revokes, and says when an admin still moderates', async () => {
    const { roles } = fakeRoles({ change: () => outcome(true, ['admin']) });
    const result = await runAdminCommand(
      { name: 'revoke', role: 'moderator', email: 'ada@example.com' },
      roles,
      'cli:ops@host',
    );
    expect(result.stdout).toBe(
      'Revoked moderator from ada@example.com (roles now: admin). They are still an admin, which includes moderating.\n',
    );
  });

  it('exits 3 for an unknown email or an account still verifying', async () => {
    const unknown = fakeRoles({
      change: () => {
        throw new AppError('USER_NOT_FOUND');
      },
    });
    expect(
      await runAdminCommand(
        { name: 'grant', role: 'admin', email: 'nobody@example.com' },
        unknown.roles,
        'cli:ops@host',
      ),
    ).toEqual({
      exitCode: ADMIN_EXIT.noSuchMember,
      stdout: '',
      stderr: 'No member has the email nobody@example.com.\n',
    });
    const pending = fakeRoles({
      change: () => {
        throw new AppError('USER_NOT_VERIFIED');
      },
    });
    const result = await runAdminCommand(
      { name: 'grant', role: 'admin', email: 'new@example.com' },
      pending.roles,
      'cli:ops@host',
    );
    expect(result.exitCode).toBe(ADMIN_EXIT.noSuchMember);
    expect(result.stderr).toMatch(/has not finished verifying/);
  });

  it('lists the holders and the audit as columns, and says when there are none', async () => {
    const at = new Date('2026-11-27T09:30:12.000Z');
    const { roles } = fakeRoles({
      holders: [
        {
          userId: 'u1',
          email: 'ada@example.com',
          fullname: 'Ada Lovelace',
          role: 'admin',
          grantedAt: at,
          grantedBy: 'cli:ops@host',
        },
      ],
      changes: [
        {
          id: 'c2',
          userId: null,
          email: null,
          role: 'moderator',
          action: 'revoke',
          actor: 'account-deleted',
          at,
        },
      ],
    });
    const list = await runAdminCommand({ name: 'list' }, roles, 'cli:ops@host');
    expect(list.stdout).toBe(
      [
        'ROLE   EMAIL            NAME          GRANTED               BY',
        'admin  ada@example.com  Ada Lovelace  2026-11-27 09:30 UTC  cli:ops@host',
        '',
      ].join('\n'),
    );
    const audit = await runAdminCommand({ name: 'audit', limit: 5 }, roles, 'cli:ops@host');
    expect(audit.stdout).toMatch(/revoke\s+moderator\s+\(account deleted\)\s+account-deleted/);
    const none = fakeRoles({});
    expect((await runAdminCommand({ name: 'list' }, none.roles, 'x')).stdout).toBe(
      'No member holds a role.\n',
    );
    expect((await runAdminCommand({ name: 'audit', limit: 5 }, none.roles, 'x')).stdout).toBe(
      'No role was ever granted or revoked.\n',
    );
  });
});

describe(answerAdminRequest.name, () => {
  it('parses what a socket brings again, never trusting the sender’s parsing', async () => {
    const { roles, asked } = fakeRoles({});
    const result = await answerAdminRequest(['grant', 'root', 'ada@example.com'], 'cli:x@y', roles);
    expect(result.exitCode).toBe(ADMIN_EXIT.usage);
    expect(asked).toEqual([]);
  });
});
