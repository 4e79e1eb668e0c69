import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import {
  FillLottiesRequest,
  ToggleLottieRequest,
  type LottiesState,
  type ToggleLottieResponse,
} from '@mepedia/contracts';
import { MembersOnly, Public, ZodPipe } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import type { z } from 'zod';
import { ReactionsService } from './reactions.service';

type Member = Extract<Identity, { kind: 'member' }>;
type Out<S extends z.ZodType> = z.output<S>;

/** Reactions ("lotties": the animations the web app plays for them) on an object. */
@Controller('api/lotties')
export class LottiesController {
  constructor(private readonly reactions: ReactionsService) {}

  /** Toggles the caller's reaction `name`; `randomIdentifier` is accepted and ignored. */
  @MembersOnly('MUST_BE_LOGGED_IN')
  @Post('toggleLike')
  @HttpCode(200)
  toggleLike(
    @Body(new ZodPipe(ToggleLottieRequest)) body: Out<typeof ToggleLottieRequest>,
    @CurrentMember() member: Member,
  ): Promise<ToggleLottieResponse> {
    return this.reactions.toggleLottie(
      { collection: body.collectionName, objectId: body.objectId },
      member.userId,
      body.name,
    );
  }

  @Public()
  @Post('fillLotties')
  @HttpCode(200)
  fillLotties(
    @Body(new ZodPipe(FillLottiesRequest)) body: Out<typeof FillLottiesRequest>,
    @CurrentIdentity() identity: Identity,
  ): Promise<LottiesState> {
    return this.reactions.fillLotties(
      { collection: body.collectionName, objectId: body.objectId },
      identity.kind === 'member' ? identity.userId : null,
    );
  }
}
