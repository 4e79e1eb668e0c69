import { describe, expect, it } from 'vitest';
import {
  CommentDrafts,
  DRAFT_LIFETIME_MS,
  DRAFT_PREFIX,
  draftKey,
  type DraftStorage,
} from './drafts';

/** A storage like the browser's, in a Map; `refuse` makes every write throw, as a full one does. */
function memoryStorage(refuse = false): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      if (refuse) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key) => void items.delete(key),
  };
}

/** Storage the browser forbids outright: every call throws. */
const forbidden: DraftStorage = {
  get length(): number {
    throw new DOMException('denied', 'SecurityError');
  },
  key: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

const comment = { kind: 'comment' } as const;

describe('draftKey', () => {
  it('is one member’s, in one discussion, for one box', () => {
    const keys = [
      draftKey('yael', 'post-1', comment),
      draftKey('noa', 'post-1', comment),
      draftKey('yael', 'post-2', comment),
      draftKey('yael', 'post-1', { kind: 'reply', parentId: 'c1' }),
      draftKey('yael', 'post-1', { kind: 'reply', parentId: 'c2' }),
      draftKey('yael', 'post-1', { kind: 'edit', messageId: 'c1' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.startsWith(DRAFT_PREFIX))).toBe(true);
  });

  it('cannot be made to name another member’s draft by an id with a separator in it', () => {
    expect(draftKey('a/b', 'c', comment)).not.toBe(draftKey('a', 'b/c', comment));
  });
});

describe(CommentDrafts.name, () => {
  it('keeps a text in the storage and gives it back under its key only', () => {
    const storage = memoryStorage();
    const drafts = new CommentDrafts(storage);
    const mine = draftKey('yael', 'post-1', comment);
    drafts.write(mine, 'I will bring my stool.');
    expect(drafts.read(mine)).toBe('I will bring my stool.');
    expect(drafts.read(draftKey('noa', 'post-1', comment))).toBeNull();
    // In the browser's storage, so a new page (a reload) finds it.
    expect(new CommentDrafts(storage).read(mine)).toBe('I will bring my stool.');
  });

  it('keeps no blank text, and a blank text removes the draft', () => {
    const storage = memoryStorage();
    const drafts = new CommentDrafts(storage);
    const key = draftKey('yael', 'post-1', comment);
    drafts.write(key, '   ');
    expect(storage.items.size).toBe(0);
    drafts.write(key, 'Words');
    drafts.write(key, '\n');
    expect(drafts.read(key)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('removes a draft (sent)', () => {
    const storage = memoryStorage();
    const drafts = new CommentDrafts(storage);
    const key = draftKey('yael', 'post-1', comment);
    drafts.write(key, 'Sent now');
    drafts.remove(key);
    expect(drafts.read(key)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('forgets a draft older than its lifetime, and sweeps every member’s old ones', () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const before = new CommentDrafts(storage, () => now);
    const old = draftKey('noa', 'post-9', comment);
    const fresh = draftKey('yael', 'post-1', comment);
    before.write(old, 'Long ago');
    now += DRAFT_LIFETIME_MS - 1000;
    before.write(fresh, 'Lately');
    expect(before.read(old)).toBe('Long ago');

    // A page opened a little later: the old draft has passed its lifetime, the other has not.
    now += 2000;
    const after = new CommentDrafts(storage, () => now);
    expect(after.read(fresh)).toBe('Lately');
    expect(storage.items.has(old)).toBe(false);
    expect(storage.items.has(fresh)).toBe(true);
  });

  it('sweeps what it cannot read, and leaves other keys of the site alone', () => {
    const storage = memoryStorage();
    storage.items.set(`${DRAFT_PREFIX}broken`, '{not json');
    storage.items.set('mepedia.a11y', '{"fontScale":1.2}');
    new CommentDrafts(storage).read(draftKey('yael', 'post-1', comment));
    expect([...storage.items.keys()]).toEqual(['mepedia.a11y']);
  });

  it('lists a member’s drafts in one discussion, not another member’s or another discussion’s', () => {
    const drafts = new CommentDrafts(memoryStorage());
    const reply = draftKey('yael', 'post-1', { kind: 'reply', parentId: 'c1' });
    const edit = draftKey('yael', 'post-1', { kind: 'edit', messageId: 'c2' });
    drafts.write(reply, 'And glue.');
    drafts.write(edit, 'Fixed');
    drafts.write(draftKey('noa', 'post-1', { kind: 'reply', parentId: 'c1' }), 'Hers');
    drafts.write(draftKey('yael', 'post-10', comment), 'Elsewhere');
    expect(drafts.keysIn('yael', 'post-1').sort()).toEqual([edit, reply].sort());
  });

  it('falls back to memory, silently, when the storage is full', () => {
    const storage = memoryStorage(true);
    const drafts = new CommentDrafts(storage);
    const key = draftKey('yael', 'post-1', { kind: 'reply', parentId: 'c1' });
    expect(() => drafts.write(key, 'Still here')).not.toThrow();
    expect(drafts.read(key)).toBe('Still here');
    expect(drafts.keysIn('yael', 'post-1')).toEqual([key]);
    drafts.remove(key);
    expect(drafts.read(key)).toBeNull();
  });

  it('reads the newer text from memory when the storage refuses an update it had accepted before', () => {
    const storage = memoryStorage();
    const drafts = new CommentDrafts(storage);
    const key = draftKey('yael', 'post-1', comment);
    drafts.write(key, 'First words');
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    drafts.write(key, 'First words, and more');
    expect(drafts.read(key)).toBe('First words, and more');
  });

  it('works in memory where the browser forbids storage altogether, or has none', () => {
    for (const storage of [forbidden, null]) {
      const drafts = new CommentDrafts(storage);
      const key = draftKey('yael', 'post-1', comment);
      expect(drafts.read(key)).toBeNull();
      drafts.write(key, 'Private mode');
      expect(drafts.read(key)).toBe('Private mode');
      expect(drafts.keysIn('yael', 'post-1')).toEqual([key]);
    }
  });
});
