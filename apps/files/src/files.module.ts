import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import { BACKGROUND_TASKS, BackgroundTasks, type ServicePlatform } from '@mepedia/server-platform';
import { FilesController } from './files.controller';
import { filesEventsHandler } from './files.events';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { ImageProcessor } from './image-processor';
import type { ImageStorage } from './image-storage';

export const FILES_SERVICE_NAME = 'files';
/** The service's Postgres schema. */
export const FILES_SCHEMA = 'files';

const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');

/** Lets go of the storage's connections when the app closes. */
@Injectable()
class StorageCloser implements OnApplicationShutdown {
  constructor(@Inject(IMAGE_STORAGE) private readonly storage: ImageStorage) {}

  async onApplicationShutdown() {
    await this.storage.close();
  }
}

@Module({})
export class FilesModule {
  /** `storage` is opened by the caller (files.app.ts) and closed with the app. */
  static register(platform: ServicePlatform, storage: ImageStorage): DynamicModule {
    const service = new FilesService(
      new FilesRepository(platform.database.db),
      storage,
      new ImageProcessor(),
      platform.logger,
    );
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
      { name: 'storage', check: () => storage.check() },
    ];
    return {
      module: FilesModule,
      imports: [IdentityModule.forService(FILES_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [FilesController, HealthController],
      providers: [
        { provide: FilesService, useValue: service },
        { provide: IMAGE_STORAGE, useValue: storage },
        { provide: READINESS_CHECKS, useValue: readiness },
        StorageCloser,
        {
          provide: BACKGROUND_TASKS,
          useValue: [
            {
              start: () =>
                platform.queue.process(
                  'events-files',
                  filesEventsHandler(service, platform.logger),
                  // A member's removal walks their images one by one: few at once is plenty.
                  { concurrency: 2 },
                ),
            },
          ],
        },
        BackgroundTasks,
      ],
    };
  }
}
