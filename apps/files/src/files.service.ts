import { randomBytes } from 'node:crypto';
import {
  FILE_ID_PATTERN,
  IMAGE_SERVED_TYPE,
  type ImageInfo,
  type UploadImageFields,
  type UploadedImage,
} from '@mepedia/contracts';
import { AppError, type AppLogger } from '@mepedia/server-http';
import type { FilesRepository, NewImage } from './files.repository';
import { toImageInfo, toStoredImage } from './files.mapper';
import type { ImageProcessor, RenderedImage } from './image-processor';
import type { CropFractions } from './image-sizing';
import { imagePrefix, variantKey, type ImageStorage } from './image-storage';

/** An image id: 16 random bytes, base64url (22 characters). */
export const newFileId = (): string => randomBytes(16).toString('base64url');

/** One variant's bytes, read for an answer. */
export type VariantBytes = { id: string; width: number; bytes: Buffer };

/** Members' removal goes through their images this many at a time. */
const REMOVAL_BATCH = 100;

/**
 * Rows read to serve bytes are kept this long, this many: an image is read far more often than
 * it changes, and it only ever changes by going. The bytes themselves are always read from
 * storage, so an image removed (here or by another replica) answers FILE_NOT_FOUND at once
 * however long its row is kept. `getImageType` reads the row afresh.
 */
const ROW_CACHE_TTL_MS = 60_000;
const ROW_CACHE_SIZE = 2_000;

function cropOf(fields: UploadImageFields): CropFractions | undefined {
  const { cropX, cropY, cropWidth, cropHeight } = fields;
  if (cropX === undefined || cropY === undefined || cropWidth === undefined) return undefined;
  if (cropHeight === undefined) return undefined;
  return { x: cropX, y: cropY, width: cropWidth, height: cropHeight };
}

/**
 * Members' images: made into WebP variants, stored, served by id. Storage is written before the
 * row and emptied before the row goes, so a row always has its bytes.
 */
export class FilesService {
  private readonly rows = new Map<
    string,
    { row: NonNullable<Awaited<ReturnType<FilesRepository['find']>>>; until: number }
  >();

  constructor(
    private readonly repository: FilesRepository,
    private readonly storage: ImageStorage,
    private readonly processor: ImageProcessor,
    private readonly logger: AppLogger,
  ) {}

  async upload(ownerId: string, file: Buffer, fields: UploadImageFields): Promise<UploadedImage> {
    const processed = await this.processor.process(file, cropOf(fields));
    const stored: Array<{ id: string; image: RenderedImage }> = [
      { id: newFileId(), image: processed.image },
      ...(processed.cropped ? [{ id: newFileId(), image: processed.cropped }] : []),
    ];
    try {
      // Every write settles before any cleanup, so none lands after it.
      const writes = await Promise.allSettled(
        stored.flatMap(({ id, image }) =>
          image.variants.map((variant) =>
            this.storage.put(variantKey(id, variant.width), variant.bytes, IMAGE_SERVED_TYPE),
          ),
        ),
      );
      const failed = writes.find((write) => write.status === 'rejected');
      if (failed) throw failed.reason;
      await this.repository.insert(
        stored.map(({ id, image }): NewImage => ({
          id,
          ownerId,
          purpose: fields.purpose,
          sourceType: processed.sourceType,
          width: image.width,
          height: image.height,
          widths: image.variants.map((variant) => variant.width),
          bytes: image.variants.reduce((total, variant) => total + variant.bytes.length, 0),
        })),
      );
    } catch (error) {
      // Nothing half-done: whatever was stored goes again.
      const cleanup = await Promise.allSettled(
        stored.map(({ id }) => this.storage.deletePrefix(imagePrefix(id))),
      );
      if (cleanup.some((result) => result.status === 'rejected'))
        this.logger.warn(
          { ids: stored.map(({ id }) => id) },
          'could not remove a failed upload’s variants',
        );
      throw error;
    }
    const [main, crop] = stored.map(({ id, image }) => toStoredImage(id, image));
    if (!main) throw new Error('an upload stores its image');
    return crop ? { ...main, cropped: crop } : main;
  }

  async info(id: string): Promise<ImageInfo> {
    const row = FILE_ID_PATTERN.test(id) ? await this.repository.find(id) : undefined;
    if (!row) throw new AppError('FILE_NOT_FOUND');
    return toImageInfo(row);
  }

  /** The bytes of the variant `choose` picks from the stored widths. */
  async variant(id: string, choose: (widths: readonly number[]) => number): Promise<VariantBytes> {
    const row = await this.found(id);
    const width = choose(row.widths);
    const bytes = await this.storage.get(variantKey(id, width));
    // A row without its bytes is never written; one being removed right now can lose them.
    if (!bytes) throw new AppError('FILE_NOT_FOUND');
    return { id, width, bytes };
  }

  /**
   * A member left: their images' variants go, then their rows, a batch at a time. Safe to run
   * again after a failure part-way: what is left is found and removed the same way.
   */
  async removeMember(ownerId: string): Promise<number> {
    let removed = 0;
    for (;;) {
      const ids = await this.repository.idsOf(ownerId, REMOVAL_BATCH);
      if (ids.length === 0) return removed;
      for (const id of ids) {
        await this.storage.deletePrefix(imagePrefix(id));
        this.rows.delete(id);
      }
      removed += await this.repository.remove(ownerId, ids);
    }
  }

  /** The row of an image to serve bytes of (kept a while: see ROW_CACHE_TTL_MS). */
  private async found(id: string) {
    const now = Date.now();
    const kept = this.rows.get(id);
    if (kept && kept.until > now) return kept.row;
    const row = FILE_ID_PATTERN.test(id) ? await this.repository.find(id) : undefined;
    if (!row) {
      this.rows.delete(id);
      throw new AppError('FILE_NOT_FOUND');
    }
    // Oldest out first: a Map iterates in insertion order.
    if (this.rows.size >= ROW_CACHE_SIZE) {
      const oldest = this.rows.keys().next().value;
      if (oldest !== undefined) this.rows.delete(oldest);
    }
    this.rows.delete(id);
    this.rows.set(id, { row, until: now + ROW_CACHE_TTL_MS });
    return row;
  }
}
