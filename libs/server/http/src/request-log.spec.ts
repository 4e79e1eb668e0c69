import { Writable } from 'node:stream';
import { Controller, Get, Module } from '@nestjs/common';
import { createHttpApp } from './bootstrap';
import { createLogger } from './logger';
import { Public } from './route-metadata';

@Controller('things')
class ThingsController {
  @Public()
  @Get(':id')
  one() {
    return { ok: true };
  }
}

@Module({ controllers: [ThingsController] })
class ThingsModule {}

describe('the request log line', () => {
  it('is one JSON line with the service, the request id and the member, and no secrets', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ name: 'standalone', level: 'info', destination });
    const app = await createHttpApp(ThingsModule, { logger: logger.child({ service: 'posts' }) });
    const fastify = app.getHttpAdapter().getInstance();
    // What the identity guard does for a member's call.
    fastify.addHook('onRequest', (request, _reply, done) => {
      if (request.headers['x-test-member'])
        (request as { identity?: unknown }).identity = {
          kind: 'member',
          userId: request.headers['x-test-member'],
        };
      done();
    });
    await app.init();
    try {
      await fastify.inject({
        method: 'GET',
        url: '/things/42?secret=query',
        headers: { 'x-request-id': 'req-1', 'x-test-member': 'member-7', cookie: 's=abc' },
      });
      await fastify.inject({
        method: 'GET',
        url: '/things/43',
        headers: { 'x-request-id': 'req-2' },
      });
    } finally {
      await app.close();
    }
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line['msg'] === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      name: 'standalone',
      service: 'posts',
      requestId: 'req-1',
      memberId: 'member-7',
      method: 'GET',
      url: '/things/42',
      status: 200,
    });
    expect(requests[1]).toMatchObject({ requestId: 'req-2', service: 'posts' });
    expect(requests[1]).not.toHaveProperty('memberId');
    expect(lines.join('')).not.toMatch(/secret=query|s=abc/);
  });
});
