import { Controller, Get, Module } from '@nestjs/common';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { Public } from '@mepedia/server-http';
import { IdentityModule } from './identity.module';
import { generateIdentityKeys } from './assertion';

@Controller('audited')
class DecidedController {
  @Public()
  @Get('open')
  open() {
    return 'ok';
  }
}

@Controller('forgotten')
class UndecidedController {
  @Public()
  @Get('open')
  open() {
    return 'ok';
  }

  @Get('oops')
  oops() {
    return 'no decision';
  }
}

@Module({ controllers: [DecidedController] })
class DecidedModule {}

@Module({ controllers: [UndecidedController] })
class UndecidedModule {}

describe('the auth decision audit', () => {
  const key = generateIdentityKeys().publicKey;

  it('boots when every route states who may call it', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [DecidedModule, IdentityModule.forService('test', key)],
    }).compile();
    const app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    await expect(app.init()).resolves.toBeDefined();
    await app.close();
  });

  it('refuses to boot when a route has no auth decision', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [UndecidedModule, IdentityModule.forService('test', key)],
    }).compile();
    const app = moduleRef.createNestApplication(new FastifyAdapter(), { logger: false });
    await expect(app.init()).rejects.toThrow(
      'Routes without an auth decision (add @Public(), @MembersOnly(), @ModeratorsOnly(), @AdminsOnly() or @ServiceOnly(), or bind it with @Endpoint): UndecidedController.oops',
    );
  });
});
