import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ToggleViewRequest, type ToggleViewResponse } from '@mepedia/contracts';
import { Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, ViewerKey, type Identity } from '@mepedia/server-identity';
import { isbot } from 'isbot';
import type { z } from 'zod';
import { ReactionsService } from './reactions.service';

type Out<S extends z.ZodType> = z.output<S>;

@Controller('api/userViews')
export class ViewsController {
  constructor(private readonly reactions: ReactionsService) {}

  /**
   * Counts once per viewer key: the member, or the browser's visitor id the gateway vouches
   * for. Crawlers and callers without a key count nothing, and get the count. A post or me
   * answer the caller may not read is its 404.
   */
  @Public()
  @Post('toggleView')
  @HttpCode(200)
  toggleView(
    @Body(new ZodPipe(ToggleViewRequest)) body: Out<typeof ToggleViewRequest>,
    @ViewerKey() viewer: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @CurrentIdentity() identity: Identity,
  ): Promise<ToggleViewResponse> {
    const counting = isbot(userAgent ?? '') ? undefined : viewer;
    return this.reactions.view(
      { collection: body.collectionName, objectId: body.objectId },
      body.property ?? 'views',
      counting,
      identity.kind === 'member' ? identity.userId : null,
    );
  }
}
