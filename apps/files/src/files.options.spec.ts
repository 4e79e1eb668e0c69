import { ConfigError } from '@mepedia/server-config';
import { loadFilesOptions } from './files.options';

describe(loadFilesOptions.name, () => {
  it('keeps images on local disk under DATA_DIR without a bucket, or in FILES_DIR', () => {
    expect(loadFilesOptions({})).toEqual({ storage: { kind: 'disk', directory: '.data/files' } });
    expect(loadFilesOptions({ DATA_DIR: '/var/mepedia' })).toEqual({
      storage: { kind: 'disk', directory: '/var/mepedia/files' },
    });
    expect(loadFilesOptions({ DATA_DIR: '/var/mepedia', FILES_DIR: '/srv/images' })).toEqual({
      storage: { kind: 'disk', directory: '/srv/images' },
    });
    expect(loadFilesOptions({ DATA_DIR: 'memory://' })).toEqual({
      storage: { kind: 'memory' },
    });
  });

  it('uses S3 when S3_BUCKET is set, with the SDK’s credentials unless both keys are given', () => {
    expect(loadFilesOptions({ S3_BUCKET: 'mepedia-images' })).toEqual({
      storage: {
        kind: 's3',
        bucket: 'mepedia-images',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        credentials: undefined,
      },
    });
    expect(
      loadFilesOptions({
        S3_BUCKET: 'images',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      storage: {
        kind: 's3',
        bucket: 'images',
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      },
    });
  });

  it('refuses half a key pair and a bad endpoint, without echoing values', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadFilesOptions(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).message;
      }
      throw new Error('accepted');
    };
    const half = problems({ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'AKIA-secret-id' });
    expect(half).toContain('S3_SECRET_ACCESS_KEY');
    expect(half).not.toContain('AKIA-secret-id');
    expect(problems({ S3_BUCKET: 'images', S3_ENDPOINT: 'ftp://x' })).toContain('S3_ENDPOINT');
    expect(problems({ S3_BUCKET: 'Bad_Bucket' })).toContain('S3_BUCKET');
  });
});
