import { Controller, Headers } from '@nestjs/common';
import { reactionsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, ViewerKey, type Identity } from '@mepedia/server-identity';
import { isbot } from 'isbot';
import { ReactionsService } from './reactions.service';

@Controller()
export class ViewsController {
  constructor(private readonly reactions: ReactionsService) {}

  /**
   * Counts once per viewer key: the member, or the browser's visitor id the gateway vouches
   * for. Crawlers and callers without a key count nothing, and get the count. A post or me
   * answer the caller may not read is its 404.
   */
  @Endpoint(routes.toggleView)
  toggleView(
    @Input('body') body: In<typeof routes.toggleView, 'body'>,
    @ViewerKey() viewer: string | undefined,
    @Headers('user-agent') userAgent: string | undefined,
    @CurrentIdentity() identity: Identity,
  ) {
    const counting = isbot(userAgent ?? '') ? undefined : viewer;
    return this.reactions.view(
      { collection: body.collectionName, objectId: body.objectId },
      body.property ?? 'views',
      counting,
      identity.kind === 'member' ? identity.userId : null,
    );
  }
}
