import { BLOCKS_MAX, type BlockKind, type BlockState, type MyBlocks } from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import type { ModerationRepository } from './moderation.repository';

/**
 * Blocking and muting (issue 35): the caller's own word on another member, announced as
 * `member.block.changed` in the same transaction, for every service that shows one member to
 * another. Only a member this service knows (verified, not departed) can be blocked or muted.
 */
export class BlocksService {
  constructor(
    private readonly repository: ModerationRepository,
    /** Relay the outbox now: a block changed. */
    private readonly onOutboxWrite: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async set(
    callerId: string,
    userId: string,
    kind: BlockKind,
    active: boolean,
  ): Promise<BlockState> {
    if (!isUuid(userId)) throw new AppError('USER_NOT_FOUND');
    if (userId === callerId) throw new AppError('CANNOT_BLOCK_SELF');
    const changed = await this.repository.transaction(async (repository) => {
      // The caller's turn: two blocks at once must not both pass the last place.
      await repository.lockTurn(`blocks:${callerId}`);
      if (!(await repository.member(userId))) throw new AppError('USER_NOT_FOUND');
      if (
        active &&
        !(await repository.blocks.stateOf(callerId, userId))[kind === 'block' ? 'blocked' : 'muted']
      )
        if ((await repository.blocks.countOf(callerId, kind)) >= BLOCKS_MAX)
          throw new AppError('TOO_MANY_BLOCKS');
      const did = await repository.blocks.apply({
        blockerId: callerId,
        blockedId: userId,
        kind,
        active,
        occurredAt: this.now(),
      });
      if (did) await repository.announceBlock(callerId, userId, kind, active);
      return did;
    });
    if (changed) this.onOutboxWrite();
    return { userId, ...(await this.repository.blocks.stateOf(callerId, userId)) };
  }

  async mine(callerId: string): Promise<MyBlocks> {
    const [blocked, muted] = [
      await this.repository.blocks.listOf(callerId, 'block'),
      await this.repository.blocks.listOf(callerId, 'mute'),
    ];
    const names = await this.repository.membersByIds(
      [...blocked, ...muted].map((row) => row.userId),
    );
    const view = (rows: typeof blocked) =>
      rows.flatMap((row) => {
        const member = names.get(row.userId);
        return member
          ? [{ userId: row.userId, fullname: member.fullname, since: row.since.toISOString() }]
          : [];
      });
    return { blocked: view(blocked), muted: view(muted) };
  }
}
