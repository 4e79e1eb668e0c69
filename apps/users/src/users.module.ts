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

const EXPIRED_SESSION_SWEEP_MS = 60 * 60 * 1000;

/** Background work of the service: the outbox relay, and sweeping expired sessions hourly. */
@Injectable()
class UsersLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(UsersRepository) private readonly repository: UsersRepository,
  ) {}

  onApplicationBootstrap() {
    this.relay.start();
    this.sweep = setInterval(() => {
      this.repository.deleteExpiredSessions(new Date()).catch(() => undefined);
    }, EXPIRED_SESSION_SWEEP_MS);
    this.sweep.unref();
  }

  async onApplicationShutdown() {
    clearInterval(this.sweep);
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
        UsersLifecycle,
      ],
    };
  }
}
