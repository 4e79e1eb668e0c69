import { Controller } from '@nestjs/common';
import { blocksRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import { BlocksService } from './blocks.service';

type Member = Extract<Identity, { kind: 'member' }>;

/** Blocking and muting: `/api/blocks/` (our addition). The blocker is always the caller. */
@Controller()
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Endpoint(routes.block)
  block(@Input('body') body: In<typeof routes.block, 'body'>, @CurrentMember() member: Member) {
    return this.blocks.set(member.userId, body.userId, 'block', true);
  }

  @Endpoint(routes.unblock)
  unblock(@Input('body') body: In<typeof routes.unblock, 'body'>, @CurrentMember() member: Member) {
    return this.blocks.set(member.userId, body.userId, 'block', false);
  }

  @Endpoint(routes.mute)
  mute(@Input('body') body: In<typeof routes.mute, 'body'>, @CurrentMember() member: Member) {
    return this.blocks.set(member.userId, body.userId, 'mute', true);
  }

  @Endpoint(routes.unmute)
  unmute(@Input('body') body: In<typeof routes.unmute, 'body'>, @CurrentMember() member: Member) {
    return this.blocks.set(member.userId, body.userId, 'mute', false);
  }

  @Endpoint(routes.getMyBlocks)
  getMyBlocks(@CurrentMember() member: Member) {
    return this.blocks.mine(member.userId);
  }
}
