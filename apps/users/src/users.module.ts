import { type DynamicModule, Module } from '@nestjs/common';
import { BUS_CHANNELS } from '@mepedia/contracts';
import { PassportModule } from '@nestjs/passport';
import { SESSION_IDLE_SECONDS } from '@mepedia/server-identity';
import {
  everyInterval,
  outboxRelay,
  serviceModule,
  type ServicePlatform,
} from '@mepedia/server-platform';
import { BlockStore } from '@mepedia/server-database';
import { GuestCache } from '@mepedia/server-queue';
import { AuditLog } from './audit-log';
import { InternalController } from './internal.controller';
import { LocalStrategy } from './local.strategy';
import { PasswordService } from './password.service';
import { PasswordHasher } from './passwords';
import { PeopleController } from './people.controller';
import { PeopleRepository } from './people.repository';
import { PeopleService } from './people.service';
import { RestrictionsService } from './restrictions.service';
import { SessionCookies } from './session-cookies';
import { SessionsService } from './sessions.service';
import { UsersController } from './users.controller';
import { usersEventsHandler } from './users.events';
import { UsersMessenger } from './users.messenger';
import { USERS_OPTIONS, type UsersOptions } from './users.options';
import { UsersRepository } from './users.repository';
import { outbox } from './users.schema';
import { UsersService } from './users.service';
import { VerificationController } from './verification.controller';
import { VerificationRepository } from './verification.repository';
import { VerificationTickets } from './verification-tickets';
import { VerificationTicketsRepository } from './verification-tickets.repository';
import { VerificationService } from './verification.service';

const EXPIRED_SESSION_SWEEP_MS = 60 * 60 * 1000;
const PENDING_SWEEP_MS = 10 * 60 * 1000;

@Module({})
export class UsersModule {
  static register(platform: ServicePlatform, options: UsersOptions): DynamicModule {
    const { db } = platform.database;
    const repository = new UsersRepository(db);
    const codes = new VerificationRepository(db);
    const auditLog = new AuditLog(codes, platform.logger);
    const relay = outboxRelay('users', platform, outbox);
    const hasher = new PasswordHasher();
    const sessions = new SessionsService(repository, platform.bus);
    const messenger = new UsersMessenger(platform.queue, options.publicUrl);
    const verification = new VerificationService(repository, codes, messenger, auditLog);
    // The directory's answers are kept for seconds; every change a member makes clears them.
    const people = new PeopleService(
      new PeopleRepository(db),
      new BlockStore(db, 'users'),
      new GuestCache(BUS_CHANNELS.peopleChanged, platform.bus),
      () => relay.nudge(),
    );
    const users = new UsersService(
      repository,
      hasher,
      sessions,
      () => {
        relay.nudge();
        void people.changed();
      },
      auditLog,
      verification,
    );
    const passwords = new PasswordService(
      repository,
      codes,
      verification,
      messenger,
      hasher,
      sessions,
      auditLog,
      options.linkSecret,
    );
    return serviceModule(UsersModule, 'users', platform, {
      imports: [PassportModule],
      controllers: [UsersController, VerificationController, PeopleController, InternalController],
      providers: [
        { provide: USERS_OPTIONS, useValue: options },
        { provide: UsersRepository, useValue: repository },
        { provide: SessionsService, useValue: sessions },
        { provide: SessionCookies, useValue: new SessionCookies(options.production) },
        {
          provide: VerificationTickets,
          useValue: new VerificationTickets(
            new VerificationTicketsRepository(db),
            options.production,
          ),
        },
        { provide: UsersService, useValue: users },
        { provide: VerificationService, useValue: verification },
        { provide: PasswordService, useValue: passwords },
        { provide: PeopleService, useValue: people },
        LocalStrategy,
      ],
      background: [
        relay,
        { start: () => void people.directory.listen() },
        everyInterval(EXPIRED_SESSION_SWEEP_MS, () =>
          repository.deleteExpiredSessions(
            new Date(),
            new Date(Date.now() - SESSION_IDLE_SECONDS * 1000),
          ),
        ),
        // Pending accounts past their deadline free their email and phone (registration
        // also frees the ones it needs at once).
        everyInterval(PENDING_SWEEP_MS, () => repository.deletePendingPastDeadline(new Date())),
      ],
      events: {
        handler: usersEventsHandler(
          people,
          new RestrictionsService(repository, sessions),
          platform.logger,
        ),
      },
    });
  }
}
