export type ToastKind = 'error' | 'success';
export type Toast = { id: number; kind: ToastKind; message: string };

/** The spec's pace: one toast per 5.5 seconds; each stays that long unless closed. */
export const TOAST_COOLDOWN_MS = 5500;
/** Beyond this many waiting, the oldest waiting one gives way: a flood must not last minutes. */
export const TOAST_QUEUE_LIMIT = 4;

type Timers = {
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
};

const browserTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * Toasts one at a time, one per cooldown: a message that comes while another shows waits its
 * turn instead of being thrown away. A message already showing or waiting is not queued twice.
 * Closing a toast hides it; the next one still waits for the cooldown to end.
 */
export class ToastQueue {
  private current: Toast | null = null;
  private readonly waiting: Toast[] = [];
  private lastShownAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private nextId = 1;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly cooldownMs = TOAST_COOLDOWN_MS,
    private readonly timers: Timers = browserTimers,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): Toast | null => this.current;

  /** How many wait behind the one showing. */
  get pending(): number {
    return this.waiting.length;
  }

  push(kind: ToastKind, message: string): void {
    const same = (toast: Toast | null) => toast?.kind === kind && toast.message === message;
    if (same(this.current) || this.waiting.some(same)) return;
    this.waiting.push({ id: this.nextId++, kind, message });
    if (this.waiting.length > TOAST_QUEUE_LIMIT) this.waiting.shift();
    if (this.timer === null) this.advance();
  }

  /** The member closed the toast showing. */
  dismiss(): void {
    if (!this.current) return;
    this.current = null;
    this.emit();
  }

  dispose(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private advance(): void {
    this.timer = null;
    const wait = this.lastShownAt + this.cooldownMs - this.timers.now();
    if (this.waiting.length > 0 && wait > 0) {
      // Only a closed toast leaves time on the clock: the next one keeps the pace.
      this.timer = this.timers.setTimeout(() => this.advance(), wait);
      return;
    }
    this.current = this.waiting.shift() ?? null;
    if (this.current) {
      this.lastShownAt = this.timers.now();
      this.timer = this.timers.setTimeout(() => this.advance(), this.cooldownMs);
    }
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const FLASH_KEY = 'mepedia.confirmation';

/** Confirmations that end with a full page load, each said by the page after it (`confirm.<id>`). */
export const CONFIRMATIONS = [
  'loggedOut',
  'profileDeleted',
  'passwordChanged',
  'emailConfirmed',
] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

/**
 * Kept for this tab until the next page shows it, in that page's language: logging out,
 * deleting the profile, a new password and a confirmed email all end by loading another page.
 */
export function rememberConfirmation(confirmation: Confirmation): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, confirmation);
  } catch {
    // Storage refused (private mode, quota): the confirmation is lost, nothing else is.
  }
}

/** The confirmation the page before left, once. */
export function takeConfirmation(): Confirmation | null {
  try {
    const stored = window.sessionStorage.getItem(FLASH_KEY);
    window.sessionStorage.removeItem(FLASH_KEY);
    return CONFIRMATIONS.find((known) => known === stored) ?? null;
  } catch {
    return null;
  }
}
