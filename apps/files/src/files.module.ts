import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { FilesController } from './files.controller';
import { filesEventsHandler } from './files.events';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { ImageProcessor } from './image-processor';
import type { ImageStorage } from './image-storage';

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
    return serviceModule(FilesModule, 'files', platform, {
      controllers: [FilesController],
      providers: [
        { provide: FilesService, useValue: service },
        { provide: IMAGE_STORAGE, useValue: storage },
        StorageCloser,
      ],
      readiness: [{ name: 'storage', check: () => storage.check() }],
      events: {
        handler: filesEventsHandler(service, platform.logger),
        // A member's removal walks their images one by one: few at once is plenty.
        concurrency: 2,
      },
    });
  }
}
