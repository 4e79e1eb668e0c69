import { Controller } from '@nestjs/common';
import { reactionsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import { ReactionsService } from './reactions.service';

type Member = Extract<Identity, { kind: 'member' }>;

/** Reactions ("lotties": the animations the web app plays for them) on an object. */
@Controller()
export class LottiesController {
  constructor(private readonly reactions: ReactionsService) {}

  /** Toggles the caller's reaction `name`; `randomIdentifier` is accepted and ignored. */
  @Endpoint(routes.toggleLottie)
  toggleLike(
    @Input('body') body: In<typeof routes.toggleLottie, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.reactions.toggleLottie(
      { collection: body.collectionName, objectId: body.objectId },
      member.userId,
      body.name,
    );
  }

  @Endpoint(routes.fillLotties)
  fillLotties(
    @Input('body') body: In<typeof routes.fillLotties, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.reactions.fillLotties(
      { collection: body.collectionName, objectId: body.objectId },
      identity.kind === 'member' ? identity.userId : null,
    );
  }
}
