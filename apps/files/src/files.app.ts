import { join } from 'node:path';
import multipart from '@fastify/multipart';
import { createHttpApp, ZodPipe } from '@mepedia/server-http';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ImagePageViewQuery } from '@mepedia/contracts';
import { pageViewWidth, sendImage } from './files.controller';
import { FilesModule } from './files.module';
import { loadFilesOptions, type FilesOptions } from './files.options';
import { FilesService } from './files.service';
import { DiskImageStorage } from './disk-storage';
import type { ImageStorage } from './image-storage';
import { MemoryImageStorage } from './memory-storage';
import { S3ImageStorage } from './s3-storage';
import { UPLOAD_LIMITS } from './upload-form';

/** The storage the options name: a bucket, a local directory, or memory. */
export function openImageStorage(options: FilesOptions): ImageStorage {
  const { storage } = options;
  switch (storage.kind) {
    case 's3':
      return new S3ImageStorage(storage);
    case 'disk':
      return new DiskImageStorage({ directory: storage.directory });
    case 'memory':
      return new MemoryImageStorage();
  }
}

/** The files service: members' images, kept in a bucket or on local disk. */
export const filesService = defineService({
  name: 'files',
  migrations: { folder: join(__dirname, 'migrations') },
  loadOptions: loadFilesOptions,
  // The storage opened (and closed again if the app cannot be built), then the app.
  app: async (platform, options) => {
    const storage = openImageStorage(options);
    await storage.open();
    try {
      return await buildApp(platform, storage);
    } catch (error) {
      await storage.close();
      throw error;
    }
  },
});

/** Migrate, open the storage, then build the files app (not yet listening). */
export const createFilesApp = filesService.createApp;

async function buildApp(
  platform: ServicePlatform,
  storage: ImageStorage,
): Promise<NestFastifyApplication> {
  const app = await createHttpApp(FilesModule.register(platform, storage), {
    logger: platform.logger,
    // Uploads are multipart forms; every other body is JSON.
    bodyTypes: ['application/json', 'multipart/form-data'],
  });
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

  // The spec spells the page view `imagePageView/{id}/?resize=true`, trailing slash and all:
  // the same answer there (Fastify tells the two paths apart; the catalogue lists one).
  const files = app.get(FilesService);
  const query = new ZodPipe(ImagePageViewQuery);
  app
    .getHttpAdapter()
    .getInstance()
    .get<{ Params: { id: string } }>('/api/files/imagePageView/:id/', async (request, reply) => {
      const variant = await files.variant(
        request.params.id,
        pageViewWidth(query.transform(request.query)),
      );
      return reply.send(sendImage(reply, variant));
    });
  return app;
}
