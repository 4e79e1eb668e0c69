import { Body, Controller, Module, Post } from '@nestjs/common';
import { createHttpApp } from './bootstrap';
import { parseJsonBody } from './json-body';
import { createLogger } from './logger';
import { Public } from './route-metadata';

@Controller('echo')
class EchoController {
  @Public()
  @Post()
  echo(@Body() body: unknown) {
    return { body };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const BOM = '\uFEFF';
const bodies: Array<[string, string]> = [
  ['plain', '{"email":"a@example.com"}'],
  ['a byte-order mark', `${BOM}{"email":"a@example.com"}`],
  ['whitespace and escapes', ' \r\n{"\\u0065mail" : "a\\u0040example.com"}\t'],
];
const refused: Array<[string, string]> = [
  ['empty', ''],
  ['two byte-order marks', `${BOM}${BOM}{}`],
  ['a __proto__ key', '{"__proto__":{"admin":true}}'],
  ['a constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
  ['not JSON', '{"email":'],
];

describe('a JSON body, read one way by the services and the gateway', () => {
  it.each(bodies)('reads %s', (_name, text) => {
    expect(parseJsonBody(Buffer.from(text, 'utf8'))).toEqual({ email: 'a@example.com' });
  });

  it.each(refused)('refuses %s as INVALID_JSON', (_name, text) => {
    expect(() => parseJsonBody(Buffer.from(text, 'utf8'))).toThrow(
      expect.objectContaining({ code: 'INVALID_JSON' }),
    );
  });

  it('is what a service parses its bodies with', async () => {
    const logger = createLogger({ name: 'test', level: 'silent' });
    const app = await createHttpApp(EchoModule, { logger });
    await app.init();
    const fastify = app.getHttpAdapter().getInstance();
    try {
      for (const [, text] of bodies) {
        const answer = await fastify.inject({
          method: 'POST',
          url: '/echo',
          headers: { 'content-type': 'application/json; charset=utf-8' },
          payload: Buffer.from(text, 'utf8'),
        });
        expect(answer.json()).toEqual({ body: { email: 'a@example.com' } });
      }
      for (const [, text] of refused) {
        const answer = await fastify.inject({
          method: 'POST',
          url: '/echo',
          headers: { 'content-type': 'application/json' },
          payload: Buffer.from(text, 'utf8'),
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toMatchObject({ code: 'INVALID_JSON' });
      }
    } finally {
      await app.close();
    }
  });
});
