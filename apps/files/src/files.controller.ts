import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  IMAGE_DATA_URL_WIDTH,
  IMAGE_PAGE_VIEW_WIDTH,
  IMAGE_SERVED_TYPE,
  ImagePageViewQuery,
  ImagePostQuery,
  ImageQuery,
  UploadImageFields,
  type ImageDataUrl,
  type ImageInfo,
  type UploadedImage,
} from '@mepedia/contracts';
import { MembersOnly, Public, ZodPipe, fieldError } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { FilesService, type VariantBytes } from './files.service';
import { pickWidth, widestUpTo } from './image-sizing';
import { readUploadForm, UPLOAD_FILE_PART } from './upload-form';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;

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
  (query: Out<typeof ImagePageViewQuery>) =>
  (widths: readonly number[]): number =>
    query.resize === 'true' ? widestUpTo(widths, IMAGE_PAGE_VIEW_WIDTH) : pickWidth(widths);

@Controller('api/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  /** A multipart form: the image in `file`, `purpose` and a crop in text parts. */
  @MembersOnly()
  @Post('uploadApplicationFile')
  @HttpCode(201)
  async uploadApplicationFile(
    @Req() request: FastifyRequest,
    @CurrentMember() member: Member,
  ): Promise<UploadedImage> {
    const form = await readUploadForm(request);
    const fields = UploadImageFields.parse(form.fields);
    if (!form.file) throw fieldError(UPLOAD_FILE_PART, 'FIELD_REQUIRED');
    return this.files.upload(member.userId, form.file, fields);
  }

  /** The image URL: the widest variant, or with `w` the narrowest at least that wide. */
  @Public()
  @Get('image/:id')
  async image(
    @Param('id') id: string,
    @Query(new ZodPipe(ImageQuery)) query: Out<typeof ImageQuery>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendImage(reply, await this.files.variant(id, (widths) => pickWidth(widths, query.w)));
  }

  /** As GET; with `base64=true` a JSON data URL of the 320 variant (or `w`'s). */
  @Public()
  @Post('image/:id')
  @HttpCode(200)
  async imageByPost(
    @Param('id') id: string,
    @Query(new ZodPipe(ImagePostQuery)) query: Out<typeof ImagePostQuery>,
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

  @Public()
  @Get('getImageType/:id')
  async getImageType(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ImageInfo> {
    const info = await this.files.info(id);
    void reply.header('cache-control', 'public, max-age=300');
    return info;
  }

  /** `imagePageView/{id}/` (the spec's spelling, trailing slash) is served too: files.app.ts. */
  @Public()
  @Get('imagePageView/:id')
  async imagePageView(
    @Param('id') id: string,
    @Query(new ZodPipe(ImagePageViewQuery)) query: Out<typeof ImagePageViewQuery>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return sendImage(reply, await this.files.variant(id, pageViewWidth(query)));
  }
}
