import { randomUUID } from 'node:crypto';
import { UploadImageFields } from '@mepedia/contracts';
import { createLogger } from '@mepedia/server-http';
import sharp from 'sharp';
import type { FilesRepository, NewImage } from './files.repository';
import { FilesService } from './files.service';
import { ImageProcessor } from './image-processor';
import type { ImageStorage } from './image-storage';

/** Storage in a Map, with a switch to fail the n-th write. */
function memoryStorage() {
  const objects = new Map<string, Buffer>();
  let failAtWrite = Number.POSITIVE_INFINITY;
  let writes = 0;
  const storage: ImageStorage = {
    kind: 'disk',
    open: async () => undefined,
    put: async (key, bytes) => {
      if (++writes >= failAtWrite) throw new Error('disk full');
      objects.set(key, bytes);
    },
    get: async (key) => objects.get(key),
    deletePrefix: async (prefix) => {
      for (const key of [...objects.keys()]) if (key.startsWith(prefix)) objects.delete(key);
    },
    check: async () => undefined,
    close: async () => undefined,
  };
  return { storage, objects, failAt: (write: number) => (failAtWrite = writes + write) };
}

function newTestService(options: { insert?: (rows: readonly NewImage[]) => Promise<void> } = {}) {
  const rows: NewImage[] = [];
  const repository = {
    insert:
      options.insert ??
      (async (added: readonly NewImage[]) => {
        rows.push(...added);
      }),
  } as unknown as FilesRepository;
  const store = memoryStorage();
  const sut = new FilesService(
    repository,
    store.storage,
    new ImageProcessor(),
    createLogger({ name: 'files', level: 'silent' }),
  );
  return { sut, rows, store };
}

const image = () =>
  sharp({ create: { width: 700, height: 400, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();
const profileCrop = UploadImageFields.parse({
  purpose: 'profile',
  cropX: '0',
  cropY: '0',
  cropWidth: '0.5',
  cropHeight: '0.5',
});

describe(FilesService.name, () => {
  describe('upload', () => {
    it('stores every variant, then the rows of the image and its crop', async () => {
      const { sut, rows, store } = newTestService();
      const owner = randomUUID();
      const answer = await sut.upload(owner, await image(), profileCrop);
      expect(rows.map((row) => ({ id: row.id, widths: row.widths, owner: row.ownerId }))).toEqual([
        { id: answer.id, widths: [160, 320, 640], owner },
        { id: answer.cropped!.id, widths: [160, 320], owner },
      ]);
      expect([...store.objects.keys()].sort()).toEqual(
        [
          ...[160, 320, 640].map((width) => `images/${answer.id}/${width}.webp`),
          ...[160, 320].map((width) => `images/${answer.cropped!.id}/${width}.webp`),
        ].sort(),
      );
      expect(rows[0]!.bytes).toBe(
        [160, 320, 640].reduce(
          (total, width) => total + store.objects.get(`images/${answer.id}/${width}.webp`)!.length,
          0,
        ),
      );
    });

    it('removes what it stored when the rows cannot be written', async () => {
      const { sut, store } = newTestService({
        insert: () => Promise.reject(new Error('connection lost')),
      });
      await expect(sut.upload(randomUUID(), await image(), profileCrop)).rejects.toThrow(
        'connection lost',
      );
      expect(store.objects.size).toBe(0);
    });

    it('removes what it stored when a write fails part-way, and writes no row', async () => {
      const { sut, rows, store } = newTestService();
      store.failAt(4);
      await expect(sut.upload(randomUUID(), await image(), profileCrop)).rejects.toThrow(
        'disk full',
      );
      expect(store.objects.size).toBe(0);
      expect(rows).toEqual([]);
    });
  });
});
