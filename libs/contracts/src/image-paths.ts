// Members' images, the part every page needs without zod (the web app's first script loads
// this; zod must not come with it, lib/zod-without-eval.ts): limits, widths and paths. The
// schemas are in files.ts.

/** The largest image file a member may upload: 10 MiB ('Image too big' beyond it). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The most pixels a decoded image may have (a small file that unpacks huge is refused). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** What an upload may be, told by its first bytes (not by its name or its content-type). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** What the service answers with: every stored variant is WebP. */
export const IMAGE_SERVED_TYPE = 'image/webp';

/**
 * The widths (CSS pixels × density) the web app asks for in `srcset`; the service stores each
 * one up to the image's own width, never enlarging it. 800 is a phone's full-width picture at
 * twice its density (360 to 400 CSS pixels): without it such a phone took the 960, a third
 * heavier. An image stored before a width was added answers it with the next wider one.
 */
export const IMAGE_WIDTHS = [160, 320, 640, 800, 960, 1280, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** A file id of the service's making: 22 characters of base64url (128 random bits). */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The path an image is served at, through the gateway: `/api/files/image/{id}`. */
export const imagePath = (id: string, width?: number) =>
  `/api/files/image/${id}${width === undefined ? '' : `?w=${width}`}`;

const IMAGE_PATH = /^\/api\/files\/image\/([A-Za-z0-9_-]{22})$/;

/** The file id inside an image path of ours, or undefined for anything else. */
export function fileIdOfImagePath(value: string): string | undefined {
  return IMAGE_PATH.exec(value)?.[1];
}
