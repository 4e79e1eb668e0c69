import { z } from 'zod';
import {
  FILE_ID_PATTERN,
  IMAGE_SERVED_TYPE,
  type IMAGE_UPLOAD_TYPES,
  fileIdOfImagePath,
} from './image-paths';

export * from './image-paths';

// Members' images: uploaded once, decoded and re-encoded by the files service (never stored or
// served as sent), kept as WebP in a few widths, and addressed by an id the service makes.

export const FileId = z
  .string()
  .regex(FILE_ID_PATTERN, 'INVALID_VALUE')
  .describe('An image id the files service made (22 characters, base64url).');
export type FileId = z.infer<typeof FileId>;

/**
 * An image a member's content points at: a path the files service serves
 * (`/api/files/image/{id}`, from `uploadApplicationFile`). Outside addresses are refused
 * (docs/adr/0005-member-images-are-uploaded.md): a member's page never makes a reader's browser
 * call a third party.
 */
export const ImageReference = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .refine((value) => fileIdOfImagePath(value) !== undefined, 'IMAGE_NOT_UPLOADED')
  .describe(
    'The `url` of an image uploaded with `POST /api/files/uploadApplicationFile` (`/api/files/image/{id}`); outside addresses are refused (IMAGE_NOT_UPLOADED).',
  );

// ---------------------------------------------------------------------------
// The files service's calls (files.api.ts; rules and choices in docs/api/files.md).
// ---------------------------------------------------------------------------

/** What an upload is for: recorded with the image (a crop is for `profile` only). */
export const IMAGE_PURPOSES = ['post', 'profile', 'general'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];
export type ImageUploadType = (typeof IMAGE_UPLOAD_TYPES)[number];

/** The widest variant a profile crop is kept at (an avatar needs no more). */
export const IMAGE_CROP_MAX_WIDTH = 640;
/** The variant `POST image/{id}?base64=true` inlines unless `w` says otherwise. */
export const IMAGE_DATA_URL_WIDTH = 320;
/** The variant `imagePageView/{id}?resize=true` answers (or the largest narrower one). */
export const IMAGE_PAGE_VIEW_WIDTH = 1280;

const CROP_FRACTION = /^(?:0(?:\.\d{1,9})?|\.\d{1,9}|1(?:\.0{1,9})?)$/;
const cropFraction = (what: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE') })
    .trim()
    .regex(CROP_FRACTION, 'INVALID_VALUE')
    .transform(Number)
    .optional()
    .describe(`${what}, a fraction of the image from 0 to 1 (a decimal such as \`0.25\`).`);

const CROP_FIELDS = ['cropX', 'cropY', 'cropWidth', 'cropHeight'] as const;

/**
 * The text parts of an upload's form. A crop is all four `crop*` parts or none, in fractions
 * of the image as it is seen (after its EXIF orientation), and only with `purpose=profile`.
 */
export const UploadImageFields = z
  .object({
    purpose: z
      .enum(IMAGE_PURPOSES, { error: 'INVALID_VALUE' })
      .default('general')
      .describe('What the image is for: `post`, `profile` or `general` (the default).'),
    cropX: cropFraction('The crop’s left edge'),
    cropY: cropFraction('The crop’s top edge'),
    cropWidth: cropFraction('The crop’s width (more than 0; `cropX + cropWidth` at most 1)'),
    cropHeight: cropFraction('The crop’s height (more than 0; `cropY + cropHeight` at most 1)'),
  })
  .superRefine((fields, context) => {
    const given = CROP_FIELDS.filter((name) => fields[name] !== undefined);
    if (given.length === 0) return;
    if (given.length < CROP_FIELDS.length) {
      for (const name of CROP_FIELDS)
        if (fields[name] === undefined)
          context.addIssue({ code: 'custom', path: [name], message: 'FIELD_REQUIRED' });
      return;
    }
    if (fields.purpose !== 'profile')
      context.addIssue({ code: 'custom', path: ['purpose'], message: 'INVALID_VALUE' });
    const { cropX = 0, cropY = 0, cropWidth = 0, cropHeight = 0 } = fields;
    // A hair of slack for decimals that add up to 1 in words but not in binary.
    if (cropWidth <= 0 || cropX + cropWidth > 1 + 1e-9)
      context.addIssue({ code: 'custom', path: ['cropWidth'], message: 'INVALID_VALUE' });
    if (cropHeight <= 0 || cropY + cropHeight > 1 + 1e-9)
      context.addIssue({ code: 'custom', path: ['cropHeight'], message: 'INVALID_VALUE' });
  });
export type UploadImageFields = z.output<typeof UploadImageFields>;

const pixels = (what: string) => z.number().int().positive().describe(what);

/** What the service knows of a stored image. */
export const ImageInfo = z.object({
  id: FileId,
  type: z.literal(IMAGE_SERVED_TYPE).describe('Always `image/webp`: every variant is WebP.'),
  width: pixels('The width of the largest variant, in pixels.'),
  height: pixels('The height of the largest variant, in pixels.'),
  widths: z
    .array(z.number().int().positive())
    .min(1)
    .describe(
      'The stored variants’ widths, ascending: those of `IMAGE_WIDTHS` up to the image’s own width (never enlarged), or the image’s own width alone when it is narrower than the smallest.',
    ),
});
export type ImageInfo = z.infer<typeof ImageInfo>;

const StoredImage = ImageInfo.extend({
  url: z
    .string()
    .describe('Where it is served (`/api/files/image/{id}`): what posts and profiles point at.'),
});

/** `uploadApplicationFile`'s answer: the image, and its crop when one was asked for. */
export const UploadedImage = StoredImage.extend({
  cropped: StoredImage.optional().describe(
    'The crop, a second image with its own id (widths up to 640), when a crop was given.',
  ),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/** `POST image/{id}?base64=true`: one variant, inline. */
export const ImageDataUrl = z.object({
  id: FileId,
  type: z.literal(IMAGE_SERVED_TYPE),
  width: pixels('The width of the variant inlined.'),
  dataUrl: z.string().describe('`data:image/webp;base64,...`: the variant’s bytes.'),
});
export type ImageDataUrl = z.infer<typeof ImageDataUrl>;

/** Query `w`: the width wanted, in pixels. */
export const ImageWidthQuery = z
  .string()
  .regex(/^[1-9]\d{0,4}$/, 'INVALID_VALUE')
  .transform(Number)
  .optional()
  .describe(
    'The width wanted (1 to 99999): the narrowest variant at least this wide, else the widest.',
  );

const flag = (what: string) =>
  z.enum(['true', 'false'], { error: 'INVALID_VALUE' }).optional().describe(what);

export const ImageQuery = z.object({ w: ImageWidthQuery });
export const ImagePostQuery = z.object({
  w: ImageWidthQuery,
  base64: flag('`true`: answer JSON with a data URL instead of the bytes.'),
});
export const ImagePageViewQuery = z.object({
  resize: flag('`true`: the 1280 variant (or the widest narrower one); else the widest.'),
});

/** The details of IMAGE_TOO_BIG: the limits the upload went past. */
export const ImageTooBigDetails = z.object({
  maxBytes: z.number().describe('The largest file accepted, in bytes.'),
  maxPixels: z.number().describe('The most pixels (width × height) a decoded image may have.'),
});
export type ImageTooBigDetails = z.infer<typeof ImageTooBigDetails>;
