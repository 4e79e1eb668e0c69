/** One server-sent event as a client reads it. */
export type ReadEvent = { id: string | undefined; event: string; data: unknown };

/**
 * A `text/event-stream` answer read as a browser's EventSource would (for tests): its events
 * as they come (`next`, waiting for one that matches), the answer's status and headers, and
 * `close` to leave (the connection ends, as when a tab closes).
 */
export class EventStreamClient {
  private readonly events: ReadEvent[] = [];
  private readonly waiters: Array<() => void> = [];
  private buffer = '';
  private ended = false;
  private readonly controller = new AbortController();
  status = 0;
  headers = new Headers();
  /** A refusal's body (an answer that is not a stream), as text and parsed. */
  text = '';
  body: unknown = undefined;

  private constructor() {}

  /** Open `url` with these headers (a session's, a `Last-Event-ID`); resolves once it answers. */
  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamClient> {
    const client = new EventStreamClient();
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream', ...headers },
      signal: client.controller.signal,
    });
    client.status = response.status;
    client.headers = response.headers;
    if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // A refusal (a JSON error envelope): read whole.
      client.text = await response.text();
      try {
        client.body = JSON.parse(client.text);
      } catch {
        client.body = client.text;
      }
      client.ended = true;
      return client;
    }
    if (!response.body) {
      client.ended = true;
      return client;
    }
    void client.pump(response.body);
    return client;
  }

  private async pump(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        this.parse();
      }
    } catch {
      // Aborted by `close`, or the connection went: the stream has ended.
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: string | undefined;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length === 0) continue;
      const text = data.join('\n');
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: kept as text.
      }
      this.events.push({ id, event, data: parsed });
      this.wake();
    }
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Every event read so far. */
  get received(): readonly ReadEvent[] {
    return this.events;
  }

  /** Whether the stream has ended (closed by either side). */
  get closed(): boolean {
    return this.ended;
  }

  /**
   * The first event read (from the start) that matches, waiting for it up to `timeoutMs`; a
   * stream that ends first, or the wait running out, fails with what was read.
   */
  async next(
    match: (event: ReadEvent) => boolean,
    { timeoutMs = 10_000, what = 'an event' }: { timeoutMs?: number; what?: string } = {},
  ): Promise<ReadEvent> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found;
      if (this.ended || Date.now() > until)
        throw new Error(`${what} never came; read: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, until - Date.now()) + 1);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Leave: the connection closes. */
  close(): void {
    this.controller.abort();
  }
}
