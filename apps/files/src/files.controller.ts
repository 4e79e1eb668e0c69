import { Controller, Param, Req, Res } from '@nestjs/common';
import {
  filesRoutes as routes,
  IMAGE_DATA_URL_WIDTH,
  IMAGE_PAGE_VIEW_WIDTH,
  IMAGE_SERVED_TYPE,
  type ImageDataUrl,
} from '@mepedia/contracts';
import { Endpoint, fieldError, Input, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FilesService, type VariantBytes } from './files.service';
import { pickWidth, widestUpTo } from './image-sizing';
import { readUploadForm, UPLOAD_FILE_PART } from './upload-form';

type Member = Extract<Identity, { kind: 'member' }>;

/**
 * An image's bytes, with headers for content that never changes under its id and that no
 * browser may take for anything but an image.
 */
export function sendImage(reply: FastifyReply, variant: VariantBytes): Buffer {
  void reply
    .header('content-type', IMAGE_SERVED_TYPE)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${variant.id}.webp"`)
    .header('content-security-policy', "default-src 'none'; sandbox");
  return variant.bytes;
}

/** The variant a page shows: `resize=true` the page width (or the widest below it). */
export const pageViewWidth =
  (query: In<typeof routes.imagePageView, 'query'>) =>
  (widths: readonly number[]): number =>
    query.resize === 'true' ? widestUpTo(widths, IMAGE_PAGE_VIEW_WIDTH) : pickWidth(widths);

@Controller()
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** A multipart form: the image in `file`, `purpose` and a crop in text parts. */
  @Endpoint(routes.uploadApplicationFile)
  async uploadApplicationFile(@Req() request: FastifyRequest, @CurrentMember() member: Member) {
    const form = await readUploadForm(request);
    const fields = routes.uploadApplicationFile.upload.fields.parse(form.fields);
    if (!form.file) throw fieldError(UPLOAD_FILE_PART, 'FIELD_REQUIRED');
    return this.files.upload(member.userId, form.file, fields);
  }

  // Path ids are not parsed: an unknown or malformed id is the service's FILE_NOT_FOUND.

  /** The image URL: the widest variant, or with `w` the narrowest at least that wide. */
  @Endpoint(routes.image)
  async image(
    @Param('id') id: string,
    @Input('query') query: In<typeof routes.image, 'query'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendImage(reply, await this.files.variant(id, (widths) => pickWidth(widths, query.w)));
  }

  /** As GET (the bytes, which the entry leaves to GET's); with `base64=true` a JSON data URL. */
  @Endpoint<typeof routes.imageByPost, Buffer>(routes.imageByPost)
  async imageByPost(
    @Param('id') id: string,
    @Input('query') query: In<typeof routes.imageByPost, 'query'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | ImageDataUrl> {
    if (query.base64 !== 'true')
      return sendImage(reply, await this.files.variant(id, (widths) => pickWidth(widths, query.w)));
    const variant = await this.files.variant(id, (widths) =>
      pickWidth(widths, query.w ?? IMAGE_DATA_URL_WIDTH),
    );
    return {
      id,
      type: IMAGE_SERVED_TYPE,
      width: variant.width,
      dataUrl: `data:${IMAGE_SERVED_TYPE};base64,${variant.bytes.toString('base64')}`,
    };
  }

  @Endpoint(routes.getImageType)
  async getImageType(@Param('id') id: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const info = await this.files.info(id);
    void reply.header('cache-control', 'public, max-age=300');
    return info;
  }

  /** `imagePageView/{id}/` (the spec's spelling, trailing slash) is served too: files.app.ts. */
  @Endpoint(routes.imagePageView)
  async imagePageView(
    @Param('id') id: string,
    @Input('query') query: In<typeof routes.imagePageView, 'query'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendImage(reply, await this.files.variant(id, pageViewWidth(query)));
  }
}
