import { z } from 'zod';
import { ConfigError, envBoolean, envPort, loadConfig, platformEnv } from './config';

const schema = z.object({ ...platformEnv, PORT: envPort(3000), FEATURE: envBoolean(false) });

describe(loadConfig.name, () => {
  it('applies defaults, treating empty values as unset', () => {
    const config = loadConfig('test', schema, { PORT: '', FEATURE: 'yes' });
    expect(config).toMatchObject({
      PORT: 3000,
      FEATURE: true,
      NODE_ENV: 'development',
      DATA_DIR: './.data',
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable and never echoes its value', () => {
    let error: unknown;
    try {
      loadConfig('test', schema, {
        PORT: '99999',
        DATABASE_URL: 'http://secret-host/db',
        LOG_LEVEL: 'chatty',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('Invalid configuration for test');
    expect(message).toContain('PORT: must be a TCP port number (0-65535)');
    expect(message).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
    expect(message).toContain('LOG_LEVEL: must be one of');
    expect(message).not.toContain('secret-host');
  });
});
