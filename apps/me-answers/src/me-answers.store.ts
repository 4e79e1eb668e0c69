import type { DomainEventPayload, DomainEventType } from '@mepedia/contracts';
import { CircleMembershipStore, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { AnswerViewsRepository } from './answer-views.repository';
import { MeAnswersRepository } from './me-answers.repository';
import { outbox } from './me-answers.schema';

/** A class's public face: what the service calls, and what a unit spec fakes. */
export type Port<T> = { [K in keyof T]: T[K] };

/** An event to record with a change, in its transaction. */
export type PendingEvent = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayload<T> };
}[DomainEventType];

/** The me_answers schema's outbox: events recorded in the transaction of their change. */
export class MeAnswersOutbox {
  constructor(private readonly db: Db) {}

  async append(events: PendingEvent[]): Promise<void> {
    for (const event of events) await appendEvent(this.db, outbox, event.type, event.payload);
  }
}

/** The repositories of one transaction: all that is written through them commits or none. */
export type MeAnswersTransaction = {
  answers: Port<MeAnswersRepository>;
  views: Port<AnswerViewsRepository>;
  /** Who is in whose circle (issue 34): circle answers' readers. */
  circles: Port<CircleMembershipStore>;
  outbox: Port<MeAnswersOutbox>;
};

/**
 * What MeAnswersService reads and writes through: single reads straight, and every change in a
 * transaction the service opens, its checks' reads first inside it.
 */
export type MeAnswersStore = Pick<MeAnswersTransaction, 'answers' | 'circles'> & {
  transaction<T>(work: (tx: MeAnswersTransaction) => Promise<T>): Promise<T>;
};

export function meAnswersStore(db: Db): MeAnswersStore {
  return {
    answers: new MeAnswersRepository(db),
    circles: new CircleMembershipStore(db, 'me_answers'),
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          answers: new MeAnswersRepository(tx),
          views: new AnswerViewsRepository(tx),
          circles: new CircleMembershipStore(tx, 'me_answers'),
          outbox: new MeAnswersOutbox(tx),
        }),
      ),
  };
}
