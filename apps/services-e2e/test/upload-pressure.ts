import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

/** A process's resident memory now, in MB (Linux: /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

/** Samples a process's resident memory every `everyMs` until stopped: the highest seen. */
export function sampleResident(pid: number, everyMs = 100) {
  let peak = residentMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, residentMb(pid));
    } catch {
      // The process is gone; the drill's own checks say so.
    }
  }, everyMs);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

/**
 * A stand-in for every service: drains each body and answers 200 (sessions: none), so the
 * gateway's own memory is all that is measured.
 */
export async function standInServices(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = req.url === '/internal/sessions/resolve' ? '{"session":null}' : '{"ok":true}';
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type UploadOutcome = {
  /** The answer's status (0: none before the connection ended). */
  status: number;
  /** Body bytes the client got to write before the answer or the end. */
  sent: number;
};

/**
 * One upload of `length` bytes over a raw connection, as a client that does not read before it
 * has sent (a script): headers, then the body in 64 KiB writes as the socket takes them. With
 * `stallAfter`, it stops writing after that many bytes and holds the connection until `release`
 * resolves.
 */
export function rawUpload(
  baseUrl: string,
  path: string,
  length: number,
  options: { stallAfter?: number; release?: Promise<void>; headers?: Record<string, string> } = {},
): Promise<UploadOutcome> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    let text = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, sent });
      socket.destroy();
    };
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      // The answer's head is in: the client has what it needs.
      if (text.includes('\r\n\r\n') && !options.stallAfter) finish();
    });
    const boundary = 'mepedia-drill';
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `host: ${url.host}`,
        `content-type: multipart/form-data; boundary=${boundary}`,
        `content-length: ${length}`,
        ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
        '',
        '',
      ].join('\r\n'),
    );
    const chunk = Buffer.alloc(64 * 1024, 7);
    const limit = Math.min(length, options.stallAfter ?? length);
    const pump = () => {
      while (!done && sent < limit) {
        const piece = chunk.subarray(0, Math.min(chunk.length, limit - sent));
        sent += piece.length;
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (!done && options.stallAfter !== undefined)
        void options.release?.then(() => {
          if (!done) {
            const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
            done = true;
            resolve({ status, sent });
            socket.destroy();
          }
        });
    };
    socket.once('connect', pump);
  });
}
