import { join } from 'node:path';
import { envBoolean, envUrl, loadConfig } from '@mepedia/server-config';
import { z } from 'zod';
import type { S3StorageOptions } from './s3-storage';

/**
 * Local disk in `directory`; the process's memory (beside a throw-away database,
 * `DATA_DIR=memory://`: nothing on disk, ever); or an S3 bucket.
 */
export type FilesStorageOptions =
  { kind: 'disk'; directory: string } | { kind: 'memory' } | ({ kind: 's3' } & S3StorageOptions);

export type FilesOptions = { storage: FilesStorageOptions };

export const filesEnv = z
  .object({
    /** Where embedded data lives (PGlite's too); the files go under `<DATA_DIR>/files` by default. */
    DATA_DIR: z.string().default('./.data'),
    /** The images' directory when no bucket is set. */
    FILES_DIR: z.string().optional(),
    /** Set: images go to this S3 bucket (services mode); unset: to FILES_DIR on local disk. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    /** An S3-compatible endpoint (MinIO, R2...); unset: AWS. */
    S3_ENDPOINT: envUrl(['http', 'https']).optional(),
    /** The bucket's region. */
    S3_REGION: z.string().default('us-east-1'),
    /** Set with S3_SECRET_ACCESS_KEY, or neither: then the AWS SDK finds credentials itself (instance or pod identity). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    /** The secret of S3_ACCESS_KEY_ID. */
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** `true` for servers that take the bucket in the path (MinIO, s3rver). */
    S3_FORCE_PATH_STYLE: envBoolean(false),
  })
  .refine(
    (env) => (env.S3_ACCESS_KEY_ID === undefined) === (env.S3_SECRET_ACCESS_KEY === undefined),
    {
      path: ['S3_SECRET_ACCESS_KEY'],
      message:
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or neither, for the SDK’s own chain)',
    },
  );

/** The files service's own settings, from the environment (checked at boot). */
export function loadFilesOptions(
  env: Record<string, string | undefined> = process.env,
): FilesOptions {
  const config = loadConfig('files', filesEnv, env);
  if (config.S3_BUCKET === undefined) {
    if (config.FILES_DIR !== undefined)
      return { storage: { kind: 'disk', directory: config.FILES_DIR } };
    // A throw-away database (memory://) gets throw-away images.
    if (config.DATA_DIR.startsWith('memory://')) return { storage: { kind: 'memory' } };
    return { storage: { kind: 'disk', directory: join(config.DATA_DIR, 'files') } };
  }
  return {
    storage: {
      kind: 's3',
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID !== undefined && config.S3_SECRET_ACCESS_KEY !== undefined
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    },
  };
}
