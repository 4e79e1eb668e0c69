import { z } from 'zod';
import type { ApiRoute, ApiService } from './api-route';
import * as schemas from './files';
import {
  FileId,
  IMAGE_CROP_MAX_WIDTH,
  IMAGE_DATA_URL_WIDTH,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_PAGE_VIEW_WIDTH,
  IMAGE_SERVED_TYPE,
  IMAGE_UPLOAD_TYPES,
  IMAGE_WIDTHS,
  ImageDataUrl,
  ImageInfo,
  ImagePageViewQuery,
  ImagePostQuery,
  ImageQuery,
  UploadedImage,
  UploadImageFields,
} from './files';

const id = { id: FileId };
const MIB = IMAGE_MAX_BYTES / (1024 * 1024);

/** What every answer of an image's bytes carries. */
const BYTES_HEADERS =
  'The bytes come with `content-type: image/webp`, `cache-control: public, max-age=31536000, immutable` (what is under an id never changes), `x-content-type-options: nosniff`, `content-disposition: inline; filename="{id}.webp"` and `content-security-policy: default-src \'none\'; sandbox`. An unknown or malformed id is 404 FILE_NOT_FOUND, as JSON.';

export const filesRoutes = {
  uploadApplicationFile: {
    method: 'POST',
    path: '/api/files/uploadApplicationFile',
    rate: ['uploads'],
    summary: 'Upload an image',
    description: `A \`multipart/form-data\` form: the image in the part \`file\` (one file, at most ${MIB} MiB: IMAGE_TOO_BIG beyond), and optional text parts \`purpose\` and, for \`purpose=profile\`, a crop (\`cropX\`, \`cropY\`, \`cropWidth\`, \`cropHeight\`: all four or none, fractions of the upright image, inside it). The image must be JPEG, PNG, WebP or GIF **by its bytes** (its name and type header are ignored) and decode cleanly: anything else, a truncated file or a polyglot is IMAGE_NOT_SUPPORTED; more than ${IMAGE_MAX_PIXELS.toLocaleString('en')} pixels is IMAGE_TOO_BIG. It is turned upright by its EXIF orientation, stripped of all metadata and stored as WebP at each of ${IMAGE_WIDTHS.join(', ')} up to its own width (never enlarged; a narrower image at its own width); a GIF keeps its first frame. A crop is stored as a second image (\`cropped\`, widths up to ${IMAGE_CROP_MAX_WIDTH}). Point posts and profiles at \`url\`. A busy server may answer SERVICE_UNAVAILABLE: try again shortly. A member has at most a few uploads in flight at once (one more: UPLOADS_IN_PROGRESS, 429), the gateway a bounded number in all (UPLOADS_BUSY, 503); both come with \`Retry-After\`. A guest is refused before the body is read.`,
    auth: 'member',
    upload: {
      file: 'file',
      maxBytes: IMAGE_MAX_BYTES,
      accepts: IMAGE_UPLOAD_TYPES,
      fields: UploadImageFields,
    },
    status: 201,
    response: UploadedImage,
    errors: ['IMAGE_TOO_BIG', 'IMAGE_NOT_SUPPORTED', 'UPLOADS_IN_PROGRESS', 'UPLOADS_BUSY'],
  },
  image: {
    method: 'GET',
    path: '/api/files/image/{id}',
    summary: 'An image’s bytes (the image URL)',
    description: `The widest stored variant; with \`w\`, the narrowest at least \`w\` wide (else the widest), for \`srcset\`. ${BYTES_HEADERS}`,
    auth: 'anyone',
    params: id,
    query: ImageQuery.shape,
    produces: [IMAGE_SERVED_TYPE],
    status: 200,
    response: z.unknown(),
    errors: ['FILE_NOT_FOUND'],
  },
  imageByPost: {
    method: 'POST',
    path: '/api/files/image/{id}',
    summary: 'An image inline, as a data URL',
    description: `With \`base64=true\`: JSON with the ${IMAGE_DATA_URL_WIDTH} variant (or \`w\`’s pick, as for GET) as a \`data:image/webp;base64,…\` URL, for the embeddable widget to inline a profile image. Without it, the bytes exactly as \`GET /api/files/image/{id}\` answers them. The body, if any, is ignored.`,
    auth: 'anyone',
    params: id,
    query: ImagePostQuery.shape,
    status: 200,
    response: ImageDataUrl,
    errors: ['FILE_NOT_FOUND'],
  },
  getImageType: {
    method: 'GET',
    path: '/api/files/getImageType/{id}',
    summary: 'What an image is: its type, size and stored widths',
    description:
      'Always `image/webp`; `width` and `height` are the widest variant’s. Cacheable for 5 minutes (`cache-control: public, max-age=300`).',
    auth: 'anyone',
    params: id,
    status: 200,
    response: ImageInfo,
    errors: ['FILE_NOT_FOUND'],
  },
  imagePageView: {
    method: 'GET',
    path: '/api/files/imagePageView/{id}',
    summary: 'An image’s bytes for viewing on a page',
    description: `With \`resize=true\`, the ${IMAGE_PAGE_VIEW_WIDTH} variant (or the widest narrower one); otherwise the widest. Also answered with a trailing slash (\`imagePageView/{id}/?resize=true\`). ${BYTES_HEADERS}`,
    auth: 'anyone',
    params: id,
    query: ImagePageViewQuery.shape,
    produces: [IMAGE_SERVED_TYPE],
    status: 200,
    response: z.unknown(),
    errors: ['FILE_NOT_FOUND'],
  },
} as const satisfies Record<string, ApiRoute>;

export const filesApi: ApiService = {
  service: 'files',
  title: 'Images',
  description: `Members’ images: uploaded once (members only), decoded and re-encoded by the service (never stored or served as sent), kept as WebP in widths ${IMAGE_WIDTHS.join(', ')}, and served to anyone by an id the service makes (22 characters of base64url). An image’s URL is \`/api/files/image/{id}\`; add \`?w=\` for a narrower variant. Rules and choices: docs/api/files.md.`,
  schemas,
  routes: Object.values(filesRoutes),
};
