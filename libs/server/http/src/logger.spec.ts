import { Writable } from 'node:stream';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger({ name: 'test', level: 'info', destination }) };
}

describe(createLogger.name, () => {
  it('never writes passwords, tokens, codes, cookies or identity assertions', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        password: 'hunter2-pass',
        body: { newPassword: 'n3w-pass', token: 'reset-token', verifyCode: '123456' },
        req: {
          headers: {
            cookie: 'mepedia_session=abc',
            'x-mepedia-identity': 'signed.assertion',
            authorization: 'Bearer x',
          },
        },
      },
      'something happened',
    );
    const output = lines.join('');
    for (const secret of [
      'hunter2-pass',
      'n3w-pass',
      'reset-token',
      '123456',
      'mepedia_session=abc',
      'signed.assertion',
      'Bearer x',
    ]) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[redacted]');
    expect(JSON.parse(output)).toMatchObject({ name: 'test', msg: 'something happened' });
  });
});
