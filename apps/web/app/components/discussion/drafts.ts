/**
 * Drafts of comments, replies and edits being written: kept in the browser (localStorage, so a
 * reload or a closed tab keeps them) until they are sent, for at most DRAFT_LIFETIME_MS. Keyed by
 * member, discussion and what the text answers, so two members on one browser never see each
 * other's words (signing out clears the browser's storage besides: header.tsx `logout`). Where
 * storage is switched off or full, drafts live in this page's memory instead, and writing never
 * fails for it. No React here: `use-comment-draft.ts` is the hook.
 */

/** What a draft answers: the new-comment box, a reply to a comment, or an edit of a message. */
export type DraftTarget =
  { kind: 'comment' } | { kind: 'reply'; parentId: string } | { kind: 'edit'; messageId: string };

/** The storage a draft store needs: `window.localStorage` in the browser. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/** Every draft's key starts so: the old ones are found and removed by it. */
export const DRAFT_PREFIX = 'mepedia.commentDraft/';

/** A draft not touched for 30 days is forgotten, so the browser's storage does not grow forever. */
export const DRAFT_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

type StoredDraft = { text: string; savedAt: number };

// Ids come from the services; encoded, a '/' in one could never be read as the next part.
const part = (value: string) => encodeURIComponent(value);

function targetPart(target: DraftTarget): string {
  switch (target.kind) {
    case 'comment':
      return 'comment';
    case 'reply':
      return `reply:${part(target.parentId)}`;
    case 'edit':
      return `edit:${part(target.messageId)}`;
  }
}

/** The key of one member's draft in one discussion (`roomId`, a post's id) for `target`. */
export function draftKey(memberId: string, roomId: string, target: DraftTarget): string {
  return `${DRAFT_PREFIX}${part(memberId)}/${part(roomId)}/${targetPart(target)}`;
}

function parse(raw: string | null): StoredDraft | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredDraft> | null;
    if (typeof value?.text !== 'string' || typeof value.savedAt !== 'number') return null;
    return { text: value.text, savedAt: value.savedAt };
  } catch {
    return null;
  }
}

export class CommentDrafts {
  /** Drafts the storage refused (switched off, full): kept for as long as the page lives. */
  private readonly memory = new Map<string, StoredDraft>();
  private swept = false;

  constructor(
    private readonly storage: DraftStorage | null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The text kept under `key`, or null (none, unreadable, or expired: then it is removed). */
  read(key: string): string | null {
    this.sweepOnce();
    const kept =
      this.memory.get(key) ?? parse(this.attempt(() => this.storage?.getItem(key)) ?? null);
    if (!kept) return null;
    if (this.expired(kept)) {
      this.remove(key);
      return null;
    }
    return kept.text;
  }

  /** Keeps `text` under `key`; a blank text is no draft, and removes it. */
  write(key: string, text: string): void {
    if (text.trim() === '') {
      this.remove(key);
      return;
    }
    const draft: StoredDraft = { text, savedAt: this.now() };
    const stored = this.attempt(() => {
      if (!this.storage) return false;
      this.storage.setItem(key, JSON.stringify(draft));
      return true;
    });
    // In memory only when the storage refused it: memory is read first, so it must not keep an
    // older text over the stored one.
    if (stored) this.memory.delete(key);
    else this.memory.set(key, draft);
  }

  remove(key: string): void {
    this.memory.delete(key);
    this.attempt(() => this.storage?.removeItem(key));
  }

  /** The keys of `memberId`'s live drafts in the discussion `roomId`. */
  keysIn(memberId: string, roomId: string): string[] {
    this.sweepOnce();
    const prefix = draftKey(memberId, roomId, { kind: 'comment' }).replace(/comment$/, '');
    const keys = new Set([...this.memory.keys(), ...this.storedKeys()]);
    return [...keys].filter((key) => key.startsWith(prefix) && this.read(key) !== null);
  }

  /** Forgets every expired or unreadable draft, of any member (once per page is enough). */
  private sweepOnce(): void {
    if (this.swept) return;
    this.swept = true;
    for (const key of this.storedKeys()) {
      const kept = parse(this.attempt(() => this.storage?.getItem(key)) ?? null);
      if (!kept || this.expired(kept)) this.attempt(() => this.storage?.removeItem(key));
    }
  }

  private storedKeys(): string[] {
    return (
      this.attempt(() => {
        const storage = this.storage;
        if (!storage) return [];
        const keys: string[] = [];
        for (let index = 0; index < storage.length; index++) {
          const key = storage.key(index);
          if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
        }
        return keys;
      }) ?? []
    );
  }

  private expired(draft: StoredDraft): boolean {
    return this.now() - draft.savedAt > DRAFT_LIFETIME_MS;
  }

  /** Storage that throws (switched off, full, denied) is storage that is not there. */
  private attempt<T>(action: () => T): T | undefined {
    try {
      return action();
    } catch {
      return undefined;
    }
  }
}

let shared: CommentDrafts | undefined;

/**
 * The page's one draft store, on the browser's localStorage when it can be reached. Only for
 * effects and handlers: the server renders no drafts (they are read after hydration).
 */
export function commentDrafts(): CommentDrafts {
  if (!shared) {
    let storage: DraftStorage | null = null;
    try {
      // Reading the property itself throws where the browser forbids storage.
      storage = typeof window === 'undefined' ? null : window.localStorage;
    } catch {
      storage = null;
    }
    shared = new CommentDrafts(storage);
  }
  return shared;
}
