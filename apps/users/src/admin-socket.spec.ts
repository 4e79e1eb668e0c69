import { existsSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ADMIN_SOCKET_FILE,
  adminSocketPath,
  askAdminSocket,
  claimAdminSocket,
  DataDirBusyError,
  type AdminSocket,
} from './admin-socket';

describe('the admin socket', () => {
  let dataDir: string;
  const open: AdminSocket[] = [];
  const claim = async (options?: Parameters<typeof claimAdminSocket>[1]) => {
    const socket = await claimAdminSocket(dataDir, options);
    open.push(socket);
    return socket;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mepedia-admin-socket-'));
  });
  afterEach(async () => {
    for (const socket of open.splice(0)) await socket.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('is its owner’s alone, and goes when the process lets the folder go', async () => {
    const socket = await claim();
    expect(socket.path).toBe(join(dataDir, ADMIN_SOCKET_FILE));
    const stat = statSync(socket.path);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    await socket.close();
    expect(existsSync(socket.path)).toBe(false);
  });

  it('locks the folder: a second claim is refused while the first holds it', async () => {
    await claim();
    await expect(claimAdminSocket(dataDir)).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(claimAdminSocket(dataDir)).rejects.toThrow(/DATA_DIR: another Mepedia process/);
  });

  it('waits for a holder that lets go, up to the time it is given', async () => {
    const first = await claim();
    setTimeout(() => void first.close(), 300);
    await expect(claim({ waitMs: 5_000 })).resolves.toBeDefined();
  });

  it('takes over a socket file whose process died', async () => {
    // What a killed process leaves: a file nobody listens on.
    writeFileSync(join(dataDir, ADMIN_SOCKET_FILE), '');
    await expect(claim()).resolves.toBeDefined();
    expect(statSync(join(dataDir, ADMIN_SOCKET_FILE)).isSocket()).toBe(true);
  });

  it('answers a request with its handler; asks again later while the holder is starting', async () => {
    const socket = await claim();
    const request = { args: ['list'], actor: 'cli:ada@laptop' };
    expect(await askAdminSocket(dataDir, request)).toMatchObject({ exitCode: 1, retry: true });
    const seen: unknown[] = [];
    socket.serve(async (asked) => {
      seen.push(asked);
      return { exitCode: 0, stdout: 'No member holds a role.\n', stderr: '' };
    });
    expect(await askAdminSocket(dataDir, request)).toEqual({
      exitCode: 0,
      stdout: 'No member holds a role.\n',
      stderr: '',
    });
    expect(seen).toEqual([request]);
  });

  it('says absent when nothing listens, and refuses what is no request', async () => {
    expect(await askAdminSocket(dataDir, { args: ['list'], actor: 'x' })).toBe('absent');
    const socket = await claim();
    socket.serve(async () => ({ exitCode: 0, stdout: 'ran\n', stderr: '' }));
    const answer = await new Promise<string>((resolve) => {
      const client = connect(socket.path);
      let text = '';
      client.setEncoding('utf8');
      client.on('data', (chunk: string) => (text += chunk));
      client.on('end', () => resolve(text));
      client.write('{"args":"list"}\n');
    });
    expect(JSON.parse(answer)).toMatchObject({ exitCode: 2, stderr: 'Not an admin request.\n' });
  });

  it('reports a handler’s failure as the command’s, exit 1', async () => {
    const socket = await claim();
    socket.serve(async () => {
      throw new Error('the database is away');
    });
    expect(await askAdminSocket(dataDir, { args: ['list'], actor: 'x' })).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'The running process could not run the command: the database is away\n',
    });
  });

  it('names a deep folder from here, or says it is too deep', () => {
    const deep = join(dataDir, 'x'.repeat(120));
    expect(() => adminSocketPath(deep)).toThrow(/too deep/);
    expect(adminSocketPath('.data')).toMatch(/\.data\/admin\.sock$/);
  });
});
