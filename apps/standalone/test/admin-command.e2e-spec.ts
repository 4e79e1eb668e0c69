import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SessionUser } from '@mepedia/contracts';
import {
  call,
  PROCESS_TEST_TIMEOUT_MS,
  runCommand,
  runToExit,
  SETUP_TIMEOUT_MS,
  startProcess,
  type RunningProcess,
} from '@mepedia/server-testing';
import { everyRateLimitAt } from '../../gateway/src/gateway.config';
import { newGatewayMember } from './test-standalone';

// `npm run admin` beside `npm start`: the running process owns its PGlite folder, so the command
// talks to it on the folder's socket and the process runs it on its own database; with nothing
// running, the command opens the folder itself. Never two processes on one folder.
describe('npm run admin beside npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-admin-'));
  const env = {
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...everyRateLimitAt(1_000_000),
  };
  let standalone: RunningProcess | undefined;

  const admin = (args: string[]) =>
    runCommand('dist/apps/users/src/admin.js', args, { DATA_DIR: dataDir });

  beforeAll(async () => {
    standalone = await startProcess(
      'dist/apps/standalone/src/main.js',
      env,
      /ready at (http:\/\/\S+)/,
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  it(
    'grants a role through the running process, in force on the member’s next request',
    async () => {
      const url = standalone!.match[1]!;
      const socket = join(dataDir, 'admin.sock');
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);

      const ada = await newGatewayMember(url);
      const session = () =>
        call<SessionUser>(url, 'POST', '/api/users/session', { headers: ada.jar.header() });
      expect((await session()).body).toMatchObject({ id: ada.userId, roles: [] });
      const email = (await session()).body.email;

      const granted = await admin(['grant', 'moderator', email, '--by', 'ada']);
      expect(granted).toMatchObject({ code: 0, stderr: '' });
      expect(granted.stdout).toMatch(`Granted moderator to ${email}`);
      // The process told its gateway at once: no sign-out, no waiting for the session cache.
      expect((await session()).body).toMatchObject({ roles: ['moderator'] });

      const unknown = await admin(['revoke', 'moderator', 'nobody@example.com']);
      expect(unknown).toMatchObject({
        code: 3,
        stderr: 'No member has the email nobody@example.com.\n',
      });
      expect((await admin(['list'])).stdout).toMatch(
        new RegExp(`^moderator\\s+${email.replace(/[.+]/g, '\\$&')}\\s`, 'm'),
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a second process on the folder, and lets the command open it once nothing runs',
    async () => {
      const second = await runToExit('dist/apps/standalone/src/main.js', env);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/DATA_DIR: another Mepedia process .* has .* open/);
      // The first runs on, untouched.
      expect((await call(standalone!.match[1]!, 'GET', '/health/ready')).status).toBe(200);

      expect(await standalone!.stop()).toBe(0);
      standalone = undefined;
      expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false);
      const audit = await admin(['audit']);
      expect(audit.code).toBe(0);
      expect(audit.stdout).toMatch(/grant\s+moderator\s+\S+@\S+\s+cli:ada@/);
      // The command let the folder go too.
      expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
