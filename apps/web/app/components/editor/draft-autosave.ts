import {
  withoutInvisibleControls,
  type PostDestination,
  type PostDraft,
  type PostPrivacy,
  type SaveDraftRequest,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { contentTextLength } from './content';

// A new post's autosave (issue 33): what the member writes goes to a draft on the server, after
// a pause in typing, one save at a time. The first save makes the draft; each later one sends the
// fields that changed with the version it is based on. Nothing here touches the form: the
// member's text stays in it whatever the server answers. No React, no browser: tested alone.

/** The form's fields a draft keeps. */
export type DraftFields = {
  title: string;
  /** The editor's HTML. */
  content: string;
  /** The uploaded picture's address; empty until one is. */
  image: string;
  credit: string;
  privacy: PostPrivacy;
  destination: PostDestination;
};

export type DraftStatus =
  /** Nothing to save: nothing typed yet, or the draft as it was opened. */
  | 'idle'
  /** Typed, waiting for the pause in typing. */
  | 'pending'
  | 'saving'
  | 'saved'
  /** The save failed: the text is in the form, and it is sent again. */
  | 'error'
  /** Another tab or device saved a newer version: nothing is sent until the member chooses. */
  | 'stale'
  /** The draft is no longer on the server (published or discarded elsewhere). */
  | 'gone';

export type DraftState = {
  status: DraftStatus;
  draftId: string | null;
  /** The version the next save is based on. */
  version: number;
  /** The last failure (status error), for the words beside the form. */
  error: unknown;
};

export type DraftAutosaveOptions = {
  /** The draft the page opened, or null for a post not yet saved anywhere. */
  initial: PostDraft | null;
  /** The form's values as the page opened (the draft's, or the new form's defaults). */
  fields: DraftFields;
  save: (request: SaveDraftRequest) => Promise<PostDraft>;
  /**
   * The server's draft now, asked after DRAFT_STALE: a save whose answer was lost (the
   * connection dropped after the server had it) is refused as stale when sent again; if the
   * server holds what was sent, it is saved, not a conflict.
   */
  loadLatest?: (draftId: string) => Promise<PostDraft | null>;
  /** The first save made the draft: the page takes its address. */
  onCreated?: (draftId: string) => void;
  delayMs?: number;
  retryMs?: number;
};

/** The pause in typing after which what was typed is saved. */
export const DRAFT_DELAY_MS = 1500;
/** The first retry after a failure; each next one waits twice as long, up to the maximum. */
export const DRAFT_RETRY_MS = 2000;
export const DRAFT_RETRY_MAX_MS = 30_000;

const FIELDS = ['title', 'content', 'image', 'credit', 'privacy', 'destination'] as const;

export function isDraftError(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** A failure worth trying again by itself: no answer at all, or the server's own trouble. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

/** What the server holds of a draft: its privacy may not be chosen yet (null). */
type ServerFields = Omit<DraftFields, 'privacy'> & { privacy: PostPrivacy | null };

/** A draft's fields as the server holds them. */
function serverFieldsOf(draft: PostDraft): ServerFields {
  return { ...draftFieldsOf(draft), privacy: draft.privacy };
}

/** A draft's fields as the form holds them (a picture or privacy not chosen yet: the form's). */
export function draftFieldsOf(draft: PostDraft): DraftFields {
  return {
    title: draft.title,
    content: draft.content,
    image: draft.image ?? '',
    credit: draft.credit,
    privacy: draft.privacy ?? 'public',
    destination: draft.destination,
  };
}

/** Whether the member has written or chosen anything worth a draft: a title, text or a picture. */
export function hasWords(fields: DraftFields): boolean {
  return fields.title.trim() !== '' || contentTextLength(fields.content) > 0 || fields.image !== '';
}

/** One field as the service takes it: without the invisible controls it refuses. */
function sentValue(key: (typeof FIELDS)[number], fields: DraftFields): string | null {
  switch (key) {
    case 'title':
    case 'credit':
      return withoutInvisibleControls(fields[key]);
    case 'content':
      return withoutInvisibleControls(fields.content.replace(/\r\n?/g, '\n'));
    case 'image':
      return fields.image === '' ? null : fields.image;
    case 'privacy':
    case 'destination':
      return fields[key];
  }
}

/**
 * What a save sends: a new draft whole (once there is something in it), or the fields that
 * differ from what the server has, with the version they are based on; null: nothing to send.
 */
export function draftRequest(
  current: DraftFields,
  saved: ServerFields,
  draft: { draftId: string | null; version: number },
  complete = false,
): SaveDraftRequest | null {
  if (draft.draftId === null) {
    if (!hasWords(current)) return null;
    const request: SaveDraftRequest = {};
    for (const key of FIELDS) {
      const value = sentValue(key, current);
      if (value !== null) Object.assign(request, { [key]: value });
    }
    return request;
  }
  const changed: Array<(typeof FIELDS)[number]> = FIELDS.filter(
    (key) => key !== 'privacy' && current[key] !== saved[key],
  );
  // A privacy never chosen goes with the next change, or before publishing (`complete`): not
  // alone, so opening such a draft saves nothing.
  if (saved.privacy === null ? changed.length > 0 || complete : current.privacy !== saved.privacy)
    changed.push('privacy');
  if (changed.length === 0) return null;
  const request: SaveDraftRequest = { draftId: draft.draftId, version: draft.version };
  for (const key of changed) Object.assign(request, { [key]: sentValue(key, current) });
  return request;
}

const same = (a: ServerFields, b: ServerFields) => FIELDS.every((key) => a[key] === b[key]);

/** Whether the server's draft holds what was sent (the service trims the one-line fields). */
function sameOnServer(draft: PostDraft, sent: DraftFields): boolean {
  const theirs = draftFieldsOf(draft);
  return FIELDS.every((key) => {
    const mine = sentValue(key, sent);
    const trimmed = key === 'title' || key === 'credit' ? (mine ?? '').trim() : mine;
    return trimmed === (key === 'image' ? draft.image : theirs[key]);
  });
}

export class DraftAutosave {
  private state: DraftState;
  private readonly listeners = new Set<() => void>();
  /** The form's values now. */
  private current: DraftFields;
  /** What the server holds (as the form had it when sent). */
  private saved: ServerFields;
  private inFlight: Promise<void> | null = null;
  private queued = false;
  private failures = 0;
  /** Publishing or deleting: no save starts by itself meanwhile. */
  private held = false;
  private disposed = false;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly delayMs: number;
  private readonly retryMs: number;

  constructor(private readonly options: DraftAutosaveOptions) {
    this.delayMs = options.delayMs ?? DRAFT_DELAY_MS;
    this.retryMs = options.retryMs ?? DRAFT_RETRY_MS;
    this.current = options.fields;
    // A privacy the draft does not have yet is sent with the next save, whatever the form shows.
    this.saved = options.initial
      ? { ...options.fields, privacy: options.initial.privacy }
      : options.fields;
    this.state = {
      status: 'idle',
      draftId: options.initial?.draftId ?? null,
      version: options.initial?.version ?? 0,
      error: null,
    };
  }

  getState = (): DraftState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether anything typed is not (yet) on the server: leaving would lose it. */
  get unsaved(): boolean {
    return this.state.status !== 'idle' && this.state.status !== 'saved';
  }

  /** The member typed or chose: saved after the pause. */
  edit(fields: DraftFields): void {
    this.current = fields;
    const { status } = this.state;
    if (status === 'stale' || status === 'gone') return;
    if (draftRequest(fields, this.saved, this.state) === null && !this.inFlight) {
      this.clearTimer('debounce');
      if (status === 'pending' || status === 'error')
        this.setState({ status: this.state.draftId ? 'saved' : 'idle', error: null });
      return;
    }
    if (status !== 'saving') this.setState({ status: 'pending' });
    this.schedule();
  }

  /** Save what is unsaved now (the pause ended, the page is hidden or left). */
  flush(): Promise<void> {
    this.clearTimer('debounce');
    if (this.disposed || this.held) return Promise.resolve();
    return this.pump().catch(() => undefined);
  }

  /**
   * Holds the autosave still (discarding the draft): answers the state once no save is out.
   * `release()` lets it go on.
   */
  async hold(): Promise<DraftState> {
    this.held = true;
    this.clearTimer('debounce');
    this.clearTimer('retry');
    while (this.inFlight) await this.inFlight;
    return this.state;
  }

  /** A refusal met elsewhere (publishing): another tab's newer version, or the draft gone. */
  conflict(error: unknown): void {
    if (isDraftError(error, 'DRAFT_STALE')) this.setState({ status: 'stale', error });
    else if (isDraftError(error, 'DRAFT_NOT_FOUND')) this.setState({ status: 'gone', error });
  }

  /**
   * The last save before publishing: what is typed goes now, and the autosave holds still until
   * `release()`. Answers the draft's id and version (null when nothing was ever saved); a failed
   * save is thrown (DRAFT_STALE, DRAFTS_LIMIT, the network).
   */
  async commit(): Promise<{ draftId: string; version: number } | null> {
    await this.hold();
    if (this.state.status === 'stale' || this.state.status === 'gone') throw this.state.error;
    const request = draftRequest(this.current, this.saved, this.state, true);
    if (request) await this.send(request);
    const { draftId, version } = this.state;
    return draftId === null ? null : { draftId, version };
  }

  /** After a publish that did not happen: saving goes on. */
  release(): void {
    this.held = false;
    if (this.state.status === 'pending' || this.state.status === 'error') this.schedule();
  }

  /** Another tab's newer draft (after DRAFT_STALE): it is the base now, and the form shows it. */
  takeTheirs(theirs: PostDraft): DraftFields {
    const fields = draftFieldsOf(theirs);
    this.current = fields;
    this.saved = serverFieldsOf(theirs);
    this.setState({ status: 'saved', version: theirs.version, error: null });
    return fields;
  }

  /** Another tab's newer draft: keep the text here and save it over that one, knowingly. */
  keepMine(theirs: PostDraft): Promise<void> {
    this.saved = serverFieldsOf(theirs);
    this.setState({ status: 'pending', version: theirs.version, error: null });
    return this.flush();
  }

  /** The draft is gone from the server: what is in the form becomes a new draft. */
  startOver(): Promise<void> {
    this.saved = { ...this.current, title: '', content: '', image: '', credit: '' };
    this.setState({ status: 'pending', draftId: null, version: 0, error: null });
    return this.flush();
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer('debounce');
    this.clearTimer('retry');
    this.listeners.clear();
  }

  /** One save at a time: what is typed while one is out goes next. */
  private pump(): Promise<void> {
    if (this.inFlight) {
      this.queued = true;
      return this.inFlight;
    }
    const { status } = this.state;
    if (status === 'stale' || status === 'gone') return Promise.resolve();
    const request = draftRequest(this.current, this.saved, this.state);
    if (!request) {
      if (status === 'pending' || status === 'error')
        this.setState({ status: this.state.draftId ? 'saved' : 'idle', error: null });
      return Promise.resolve();
    }
    const sent = this.send(request);
    return sent.then(
      () => this.next(),
      (error: unknown) => {
        if (isRetryable(error) && this.state.status === 'error') this.startRetry();
        throw error;
      },
    );
  }

  /** Typed while that save was out, and the pause already ended: send it now. */
  private next(): Promise<void> {
    const queued = this.queued;
    this.queued = false;
    if (queued && !this.debounce && !this.held && !this.disposed) return this.pump();
    return Promise.resolve();
  }

  /** Sends one save; the state follows its answer, and a failure is thrown on. */
  private send(request: SaveDraftRequest): Promise<void> {
    const sent = this.current;
    const created = this.state.draftId === null;
    this.setState({ status: 'saving' });
    const flight = this.options
      .save(request)
      .then(
        (draft) => this.onSaved(sent, draft, created),
        (error: unknown) => this.onFailed(error, sent),
      )
      .finally(() => {
        this.inFlight = null;
      });
    this.inFlight = flight.catch(() => undefined);
    return flight;
  }

  private onSaved(sent: DraftFields, draft: PostDraft, created: boolean): void {
    this.failures = 0;
    this.saved = sent;
    this.clearTimer('retry');
    const typedSince = !same(this.current, sent);
    this.setState({
      status: typedSince ? 'pending' : 'saved',
      draftId: draft.draftId,
      version: draft.version,
      error: null,
    });
    if (typedSince && !this.debounce) this.queued = true;
    if (created) this.options.onCreated?.(draft.draftId);
  }

  /** Resolves when the failure was a save the server had after all; throws otherwise. */
  private async onFailed(error: unknown, sent: DraftFields): Promise<void> {
    this.queued = false;
    const { draftId } = this.state;
    if (isDraftError(error, 'DRAFT_STALE') && draftId) {
      const latest = await this.options.loadLatest?.(draftId).catch(() => null);
      if (latest && sameOnServer(latest, sent)) {
        this.onSaved(sent, latest, false);
        return;
      }
      this.clearTimer('debounce');
      this.setState({ status: 'stale', error });
      throw error;
    }
    if (isDraftError(error, 'DRAFT_NOT_FOUND')) {
      this.clearTimer('debounce');
      this.setState({ status: 'gone', error });
      throw error;
    }
    this.failures += 1;
    this.setState({ status: 'error', error });
    throw error;
  }

  private schedule(): void {
    if (this.disposed || this.held) return;
    this.clearTimer('debounce');
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      void this.flush();
    }, this.delayMs);
  }

  private startRetry(): void {
    if (this.disposed || this.held) return;
    const delay = Math.min(this.retryMs * 2 ** (this.failures - 1), DRAFT_RETRY_MAX_MS);
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

  private setState(change: Partial<DraftState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }
}
