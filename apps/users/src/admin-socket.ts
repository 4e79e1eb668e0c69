import { chmodSync, mkdirSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { relative, resolve } from 'node:path';
import { ConfigError } from '@mepedia/server-config';
import { ADMIN_EXIT, type AdminResult } from './admin-commands';

// ---------------------------------------------------------------------------
// ONE PROCESS PER PGLITE FOLDER. PGlite is PostgreSQL in this process: two processes opening
// the same folder corrupt it. The process that opens a folder first listens on a Unix socket in
// it, <DATA_DIR>/admin.sock (mode 0600: its owner only), and keeps it until it closes the
// folder; binding fails while another process listens, so the socket is the folder's lock.
// `npm start` holds it while it runs and answers the operator's commands on it (the admin
// command asks there first); the admin command holds it while it opens the folder itself.
// ---------------------------------------------------------------------------

export const ADMIN_SOCKET_FILE = 'admin.sock';

/** What the admin command sends: its command line and who runs it (for the audit). */
export type AdminRequest = { args: string[]; actor: string };
export type AdminHandler = (request: AdminRequest) => Promise<AdminResult>;

/** A Unix socket's path may not be longer than this (108 bytes with its NUL on Linux). */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = 16 * 1024;
const IDLE_MS = 10_000;

/**
 * Another process has the folder open (its socket answers). A configuration problem, so the
 * process stops with the message alone (runMain).
 */
export class DataDirBusyError extends ConfigError {
  constructor(readonly dataDir: string) {
    super('mepedia', [
      `DATA_DIR: another Mepedia process (npm start, or npm run admin) has ${dataDir} open. Stop it first, or give this process its own DATA_DIR: two processes must never open one PGlite folder.`,
    ]);
    this.name = 'DataDirBusyError';
  }
}

/** The admin socket of a PGlite data folder, as this process can name it (short enough). */
export function adminSocketPath(dataDir: string): string {
  const absolute = resolve(dataDir, ADMIN_SOCKET_FILE);
  if (Buffer.byteLength(absolute) <= MAX_SOCKET_PATH) return absolute;
  const near = relative(process.cwd(), absolute);
  if (Buffer.byteLength(near) <= MAX_SOCKET_PATH) return near;
  throw new Error(
    `DATA_DIR ${dataDir} is too deep for its admin socket (${absolute}): use a shorter path`,
  );
}

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;

const listen = (server: Server, path: string) =>
  new Promise<void>((resolveListen, reject) => {
    const failed = (error: Error) => {
      server.off('listening', listening);
      reject(error);
    };
    const listening = () => {
      server.off('error', failed);
      resolveListen();
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen(path);
  });

/** Whether a process listens at `path` (a socket file left by one that died answers no). */
const answering = (path: string) =>
  new Promise<boolean>((resolveProbe) => {
    const socket = connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolveProbe(true);
    });
    socket.once('error', () => resolveProbe(false));
  });

export type AdminSocket = {
  readonly path: string;
  /** Answer requests with `handler` (until then they are told the process is starting). */
  serve(handler: AdminHandler): void;
  /** Stop listening and remove the socket: the folder is free. */
  close(): Promise<void>;
};

/**
 * Claim the PGlite folder `dataDir` for this process: listen on its admin socket. A socket file
 * nobody answers on (a process that died) is removed and bound again; one that answers is
 * another process's, and this one waits for it to go up to `waitMs`, then DataDirBusyError.
 */
export async function claimAdminSocket(
  dataDir: string,
  options: { waitMs?: number; onError?: (error: unknown) => void } = {},
): Promise<AdminSocket> {
  const path = adminSocketPath(dataDir);
  mkdirSync(resolve(dataDir), { recursive: true });
  let handler: AdminHandler | undefined;
  const server = createServer((socket) => void answer(socket, () => handler, options.onError));
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    try {
      await listen(server, path);
      break;
    } catch (error) {
      if (errorCode(error) !== 'EADDRINUSE') throw error;
      if (!(await answering(path))) {
        // Left by a process that died: free.
        try {
          unlinkSync(path);
        } catch (unlinkError) {
          if (errorCode(unlinkError) !== 'ENOENT') throw unlinkError;
        }
        continue;
      }
      if (Date.now() >= deadline) throw new DataDirBusyError(dataDir);
      await new Promise((wait) => setTimeout(wait, 250));
    }
  }
  // Created under the umask (others may not write, so cannot connect); now the owner's alone.
  chmodSync(path, 0o600);
  let closed: Promise<void> | undefined;
  return {
    path,
    serve: (next) => {
      handler = next;
    },
    close: () =>
      (closed ??= new Promise<void>((resolveClose) => {
        // Node removes the socket file as the server closes.
        server.close(() => resolveClose());
      })),
  };
}

const starting: AdminResult = {
  exitCode: ADMIN_EXIT.failed,
  stdout: '',
  stderr: 'Mepedia is still starting: try again in a moment.\n',
  retry: true,
};

function parseRequest(text: string): AdminRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { args, actor } = (value ?? {}) as { args?: unknown; actor?: unknown };
  if (
    !Array.isArray(args) ||
    args.length > 32 ||
    !args.every((arg): arg is string => typeof arg === 'string' && arg.length <= 320) ||
    typeof actor !== 'string' ||
    actor.length === 0 ||
    actor.length > 200
  )
    return undefined;
  return { args, actor };
}

/** One connection: one request line in, one answer line out. */
async function answer(
  socket: Socket,
  handlerOf: () => AdminHandler | undefined,
  onError: ((error: unknown) => void) | undefined,
): Promise<void> {
  socket.setTimeout(IDLE_MS, () => socket.destroy());
  socket.on('error', () => undefined);
  let received = '';
  const line = await new Promise<string | undefined>((resolveLine) => {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end >= 0) resolveLine(received.slice(0, end));
      else if (received.length > MAX_REQUEST_BYTES) resolveLine(undefined);
    });
    socket.on('end', () => resolveLine(undefined));
    socket.on('close', () => resolveLine(undefined));
  });
  const request = line === undefined ? undefined : parseRequest(line);
  let result: AdminResult;
  if (!request)
    result = { exitCode: ADMIN_EXIT.usage, stdout: '', stderr: 'Not an admin request.\n' };
  else {
    const handler = handlerOf();
    try {
      result = handler ? await handler(request) : starting;
    } catch (error) {
      onError?.(error);
      result = {
        exitCode: ADMIN_EXIT.failed,
        stdout: '',
        stderr: `The running process could not run the command: ${error instanceof Error ? error.message : String(error)}\n`,
      };
    }
  }
  if (!socket.destroyed) socket.end(`${JSON.stringify(result)}\n`);
}

/**
 * Ask the process holding `dataDir` to run a command: its answer, or 'absent' when no process
 * listens there (no socket, or one left by a process that died).
 */
export function askAdminSocket(
  dataDir: string,
  request: AdminRequest,
  timeoutMs = 60_000,
): Promise<AdminResult | 'absent'> {
  const path = adminSocketPath(dataDir);
  return new Promise((resolveAnswer, reject) => {
    const socket = connect(path);
    let connected = false;
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`the running process did not answer within ${timeoutMs / 1000} s`));
    });
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (received += chunk));
    socket.once('error', (error) => {
      const code = errorCode(error);
      if (!connected && (code === 'ENOENT' || code === 'ECONNREFUSED')) resolveAnswer('absent');
      else reject(new Error(`cannot reach the running process at ${path}: ${error.message}`));
    });
    socket.once('end', () => {
      try {
        const result = JSON.parse(received.trim()) as AdminResult;
        if (typeof result.exitCode !== 'number') throw new Error('no exit code');
        resolveAnswer(result);
      } catch {
        reject(new Error('the running process answered something that is not an answer'));
      }
    });
  });
}
