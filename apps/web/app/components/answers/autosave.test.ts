import type { AnswerData } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AutosaveController,
  autosaveAnnouncement,
  type AutosaveAnnouncement,
  type AutosaveState,
  type DraftSnapshot,
  type DraftStorage,
} from './autosave';

const KEY = 'mepedia.draft.member-1.me.roots';

function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

function apiError(status: number, code: string) {
  return new ApiError(status, { code, message: code, requestId: 'r' });
}

type Call = { data: AnswerData; version: number };

/** A save function whose answers the test hands out one by one. */
function manualServer() {
  const calls: Call[] = [];
  const pending: Array<{ resolve: (s: DraftSnapshot) => void; reject: (e: unknown) => void }> = [];
  let version = 0;
  const save = (data: AnswerData, base: number) => {
    calls.push({ data, version: base });
    return new Promise<DraftSnapshot>((resolve, reject) => pending.push({ resolve, reject }));
  };
  return {
    calls,
    save,
    /** Answer the oldest waiting save as the server would. */
    async succeed() {
      const call = calls[calls.length - pending.length];
      const next = pending.shift();
      if (!call || !next) throw new Error('no save waiting');
      version = call.version + 1;
      next.resolve({ draft: call.data, version });
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

function setup(initial: DraftSnapshot = { draft: {}, version: 0 }) {
  const server = manualServer();
  const storage = memoryStorage();
  const controller = new AutosaveController({
    initial,
    save: server.save,
    storage,
    storageKey: KEY,
    delayMs: 1000,
    retryMs: 10_000,
  });
  return { server, storage, controller };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('AutosaveController', () => {
  describe('debounce', () => {
    it('saves once, a second after the typing stops, with the version it was based on', async () => {
      const { server, controller } = setup({ draft: {}, version: 4 });
      controller.edit({ 'roots-1': 'H' });
      await vi.advanceTimersByTimeAsync(500);
      controller.edit({ 'roots-1': 'He' });
      await vi.advanceTimersByTimeAsync(500);
      controller.edit({ 'roots-1': 'Hello' });
      expect(controller.getState().status).toBe('pending');
      await vi.advanceTimersByTimeAsync(999);
      expect(server.calls).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls).toEqual([{ data: { 'roots-1': 'Hello' }, version: 4 }]);
      expect(controller.getState().status).toBe('saving');
      await server.succeed();
      expect(controller.getState()).toMatchObject({ status: 'saved', version: 5 });
    });

    it('sends nothing when the text is back to what the server has', async () => {
      const { server, controller } = setup({ draft: { 'roots-1': 'Same' }, version: 2 });
      controller.edit({ 'roots-1': 'Samex' });
      controller.edit({ 'roots-1': 'Same' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(server.calls).toEqual([]);
    });
  });

  describe('a save on its way', () => {
    it('queues what is typed meanwhile and sends it next, based on the new version', async () => {
      const { server, controller, storage } = setup();
      controller.edit({ 'roots-1': 'First' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(server.waiting()).toBe(1);

      controller.edit({ 'roots-1': 'First and second' });
      await vi.advanceTimersByTimeAsync(1000);
      // Still one at a time.
      expect(server.calls).toHaveLength(1);

      await server.succeed();
      expect(server.calls).toEqual([
        { data: { 'roots-1': 'First' }, version: 0 },
        { data: { 'roots-1': 'First and second' }, version: 1 },
      ]);
      // The newer text stays on the device until the server has it.
      expect(storage.items.has(KEY)).toBe(true);
      await server.succeed();
      expect(controller.getState()).toMatchObject({ status: 'saved', version: 2 });
      expect(storage.items.has(KEY)).toBe(false);
    });

    it('waits for the pause when the member is still typing as the save returns', async () => {
      const { server, controller } = setup();
      controller.edit({ 'roots-1': 'A' });
      await vi.advanceTimersByTimeAsync(1000);
      controller.edit({ 'roots-1': 'AB' });
      await server.succeed();
      expect(server.calls).toHaveLength(1);
      expect(controller.getState().status).toBe('pending');
      await vi.advanceTimersByTimeAsync(1000);
      expect(server.calls[1]).toEqual({ data: { 'roots-1': 'AB' }, version: 1 });
    });
  });

  describe('offline', () => {
    it('keeps the text on the device and retries on a timer and when back online', async () => {
      const { server, controller, storage } = setup();
      controller.edit({ 'roots-1': 'Written on a train' });
      expect(JSON.parse(storage.items.get(KEY) ?? '{}')).toMatchObject({
        data: { 'roots-1': 'Written on a train' },
        baseVersion: 0,
      });
      await vi.advanceTimersByTimeAsync(1000);
      await server.fail(new TypeError('Failed to fetch'));
      expect(controller.getState().status).toBe('offline');
      expect(storage.items.has(KEY)).toBe(true);

      // The timer tries again, then waits twice as long.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(server.calls).toHaveLength(2);
      await server.fail(new TypeError('Failed to fetch'));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(server.calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(server.calls).toHaveLength(3);
      await server.fail(new TypeError('Failed to fetch'));

      // The `online` event does not wait for the timer.
      controller.retryNow();
      expect(server.calls).toHaveLength(4);
      await server.succeed();
      expect(controller.getState().status).toBe('saved');
      expect(storage.items.has(KEY)).toBe(false);
      // No retry left behind.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(server.calls).toHaveLength(4);
    });

    it('tries again at once when the browser comes back online while a save is failing', async () => {
      const { server, controller } = setup();
      controller.edit({ 'roots-1': 'x' });
      await vi.advanceTimersByTimeAsync(1000);
      controller.retryNow();
      await server.fail(new TypeError('Failed to fetch'));
      expect(server.calls).toHaveLength(2);
    });

    it('retries a server failure but not a refusal', async () => {
      const { server, controller } = setup();
      controller.edit({ 'roots-1': 'x' });
      await vi.advanceTimersByTimeAsync(1000);
      await server.fail(apiError(503, 'UNAVAILABLE'));
      expect(controller.getState().status).toBe('error');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(server.calls).toHaveLength(2);
      await server.fail(apiError(409, 'QUESTION_LOCKED'));
      await vi.advanceTimersByTimeAsync(30_000);
      expect(server.calls).toHaveLength(2);
      expect(controller.getState().error).toBeInstanceOf(ApiError);
    });

    it('restores text typed after the server’s draft was written, and saves it', async () => {
      const storage = memoryStorage();
      storage.setItem(
        KEY,
        JSON.stringify({
          data: { 'roots-1': 'Kept locally' },
          baseVersion: 3,
          editedAt: Date.parse('2026-11-23T09:59:00Z'),
        }),
      );
      const server = manualServer();
      const controller = new AutosaveController({
        initial: { draft: { 'roots-1': 'Kept' }, version: 3 },
        save: server.save,
        storage,
        storageKey: KEY,
      });
      expect(controller.restore(Date.parse('2026-11-23T09:58:00Z'))).toBe(true);
      expect(controller.getState()).toMatchObject({
        data: { 'roots-1': 'Kept locally' },
        restored: true,
        status: 'pending',
      });
      await vi.advanceTimersByTimeAsync(1000);
      expect(server.calls).toEqual([{ data: { 'roots-1': 'Kept locally' }, version: 3 }]);
    });

    it('restores text typed on the draft the server still has, whatever the clocks say', () => {
      const storage = memoryStorage();
      storage.setItem(
        KEY,
        JSON.stringify({ data: { 'roots-1': 'typed' }, baseVersion: 2, editedAt: 1000 }),
      );
      const controller = new AutosaveController({
        initial: { draft: { 'roots-1': 'saved' }, version: 2 },
        save: () => new Promise<DraftSnapshot>(() => undefined),
        storage,
        storageKey: KEY,
      });
      expect(controller.restore(5000)).toBe(true);
      expect(controller.getState().data).toEqual({ 'roots-1': 'typed' });
    });

    it('drops device text older than the server’s draft', () => {
      const storage = memoryStorage();
      storage.setItem(
        KEY,
        JSON.stringify({ data: { 'roots-1': 'old' }, baseVersion: 1, editedAt: 1000 }),
      );
      const controller = new AutosaveController({
        initial: { draft: { 'roots-1': 'newer' }, version: 2 },
        save: () => Promise.reject(new Error('not called')),
        storage,
        storageKey: KEY,
      });
      expect(controller.restore(2000)).toBe(false);
      expect(controller.getState().data).toEqual({ 'roots-1': 'newer' });
      expect(storage.items.has(KEY)).toBe(false);
    });
  });

  describe('ANSWER_STALE', () => {
    it('stops saving, keeps the text, and lets the member take the newer draft', async () => {
      const { server, controller, storage } = setup({ draft: {}, version: 1 });
      controller.edit({ 'roots-1': 'Mine' });
      await vi.advanceTimersByTimeAsync(1000);
      await server.fail(apiError(409, 'ANSWER_STALE'));
      expect(controller.getState().status).toBe('stale');

      // Typing goes on, kept on the device, but nothing is sent over the other draft.
      controller.edit({ 'roots-1': 'Mine, longer' });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(server.calls).toHaveLength(1);
      expect(controller.getState().status).toBe('stale');
      expect(storage.items.has(KEY)).toBe(true);

      controller.takeTheirs({ draft: { 'roots-1': 'Theirs' }, version: 7 });
      expect(controller.getState()).toMatchObject({
        data: { 'roots-1': 'Theirs' },
        version: 7,
        status: 'saved',
      });
      expect(storage.items.has(KEY)).toBe(false);
    });

    it('is no conflict when the server already holds the text: a save whose answer was lost', async () => {
      const server = manualServer();
      const storage = memoryStorage();
      let latest: DraftSnapshot = { draft: { 'roots-1': 'Sent, answer lost' }, version: 4 };
      const controller = new AutosaveController({
        initial: { draft: {}, version: 3 },
        save: server.save,
        loadLatest: () => Promise.resolve(latest),
        storage,
        storageKey: KEY,
        delayMs: 1000,
        retryMs: 10_000,
      });
      controller.edit({ 'roots-1': 'Sent, answer lost' });
      await vi.advanceTimersByTimeAsync(1000);
      await server.fail(apiError(409, 'ANSWER_STALE'));
      expect(controller.getState()).toMatchObject({ status: 'saved', version: 4 });
      expect(storage.items.has(KEY)).toBe(false);

      // Another text on the server is a real conflict.
      latest = { draft: { 'roots-1': 'From elsewhere' }, version: 6 };
      controller.edit({ 'roots-1': 'Mine' });
      await vi.advanceTimersByTimeAsync(1000);
      await server.fail(apiError(409, 'ANSWER_STALE'));
      expect(controller.getState().status).toBe('stale');
      expect(storage.items.has(KEY)).toBe(true);
    });

    it('saves the member’s text over the newer draft only when asked, on its version', async () => {
      const { server, controller } = setup({ draft: {}, version: 1 });
      controller.edit({ 'roots-1': 'Mine' });
      await vi.advanceTimersByTimeAsync(1000);
      await server.fail(apiError(409, 'ANSWER_STALE'));
      const kept = controller.keepMine({ draft: { 'roots-1': 'Theirs' }, version: 7 });
      expect(server.calls[1]).toEqual({ data: { 'roots-1': 'Mine' }, version: 7 });
      await server.succeed();
      await kept;
      expect(controller.getState()).toMatchObject({ status: 'saved', version: 8 });
    });
  });

  describe('run (save live, revert)', () => {
    it('waits for the draft on its way, then takes the server’s answer as the base', async () => {
      const { server, controller } = setup();
      controller.edit({ 'roots-1': 'Draft' });
      await vi.advanceTimersByTimeAsync(1000);
      const action = vi.fn((data: AnswerData, version: number) =>
        Promise.resolve({ draft: { ...data }, version: version + 1 }),
      );
      const done = controller.run(action, false);
      expect(action).not.toHaveBeenCalled();
      await server.succeed();
      await done;
      expect(action).toHaveBeenCalledWith({ 'roots-1': 'Draft' }, 1);
      expect(controller.getState()).toMatchObject({ version: 2, status: 'saved' });
    });

    it('replaces the text on a revert', async () => {
      const { controller } = setup({ draft: { 'roots-1': 'Changed' }, version: 5 });
      await controller.run(
        () => Promise.resolve({ draft: { 'roots-1': 'Live' }, version: 6 }),
        true,
      );
      expect(controller.getState()).toMatchObject({ data: { 'roots-1': 'Live' }, version: 6 });
    });

    it('turns stale when the server refuses the action as stale', async () => {
      const { controller } = setup();
      await expect(
        controller.run(() => Promise.reject(apiError(409, 'ANSWER_STALE')), false),
      ).rejects.toBeInstanceOf(ApiError);
      expect(controller.getState().status).toBe('stale');
    });
  });
});

describe('autosaveAnnouncement', () => {
  // What a live region holding the last announcement says over a run of states.
  const heard = (states: Array<Pick<AutosaveState, 'status' | 'restored'>>) => {
    const said: AutosaveAnnouncement[] = [];
    for (const state of states) {
      const next = autosaveAnnouncement(state);
      if (next && next !== said.at(-1)) said.push(next);
    }
    return said;
  };
  const at = (status: AutosaveState['status'], restored = false) => ({ status, restored });

  it('says "saved" once over pauses in typing, not at every save', () => {
    const typing = [at('pending'), at('saving'), at('saved')];
    expect(heard([at('idle'), ...typing, ...typing, ...typing])).toEqual(['saved']);
  });

  it('says each change of state: offline, then saved again, then an error', () => {
    expect(
      heard([
        at('pending'),
        at('saving'),
        at('saved'),
        at('pending'),
        at('saving'),
        at('offline'),
        at('offline'),
        at('saving'),
        at('saved'),
        at('pending'),
        at('error'),
      ]),
    ).toEqual(['saved', 'offline', 'saved', 'error']);
  });

  it('says text from this device came back, while it is being saved', () => {
    expect(heard([at('pending', true), at('saving', true), at('saved')])).toEqual([
      'restored',
      'saved',
    ]);
  });

  it('leaves a newer draft in another window to its alert', () => {
    expect(autosaveAnnouncement(at('stale'))).toBeNull();
  });
});
