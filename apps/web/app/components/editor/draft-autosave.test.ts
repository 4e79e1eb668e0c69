import type { PostDraft, SaveDraftRequest } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftAutosave, draftRequest, hasWords, type DraftFields } from './draft-autosave';

const EMPTY: DraftFields = {
  title: '',
  content: '',
  image: '',
  credit: '',
  privacy: 'public',
  destination: 'profile',
};

function apiError(status: number, code: string) {
  return new ApiError(status, { code, message: code, requestId: 'r' });
}

/** The service's drafts, as saveDraft keeps them; the test answers each save when it wants. */
function manualServer() {
  const calls: SaveDraftRequest[] = [];
  const pending: Array<{ resolve: (draft: PostDraft) => void; reject: (e: unknown) => void }> = [];
  let stored: PostDraft | null = null;
  const apply = (call: SaveDraftRequest): PostDraft => {
    const base: PostDraft = stored ?? {
      draftId: 'draft-1',
      title: '',
      content: '',
      image: null,
      credit: '',
      privacy: null,
      destination: 'profile',
      version: 0,
      createdAt: '2026-11-27T10:00:00Z',
      updatedAt: '2026-11-27T10:00:00Z',
    };
    const { draftId: _id, version: _version, ...fields } = call;
    stored = {
      ...base,
      ...Object.fromEntries(
        Object.entries(fields)
          .filter(([, value]) => value !== undefined)
          // The service trims the one-line fields.
          .map(([key, value]) => [
            key,
            (key === 'title' || key === 'credit') && typeof value === 'string'
              ? value.trim()
              : value,
          ]),
      ),
      version: base.version + 1,
    };
    return stored;
  };
  const save = (request: SaveDraftRequest) => {
    calls.push(request);
    return new Promise<PostDraft>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return {
    calls,
    save,
    stored: () => stored,
    /** Answers the oldest waiting save as the service would. */
    async succeed() {
      const next = pending.shift();
      if (!next) throw new Error('no save waiting');
      next.resolve(apply(calls[calls.length - pending.length - 1]!));
      await vi.advanceTimersByTimeAsync(0);
    },
    /** The service keeps the oldest waiting save, but its answer is lost on the way. */
    async keepButFail(error: unknown) {
      const next = pending.shift();
      if (!next) throw new Error('no save waiting');
      apply(calls[calls.length - pending.length - 1]!);
      next.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
    async fail(error: unknown) {
      const next = pending.shift();
      if (!next) throw new Error('no save waiting');
      next.reject(error);
      await vi.advanceTimersByTimeAsync(0);
    },
    waiting: () => pending.length,
  };
}

function setup(initial: PostDraft | null = null) {
  const server = manualServer();
  const created: string[] = [];
  const autosave = new DraftAutosave({
    initial,
    fields: EMPTY,
    save: server.save,
    loadLatest: () => Promise.resolve(server.stored()),
    onCreated: (draftId) => created.push(draftId),
    delayMs: 1500,
    retryMs: 10_000,
  });
  return { server, autosave, created };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('draftRequest', () => {
  it('makes no draft of an empty form, and a whole one once something is written', () => {
    const draft = { draftId: null, version: 0 };
    expect(draftRequest(EMPTY, EMPTY, draft)).toBeNull();
    expect(draftRequest({ ...EMPTY, content: '<p></p>' }, EMPTY, draft)).toBeNull();
    expect(draftRequest({ ...EMPTY, title: 'Boat\u202E' }, EMPTY, draft)).toEqual({
      title: 'Boat',
      content: '',
      credit: '',
      privacy: 'public',
      destination: 'profile',
    });
  });

  it('sends only what changed, with the version, and a picture taken away as null', () => {
    const saved = { ...EMPTY, title: 'Boat', image: '/api/files/image/1' };
    expect(
      draftRequest({ ...saved, credit: 'Me', image: '' }, saved, { draftId: 'd', version: 3 }),
    ).toEqual({ draftId: 'd', version: 3, credit: 'Me', image: null });
    expect(draftRequest(saved, saved, { draftId: 'd', version: 3 })).toBeNull();
  });

  it('sends a privacy the draft never had with the next change or before publishing, not alone', () => {
    const saved = { ...EMPTY, title: 'Boat', privacy: null };
    const draft = { draftId: 'd', version: 2 };
    expect(draftRequest({ ...EMPTY, title: 'Boat' }, saved, draft)).toBeNull();
    expect(draftRequest({ ...EMPTY, title: 'Boat' }, saved, draft, true)).toEqual({
      draftId: 'd',
      version: 2,
      privacy: 'public',
    });
    expect(draftRequest({ ...EMPTY, title: 'Boats' }, saved, draft)).toEqual({
      draftId: 'd',
      version: 2,
      title: 'Boats',
      privacy: 'public',
    });
  });

  it('counts a picture or text as written, not white space', () => {
    expect(hasWords({ ...EMPTY, title: '   ' })).toBe(false);
    expect(hasWords({ ...EMPTY, image: '/api/files/image/1' })).toBe(true);
    expect(hasWords({ ...EMPTY, content: '<p>A</p>' })).toBe(true);
  });
});

describe('DraftAutosave', () => {
  it('makes the draft 1.5 s after typing stops, then sends the changes on its version', async () => {
    const { server, autosave, created } = setup();
    autosave.edit({ ...EMPTY, title: 'T' });
    await vi.advanceTimersByTimeAsync(1000);
    autosave.edit({ ...EMPTY, title: 'The boat' });
    expect(autosave.getState().status).toBe('pending');
    expect(autosave.unsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(1499);
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]).not.toHaveProperty('draftId');
    expect(autosave.getState().status).toBe('saving');
    await server.succeed();
    expect(autosave.getState()).toMatchObject({ status: 'saved', draftId: 'draft-1', version: 1 });
    expect(autosave.unsaved).toBe(false);
    expect(created).toEqual(['draft-1']);

    autosave.edit({ ...EMPTY, title: 'The boat', content: '<p>We built it.</p>' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls[1]).toEqual({
      draftId: 'draft-1',
      version: 1,
      content: '<p>We built it.</p>',
    });
    await server.succeed();
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 2 });
    expect(created).toEqual(['draft-1']);
  });

  it('never sends a second save before the first is answered; what was typed meanwhile goes next', async () => {
    const { server, autosave } = setup();
    autosave.edit({ ...EMPTY, title: 'One' });
    await vi.advanceTimersByTimeAsync(1500);
    autosave.edit({ ...EMPTY, title: 'One two' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.waiting()).toBe(1);
    await server.succeed();
    expect(server.calls[1]).toEqual({ draftId: 'draft-1', version: 1, title: 'One two' });
    await server.succeed();
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 2 });
  });

  it('saves at once when flushed (the page is hidden), and nothing when nothing changed', async () => {
    const { server, autosave } = setup();
    await autosave.flush();
    expect(server.calls).toEqual([]);
    autosave.edit({ ...EMPTY, title: 'Now' });
    void autosave.flush();
    expect(server.calls).toHaveLength(1);
    await server.succeed();
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
  });

  it('retries a failed save, with the text still there, and says so meanwhile', async () => {
    const { server, autosave } = setup();
    autosave.edit({ ...EMPTY, title: 'Kept' });
    await vi.advanceTimersByTimeAsync(1500);
    await server.fail(new TypeError('Failed to fetch'));
    expect(autosave.getState().status).toBe('error');
    expect(autosave.unsaved).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toMatchObject({ title: 'Kept' });
    await server.succeed();
    expect(autosave.getState().status).toBe('saved');
  });

  it('on DRAFT_STALE stops saving until the member chooses; theirs replaces the base', async () => {
    const initial: PostDraft = {
      draftId: 'draft-9',
      title: 'Mine',
      content: '',
      image: null,
      credit: '',
      privacy: 'public',
      destination: 'profile',
      version: 4,
      createdAt: '2026-11-27T10:00:00Z',
      updatedAt: '2026-11-27T10:00:00Z',
    };
    const server = manualServer();
    const theirs = { ...initial, title: 'Theirs', version: 6 };
    const autosave = new DraftAutosave({
      initial,
      fields: { ...EMPTY, title: 'Mine' },
      save: server.save,
      loadLatest: () => Promise.resolve(theirs),
    });
    autosave.edit({ ...EMPTY, title: 'Mine, longer' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls[0]).toEqual({ draftId: 'draft-9', version: 4, title: 'Mine, longer' });
    await server.fail(apiError(409, 'DRAFT_STALE'));
    expect(autosave.getState().status).toBe('stale');
    autosave.edit({ ...EMPTY, title: 'Mine, longer still' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    await expect(autosave.commit()).rejects.toMatchObject({ code: 'DRAFT_STALE' });
    autosave.release();

    // Keeping mine saves it over theirs, on their version.
    void autosave.keepMine(theirs);
    expect(server.calls[1]).toEqual({
      draftId: 'draft-9',
      version: 6,
      title: 'Mine, longer still',
    });
    await server.fail(apiError(409, 'DRAFT_STALE'));
    // Or theirs: the form is given their fields, and saving goes on from their version.
    expect(autosave.takeTheirs(theirs)).toMatchObject({ title: 'Theirs' });
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 6 });
  });

  it('takes a stale answer as saved when the server holds what was sent (an answer lost)', async () => {
    const { server, autosave } = setup();
    autosave.edit({ ...EMPTY, title: 'First' });
    await vi.advanceTimersByTimeAsync(1500);
    await server.succeed();
    // Typed and taken back: nothing to send.
    autosave.edit({ ...EMPTY, title: 'First!' });
    autosave.edit({ ...EMPTY, title: 'First' });
    expect(autosave.getState().status).toBe('saved');
    autosave.edit({ ...EMPTY, title: 'Second ' });
    await vi.advanceTimersByTimeAsync(1500);
    await server.keepButFail(apiError(409, 'DRAFT_STALE'));
    await vi.advanceTimersByTimeAsync(0);
    expect(autosave.getState()).toMatchObject({ status: 'saved', version: 2 });
  });

  it('a draft gone from the server (published elsewhere) becomes a new one only when asked', async () => {
    const { server, autosave, created } = setup();
    autosave.edit({ ...EMPTY, title: 'Words' });
    await vi.advanceTimersByTimeAsync(1500);
    await server.succeed();
    autosave.edit({ ...EMPTY, title: 'Words more' });
    await vi.advanceTimersByTimeAsync(1500);
    await server.fail(apiError(404, 'DRAFT_NOT_FOUND'));
    expect(autosave.getState().status).toBe('gone');
    void autosave.startOver();
    expect(server.calls[2]).toMatchObject({ title: 'Words more' });
    expect(server.calls[2]).not.toHaveProperty('draftId');
    await server.succeed();
    expect(created).toHaveLength(2);
  });

  it('commit sends what is typed now, holds the autosave, and answers the version to publish', async () => {
    const { server, autosave } = setup();
    autosave.edit({ ...EMPTY, title: 'Publish me' });
    const committed = autosave.commit();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    await server.succeed();
    await expect(committed).resolves.toEqual({ draftId: 'draft-1', version: 1 });
    autosave.edit({ ...EMPTY, title: 'Publish me now' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.calls).toHaveLength(1);
    autosave.release();
    await vi.advanceTimersByTimeAsync(1500);
    expect(server.calls).toHaveLength(2);
  });

  it('commit of an untouched new form answers null, and a failed commit throws', async () => {
    const { server, autosave } = setup();
    await expect(autosave.commit()).resolves.toBeNull();
    autosave.release();
    autosave.edit({ ...EMPTY, title: 'Over the limit' });
    const committed = autosave.commit().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    await server.fail(apiError(409, 'DRAFTS_LIMIT'));
    await expect(committed).resolves.toMatchObject({ code: 'DRAFTS_LIMIT' });
    expect(autosave.getState().status).toBe('error');
  });
});
