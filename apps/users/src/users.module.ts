import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import type { ServicePlatform } from '@mepedia/server-platform';
import { OutboxRelay } from '@mepedia/server-queue';
import { InternalController } from './internal.controller';
import { LocalStrategy } from './local.strategy';
import { PasswordHasher } from './passwords';
import { SessionsService } from './sessions.service';
import { UsersController } from './users.controller';
import { USERS_OPTIONS } from './users.options';
import { UsersRepository } from './users.repository';
import { outbox } from './users.schema';
import { UsersService } from './users.service';

export const USERS_SERVICE_NAME = 'users';

@Injectable()
class RelayLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(OutboxRelay) private readonly relay: OutboxRelay) {}
  onApplicationBootstrap() {
    this.relay.start();
  }
  async onApplicationShutdown() {
    await this.relay.stop();
  }
}

@Module({})
export class UsersModule {
  static register(platform: ServicePlatform): DynamicModule {
    const repository = new UsersRepository(platform.database.db);
    const relay = new OutboxRelay(
      platform.database.db,
      outbox,
      platform.queue,
      USERS_SERVICE_NAME,
      (error) => platform.logger.error({ err: error }, 'outbox relay failed'),
    );
    const sessions = new SessionsService(repository, platform.bus);
    const users = new UsersService(repository, new PasswordHasher(), sessions, () => relay.nudge());
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: UsersModule,
      imports: [
        PassportModule,
        IdentityModule.forService(USERS_SERVICE_NAME, platform.identityPublicKey),
      ],
      controllers: [UsersController, InternalController, HealthController],
      providers: [
        { provide: USERS_OPTIONS, useValue: { production: platform.production } },
        { provide: UsersRepository, useValue: repository },
        { provide: SessionsService, useValue: sessions },
        { provide: UsersService, useValue: users },
        { provide: OutboxRelay, useValue: relay },
        { provide: READINESS_CHECKS, useValue: readiness },
        LocalStrategy,
        RelayLifecycle,
      ],
    };
  }
}
