// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types; this brings ours to every project that compiles this file
/// <reference path="./s3rver.d.ts" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort } from './ports';

export type PrivateS3 = {
  /** What the files service needs to use it. */
  env: Record<string, string>;
  /** Gone: connections to its port are refused. */
  stop(): Promise<void>;
  /** Back on the same port, with what it held. */
  start(): Promise<void>;
  close(): Promise<void>;
};

/**
 * An S3 server on loopback (s3rver) with one bucket, kept in a throw-away folder; it can be
 * stopped and started again on the same port, as a store that goes away and comes back.
 */
export async function startPrivateS3(): Promise<PrivateS3> {
  const directory = mkdtempSync(join(tmpdir(), 'mepedia-drill-s3-'));
  const port = await freePort();
  const bucket = 'mepedia-drill';
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket }],
    });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = undefined;
  };
  await start();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop,
    start,
    close: async () => {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
