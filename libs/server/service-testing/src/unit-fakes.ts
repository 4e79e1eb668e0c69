import {
  newId,
  NO_OWNER,
  type CircleMembershipStore,
  type Subject,
  type SubjectStore,
} from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { UNANNOUNCED_GRACE_MS } from '@mepedia/server-platform';

// What the services' unit specs (`apps/<service>/src/*.spec.ts`) fake in the same way: the
// members who ask, the code a rule refuses with, the subjects read model, and the transactions
// a service opens over its in-memory repository or store, and the circle memberships.

/** Two members of a unit spec: the owner (author) of what is asked about, and someone else. */
export const twoMembers = (): { owner: string; other: string } => ({
  owner: newId(),
  other: newId(),
});

/** Who may ask about something of `owner`'s, named for `it.each`: the owner, a member, a guest. */
export const whoAsks = (owner: string, other: string): Array<[string, string | null]> => [
  ['its owner', owner],
  ['another member', other],
  ['a guest', null],
];

/**
 * The code an access rule refuses with (the AppError `decide` throws), or 'allowed'. For rules
 * that decide at once: a promise would carry its refusal past this function, so it is refused.
 */
export function decisionOf(decide: () => void): string {
  try {
    const answer: unknown = decide();
    if (answer instanceof Promise) throw new Error('decisionOf takes a rule that decides at once');
    return 'allowed';
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** The code of the AppError `work` ends in; a test that expected a refusal fails without one. */
export async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

/** The id (a UUIDv7) of a post or answer made long ago: never announced, it is not trusted. */
export const madeLongAgo = (): string => newId(Date.now() - 2 * UNANNOUNCED_GRACE_MS);

type SubjectReads = Pick<
  SubjectStore,
  'subject' | 'subjects' | 'startedAt' | 'noteUnannounced' | 'markDeleted' | 'disownSubjects'
>;

/**
 * The subjects read model (`SubjectStore`) in memory: what `SubjectAccess` reads and notes. An
 * installation with no subjects from before (`startedAt` is none): a subject never announced is
 * trusted only within the grace.
 */
export class FakeSubjects implements SubjectReads {
  readonly rows = new Map<string, Subject>();
  /** Subjects taken on trust and written on, for the sweep. */
  readonly noted: Array<{ id: string; collection: string | undefined }> = [];

  /** A subject of `ownerId`'s, announced (public unless said) and made long ago; its id. */
  announce(ownerId: string, subject: Partial<Subject> = {}): string {
    const id = madeLongAgo();
    this.rows.set(id, { ownerId, audience: 'public', deleted: false, ...subject });
    return id;
  }
  subject(id: string): Promise<Subject | undefined> {
    return Promise.resolve(this.rows.get(id));
  }
  subjects(ids: string[]): Promise<Map<string, Subject>> {
    const found = ids.flatMap((id) => {
      const row = this.rows.get(id);
      return row ? [[id, row] as const] : [];
    });
    return Promise.resolve(new Map(found));
  }
  startedAt(): Promise<Date | undefined> {
    return Promise.resolve(undefined);
  }
  noteUnannounced(id: string, collection?: string): Promise<void> {
    this.noted.push({ id, collection });
    return Promise.resolve();
  }
  /** As the store marks it: gone for good, owned by nobody, private. */
  markDeleted(id: string): Promise<void> {
    this.rows.set(id, { ownerId: NO_OWNER, audience: 'private', deleted: true });
    return Promise.resolve();
  }
  disownSubjects = jest.fn((_ownerId: string, _leftAt?: Date) => Promise.resolve(0));
}

type CircleReads = Pick<CircleMembershipStore, 'circlesAmong' | 'apply' | 'removeMember'>;

/**
 * The circle memberships read model (`CircleMembershipStore`) in memory: who is in whose circle
 * now (events applied as they come: the order of events is the store's to hold, in its suite),
 * and every lookup made (`asked`), so a spec can say a decision asked once, or not at all.
 */
export class FakeCircles implements CircleReads {
  /** `${ownerId} ${memberId}` of each membership now. */
  readonly members = new Set<string>();
  /** Each `circlesAmong` call: whose circles, among which owners. */
  readonly asked: Array<{ memberId: string; ownerIds: string[] }> = [];
  /** Members who left (`removeMember`). */
  readonly removed: string[] = [];

  /** `memberId` is in `ownerId`'s circle now. */
  add(ownerId: string, memberId: string): void {
    this.members.add(`${ownerId} ${memberId}`);
  }
  circlesAmong(memberId: string, ownerIds: Iterable<string>): Promise<Set<string>> {
    const owners = [...ownerIds];
    this.asked.push({ memberId, ownerIds: owners });
    return Promise.resolve(
      new Set(owners.filter((ownerId) => this.members.has(`${ownerId} ${memberId}`))),
    );
  }
  apply(change: Parameters<CircleMembershipStore['apply']>[0]): Promise<void> {
    const key = `${change.ownerId} ${change.memberId}`;
    if (change.inCircle) this.members.add(key);
    else this.members.delete(key);
    return Promise.resolve();
  }
  removeMember(userId: string): Promise<void> {
    this.removed.push(userId);
    for (const key of [...this.members])
      if (key.split(' ').includes(userId)) this.members.delete(key);
    return Promise.resolve();
  }
}

/**
 * What a repository fake extends to hand itself to the transactions its service opens
 * (`transaction(work)` calls `work` with the fake), counting the writes and locks made while
 * none was open (`outside`): the service must ask its rule, and write, inside its transaction.
 * A fake's write or lock calls `inTransaction()`.
 */
export class FakeTransactions<R> {
  /** Transactions open now. */
  open = 0;
  /** Writes and locks made while no transaction was open. */
  outside = 0;

  async transaction<T>(work: (repository: R) => Promise<T>): Promise<T> {
    this.open += 1;
    try {
      return await work(this as unknown as R);
    } finally {
      this.open -= 1;
    }
  }
  protected inTransaction(): void {
    if (this.open === 0) this.outside += 1;
  }
}

/**
 * A store's state, kept as a database keeps a transaction's work: `transaction` works on a copy
 * (`copy`) and keeps it only when the work ends without an error; `current()` is the state last
 * kept, what reads outside a transaction see.
 */
export function copyOnCommit<S>(
  initial: S,
  copy: (state: S) => S,
): {
  current: () => S;
  transaction: <T>(work: (draft: S) => Promise<T>) => Promise<T>;
} {
  let state = initial;
  return {
    current: () => state,
    transaction: async (work) => {
      const draft = copy(state);
      const result = await work(draft);
      state = draft;
      return result;
    },
  };
}
