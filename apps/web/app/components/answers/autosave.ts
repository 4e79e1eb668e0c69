import { sameAnswers, type AnswerData } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';

/** What the server holds of a draft: its texts and the version the next save is based on. */
export type DraftSnapshot = { draft: AnswerData; version: number };

/** Where unsaved text waits (window.localStorage in the browser, a Map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AutosaveStatus =
  /** Nothing typed since the page opened. */
  | 'idle'
  /** Typed, waiting for the pause in typing. */
  | 'pending'
  | 'saving'
  | 'saved'
  /** The network failed: the text is kept on this device and sent again. */
  | 'offline'
  /** The server refused the save for another reason: kept and retried. */
  | 'error'
  /** Another window saved a newer draft: nothing is sent until the member chooses. */
  | 'stale';

export type AutosaveState = {
  data: AnswerData;
  status: AutosaveStatus;
  version: number;
  /** The last failure (status error or offline), for the message next to the form. */
  error: unknown;
  /** True when the text came back from this device's storage (typed, never saved). */
  restored: boolean;
};

/** What the draft's live region says: a change of state, never each save of a pause in typing. */
export type AutosaveAnnouncement = 'saved' | 'offline' | 'error' | 'restored';

/**
 * What a state would announce, or null for the states in between (typing, saving), which keep
 * the last announcement. Saved after saved says nothing new, so a member typing in bursts hears
 * "Draft saved" once, then only when saving fails, or works again after failing.
 */
export function autosaveAnnouncement(
  state: Pick<AutosaveState, 'status' | 'restored'>,
): AutosaveAnnouncement | null {
  if (state.restored && (state.status === 'pending' || state.status === 'saving'))
    return 'restored';
  switch (state.status) {
    case 'saved':
    case 'offline':
    case 'error':
      return state.status;
    case 'idle':
    case 'pending':
    case 'saving':
    case 'stale':
      return null;
  }
}

/** What is kept on the device while a draft is not yet on the server. */
type StoredDraft = { data: AnswerData; baseVersion: number; editedAt: number };

export type AutosaveOptions = {
  initial: DraftSnapshot;
  save: (data: AnswerData, version: number) => Promise<DraftSnapshot>;
  /**
   * The server's draft now. Asked after ANSWER_STALE: a save whose answer was lost (the
   * connection dropped after the server had it) is refused as stale when tried again, and if the
   * server holds exactly the text sent, it is saved, not a conflict.
   */
  loadLatest?: () => Promise<DraftSnapshot | null>;
  storage: DraftStorage | null;
  /** One key per member and question. */
  storageKey: string;
  delayMs?: number;
  retryMs?: number;
};

export const AUTOSAVE_DELAY_MS = 1000;
/** The first retry after a failure; each next one waits twice as long, up to the maximum. */
export const AUTOSAVE_RETRY_MS = 2000;
export const AUTOSAVE_RETRY_MAX_MS = 30_000;

export function isStaleError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ANSWER_STALE';
}

/** A failure worth trying again by itself: no answer at all, or the server's own trouble. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

/** The key of a member's unsaved text for one question. */
export function draftStorageKey(memberId: string, kind: 'me' | 'private', questionId: string) {
  return `mepedia.draft.${memberId}.${kind}.${questionId}`;
}

/**
 * The draft's autosave, without React or a browser: debounced saves, one at a time (what is
 * typed meanwhile goes next), unsaved text kept in `storage` until the server has it, retried
 * after a failure, and stopped on ANSWER_STALE until the member decides.
 */
export class AutosaveController {
  private state: AutosaveState;
  private readonly listeners = new Set<() => void>();
  private lastSaved: AnswerData;
  private inFlight: Promise<void> | null = null;
  private queued = false;
  private retrySoon = false;
  private failures = 0;
  private paused = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly delayMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: AutosaveOptions) {
    this.delayMs = options.delayMs ?? AUTOSAVE_DELAY_MS;
    this.retryMs = options.retryMs ?? AUTOSAVE_RETRY_MS;
    this.lastSaved = options.initial.draft;
    this.state = {
      data: options.initial.draft,
      status: 'idle',
      version: options.initial.version,
      error: null,
      restored: false,
    };
  }

  getState = (): AutosaveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Text kept on this device from an earlier visit, if it differs from the server's draft and is
   * newer: typed on the draft the server still has (same version, whatever the clocks say), or
   * after the server's draft was last written (`serverUpdatedAt`, ms). Shown and saved again.
   */
  restore(serverUpdatedAt: number): boolean {
    const stored = this.readStored();
    if (!stored) return false;
    const newer = stored.baseVersion === this.state.version || stored.editedAt > serverUpdatedAt;
    if (!newer || sameAnswers(stored.data, this.lastSaved)) {
      this.removeStored();
      return false;
    }
    this.setState({ data: stored.data, status: 'pending', restored: true });
    this.schedule();
    return true;
  }

  /** The member typed: keep it at once, send it after a pause. */
  edit(data: AnswerData): void {
    this.setState({ data, status: this.state.status === 'stale' ? 'stale' : 'pending' });
    this.writeStored(data);
    if (this.state.status !== 'stale') this.schedule();
  }

  /** Send what is unsaved now (the pause ended, the browser is back online, the page closes). */
  flush(): Promise<void> {
    this.clearTimer('debounce');
    if (this.disposed || this.paused || this.state.status === 'stale') return Promise.resolve();
    if (this.inFlight) {
      this.queued = true;
      return this.inFlight;
    }
    if (sameAnswers(this.state.data, this.lastSaved)) {
      this.removeStored();
      if (this.state.status !== 'idle') this.setState({ status: 'saved', error: null });
      return Promise.resolve();
    }
    const sent = this.state.data;
    this.setState({ status: 'saving' });
    this.inFlight = this.options
      .save(sent, this.state.version)
      .then(
        (saved) => this.onSaved(sent, saved),
        (error: unknown) => this.onFailed(error, sent),
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight.then(() => {
      // Typed while that save was on its way, and the pause already ended: send it now.
      if (this.queued && !this.debounce) {
        this.queued = false;
        return this.flush();
      }
      this.queued = false;
      return undefined;
    });
  }

  /** The browser is back online: try now rather than at the next retry. */
  retryNow(): void {
    if (this.state.status === 'offline' || this.state.status === 'error') void this.flush();
    // A save on its way may still fail from before: then try again at once, not on the timer.
    else if (this.inFlight) this.retrySoon = true;
  }

  /**
   * Save or revert on the server (`action`, given the texts and version), with the autosave held
   * still meanwhile; the server's answer becomes the base. `replace`: its texts replace what
   * is on screen (revert, loading another window's text); otherwise what was typed during the
   * action stays and is saved next.
   */
  async run(
    action: (data: AnswerData, version: number) => Promise<DraftSnapshot>,
    replace: boolean,
  ): Promise<DraftSnapshot> {
    this.clearTimer('debounce');
    this.paused = true;
    try {
      if (this.inFlight) await this.inFlight;
      const sent = this.state.data;
      const result = await action(sent, this.state.version);
      this.accept(result, replace ? null : sent);
      return result;
    } catch (error) {
      if (isStaleError(error)) this.setState({ status: 'stale' });
      throw error;
    } finally {
      this.paused = false;
      if (this.state.status === 'pending') this.schedule();
    }
  }

  /** Another window's newer draft (after ANSWER_STALE): take it, dropping the text here. */
  takeTheirs(theirs: DraftSnapshot): void {
    this.accept(theirs, null);
  }

  /** Another window's newer draft: keep the text here and save it over that one, knowingly. */
  keepMine(theirs: DraftSnapshot): Promise<void> {
    this.lastSaved = theirs.draft;
    this.setState({ version: theirs.version, status: 'pending', error: null });
    return this.flush();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer('debounce');
    this.clearTimer('retry');
    this.listeners.clear();
  }

  private accept(result: DraftSnapshot, typedOver: AnswerData | null): void {
    this.lastSaved = result.draft;
    const keepTyped = typedOver !== null && !sameAnswers(this.state.data, typedOver);
    if (keepTyped) {
      this.setState({ version: result.version, status: 'pending', error: null, restored: false });
      this.schedule();
      return;
    }
    this.removeStored();
    this.clearTimer('retry');
    this.setState({
      data: result.draft,
      version: result.version,
      status: 'saved',
      error: null,
      restored: false,
    });
  }

  private onSaved(sent: AnswerData, saved: DraftSnapshot): void {
    this.retrySoon = false;
    this.failures = 0;
    this.lastSaved = saved.draft;
    this.clearTimer('retry');
    const typedSince = !sameAnswers(this.state.data, sent);
    if (!typedSince) this.removeStored();
    this.setState({
      version: saved.version,
      status: typedSince ? 'pending' : 'saved',
      error: null,
    });
    if (typedSince && !this.debounce) this.queued = true;
  }

  private async onFailed(error: unknown, sent: AnswerData): Promise<void> {
    this.queued = false;
    if (isStaleError(error)) {
      const latest = await this.options.loadLatest?.().catch(() => null);
      if (latest && sameAnswers(latest.draft, sent)) {
        this.onSaved(sent, latest);
        return;
      }
      this.clearTimer('debounce');
      this.setState({ status: 'stale', error });
      return;
    }
    const offline = !(error instanceof ApiError);
    this.setState({ status: offline ? 'offline' : 'error', error });
    this.failures += 1;
    const backoff = Math.min(this.retryMs * 2 ** (this.failures - 1), AUTOSAVE_RETRY_MAX_MS);
    if (isRetryable(error)) this.startRetry(this.retrySoon ? 0 : backoff);
    this.retrySoon = false;
  }

  private schedule(): void {
    if (this.disposed) return;
    this.clearTimer('debounce');
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.flush();
    }, this.delayMs);
  }

  private startRetry(delay: number): void {
    if (this.disposed) return;
    this.clearTimer('retry');
    this.retry = setTimeout(() => {
      this.retry = undefined;
      void this.flush();
    }, delay);
  }

  private clearTimer(which: 'debounce' | 'retry'): void {
    const timer = this[which];
    if (timer !== undefined) clearTimeout(timer);
    this[which] = undefined;
  }

  private setState(change: Partial<AutosaveState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  private readStored(): StoredDraft | null {
    try {
      const raw = this.options.storage?.getItem(this.options.storageKey);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Partial<StoredDraft>;
      if (
        typeof parsed.editedAt !== 'number' ||
        typeof parsed.baseVersion !== 'number' ||
        !parsed.data ||
        typeof parsed.data !== 'object' ||
        !Object.values(parsed.data).every((text) => typeof text === 'string')
      )
        return null;
      return { data: parsed.data, baseVersion: parsed.baseVersion, editedAt: parsed.editedAt };
    } catch {
      return null;
    }
  }

  private writeStored(data: AnswerData): void {
    const stored: StoredDraft = { data, baseVersion: this.state.version, editedAt: Date.now() };
    try {
      this.options.storage?.setItem(this.options.storageKey, JSON.stringify(stored));
    } catch {
      // Storage full or switched off: the text still goes to the server.
    }
  }

  private removeStored(): void {
    try {
      this.options.storage?.removeItem(this.options.storageKey);
    } catch {
      // Nothing to clean up where storage is switched off.
    }
  }
}
