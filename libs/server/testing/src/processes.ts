import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { PROCESS_READY_TIMEOUT_MS } from './timeouts';

export const REPO_ROOT = resolve(__dirname, '../../../..');

export type RunningProcess = {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** The first capture group of `ready`, once it printed that. */
  match: RegExpMatchArray;
  /** SIGTERM, then wait for the exit code. */
  stop(): Promise<number | null>;
};

/**
 * Start a compiled entry point (`dist/...`) as its own process and wait until it
 * prints a line matching `ready`. Fails with its output if it exits first.
 */
export function startProcess(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = PROCESS_READY_TIMEOUT_MS,
): Promise<RunningProcess> {
  const child = spawn(process.execPath, [resolve(REPO_ROOT, script)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  );
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not become ready in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolveStart({
          child,
          output: () => output,
          match,
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** Run an entry point to its end; for processes expected to refuse to start. */
export function runToExit(
  script: string,
  env: Record<string, string>,
  timeoutMs = PROCESS_READY_TIMEOUT_MS,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCommand(script, [], env, timeoutMs);
}

/** Run an entry point with arguments to its end (a command: `dist/apps/users/src/admin.js list`). */
export function runCommand(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = PROCESS_READY_TIMEOUT_MS,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [resolve(REPO_ROOT, script), ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} still running after ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, stdout, stderr });
    });
  });
}

/** A tiny cookie jar for one browser: remembers Set-Cookie and sends Cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  /** Every Set-Cookie of a response (or one header line). */
  store(source: Headers | string | null): void {
    if (source === null) return;
    if (typeof source !== 'string') {
      for (const line of source.getSetCookie()) this.store(line);
      return;
    }
    const setCookie = source;
    const [pair = ''] = setCookie.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (/max-age=0/i.test(setCookie) || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}
