import {
  IMAGE_CROP_MAX_WIDTH,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  type ImageTooBigDetails,
  type ImageUploadType,
} from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { cropRect, variantHeight, variantWidths, type CropFractions } from './image-sizing';
import { SHARP_FORMAT, sniffImageType } from './image-sniff';
import { Semaphore, SemaphoreFullError } from './semaphore';

/** One stored size of an image: WebP bytes. */
export type ImageVariant = { width: number; height: number; bytes: Buffer };

/** An image's variants, narrowest first; `width` and `height` are the widest one's. */
export type RenderedImage = { width: number; height: number; variants: ImageVariant[] };

export type ProcessedUpload = {
  sourceType: ImageUploadType;
  image: RenderedImage;
  cropped: RenderedImage | undefined;
};

export type ImageProcessorOptions = {
  /** Images decoded at once in this process (each with one libvips thread). */
  concurrency: number;
  /** Uploads that may wait for a turn; more are answered SERVICE_UNAVAILABLE at once. */
  maxWaiting: number;
};

// Every decode of a member's file: `failOn: 'error'` refuses truncated and corrupt data (a
// polyglot's junk, a cut-off file) but not the harmless warnings common in real photos (an
// odd sRGB profile, stray bytes after the end); whatever passes is re-encoded, never stored as
// sent. The pixel limit is checked from the header, before any pixel is decoded.
const DECODE: SharpOptions = {
  failOn: 'error',
  limitInputPixels: IMAGE_MAX_PIXELS,
  sequentialRead: true,
};
/** A pipeline taking longer than this is abandoned (IMAGE_TOO_BIG). */
const PIPELINE_TIMEOUT_SECONDS = 30;
/** The decoded widest variant is kept in memory to make the narrower ones, up to this size. */
const RAW_INTERMEDIATE_MAX_BYTES = 64 * 1024 * 1024;
const WEBP = { quality: 80 } as const;

export const IMAGE_TOO_BIG_DETAILS: ImageTooBigDetails = {
  maxBytes: IMAGE_MAX_BYTES,
  maxPixels: IMAGE_MAX_PIXELS,
};
const tooBig = () => new AppError('IMAGE_TOO_BIG', IMAGE_TOO_BIG_DETAILS);

/** A sharp step; its failures become the client's errors (bomb, timeout, or not an image). */
async function decoding<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit|timeout/i.test(message)) throw tooBig();
    throw new AppError('IMAGE_NOT_SUPPORTED');
  }
}

const resized = (pipeline: Sharp, from: number, to: number) =>
  from === to ? pipeline : pipeline.resize({ width: to });

/**
 * The variants of one image, `widths` ascending, from `source` (a pipeline seeing the image as
 * `size`). The widest is decoded once into memory and the others made from it, unless it is too
 * large to hold: then each is made from the source.
 */
async function renderVariants(
  source: () => Sharp,
  size: { width: number; height: number },
  widths: readonly number[],
): Promise<RenderedImage> {
  const widest = widths[widths.length - 1] ?? size.width;
  let from = source;
  let fromWidth = size.width;
  if (widths.length > 1 && widest * variantHeight(size, widest) * 4 <= RAW_INTERMEDIATE_MAX_BYTES) {
    const raw = await decoding(() =>
      resized(source(), size.width, widest).raw().toBuffer({ resolveWithObject: true }),
    );
    const { width, height, channels } = raw.info;
    from = () =>
      sharp(raw.data, { raw: { width, height, channels } }).timeout({
        seconds: PIPELINE_TIMEOUT_SECONDS,
      });
    fromWidth = width;
  }
  const variants: ImageVariant[] = [];
  for (const width of widths) {
    const { data, info } = await decoding(() =>
      resized(from(), fromWidth, width).webp(WEBP).toBuffer({ resolveWithObject: true }),
    );
    variants.push({ width: info.width, height: info.height, bytes: data });
  }
  const last = variants[variants.length - 1];
  if (!last) throw new Error('an image has at least one variant');
  return { width: last.width, height: last.height, variants };
}

/**
 * Turns a member's file into WebP variants: sniffed by its bytes, decoded with limits, turned
 * upright by its EXIF orientation, re-encoded without any of its metadata (sharp keeps none
 * unless asked). A few at a time per process: the machines have two cores.
 */
export class ImageProcessor {
  private readonly gate: Semaphore;

  constructor(options: ImageProcessorOptions = { concurrency: 2, maxWaiting: 16 }) {
    // One libvips thread per image, and no operation cache (no upload is decoded twice).
    sharp.concurrency(1);
    sharp.cache(false);
    this.gate = new Semaphore(options.concurrency, options.maxWaiting);
  }

  async process(input: Buffer, crop: CropFractions | undefined): Promise<ProcessedUpload> {
    const sourceType = sniffImageType(input);
    if (!sourceType) throw new AppError('IMAGE_NOT_SUPPORTED');
    try {
      return await this.gate.run(() => this.render(input, sourceType, crop));
    } catch (error) {
      if (error instanceof SemaphoreFullError) throw new AppError('SERVICE_UNAVAILABLE');
      throw error;
    }
  }

  private async render(
    input: Buffer,
    sourceType: ImageUploadType,
    crop: CropFractions | undefined,
  ): Promise<ProcessedUpload> {
    const metadata = await decoding(() => sharp(input, DECODE).metadata());
    // The decoder must read what the first bytes said (no other loader gets a say).
    if (metadata.format !== SHARP_FORMAT[sourceType]) throw new AppError('IMAGE_NOT_SUPPORTED');
    const stored = { width: metadata.width, height: metadata.pageHeight ?? metadata.height };
    if (!(stored.width > 0 && stored.height > 0)) throw new AppError('IMAGE_NOT_SUPPORTED');
    if (stored.width * stored.height > IMAGE_MAX_PIXELS) throw tooBig();
    const seen =
      (metadata.orientation ?? 1) >= 5 ? { width: stored.height, height: stored.width } : stored;

    const source = () =>
      sharp(input, DECODE).autoOrient().timeout({ seconds: PIPELINE_TIMEOUT_SECONDS });
    const image = await renderVariants(source, seen, variantWidths(seen.width));
    let cropped: RenderedImage | undefined;
    if (crop) {
      const rect = cropRect(seen, crop);
      cropped = await renderVariants(
        () => source().extract(rect),
        rect,
        variantWidths(rect.width, IMAGE_CROP_MAX_WIDTH),
      );
    }
    return { sourceType, image, cropped };
  }
}
