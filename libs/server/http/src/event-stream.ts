import { PassThrough } from 'node:stream';
import { EVENT_STREAM_TYPE } from '@mepedia/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One server-sent event: `data` goes as one line of JSON; `id` is what a reconnect resumes from. */
export type StreamEvent = { id?: string; event?: string; data: unknown };

export type EventStreamOptions = {
  /**
   * A comment line this often keeps the connection from looking idle to the gateway, an
   * Ingress or a load balancer (each closes a connection silent for a minute or so).
   */
  heartbeatMs?: number;
  /**
   * The stream ends after this long and the browser reconnects (with `Last-Event-ID`): the
   * gateway checks the session again then, so a stream outlives a logout by this at most.
   */
  lifetimeMs?: number;
  /** How long a browser waits before it reconnects (the `retry:` field). */
  retryMs?: number;
};

export const EVENT_STREAM_DEFAULTS = {
  heartbeatMs: 20_000,
  lifetimeMs: 5 * 60_000,
  retryMs: 3_000,
} as const satisfies Required<EventStreamOptions>;

/** The id a reconnecting client resumes after: the `Last-Event-ID` header (or `lastEventId`). */
function lastEventIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers['last-event-id'];
  const value = Array.isArray(header) ? header[0] : header;
  const query = (request.query as Record<string, unknown> | undefined)?.['lastEventId'];
  const id = value ?? (typeof query === 'string' ? query : undefined);
  // An id is one line of printable text; anything else is no id at all.
  return id !== undefined && /^[\x21-\x7e]{1,200}$/.test(id) ? id : undefined;
}

/** A field's value on one line: SSE ends a field at a line break. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

/**
 * A `text/event-stream` answer (server-sent events), for a handler to fill: `send` writes an
 * event, a heartbeat comment keeps the line open, and the stream ends by itself after its
 * lifetime or as soon as the client goes (its connection closes; in one process, the gateway
 * aborts the request). Once the handler is ready it calls `respond()`, which sends the answer;
 * `onClose` is where it lets go of what it subscribed to.
 */
export class EventStream {
  readonly body = new PassThrough();
  readonly lastEventId: string | undefined;
  private readonly closers: Array<() => void> = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private ended = false;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    options: EventStreamOptions = {},
  ) {
    const { heartbeatMs, lifetimeMs, retryMs } = { ...EVENT_STREAM_DEFAULTS, ...options };
    this.lastEventId = lastEventIdOf(request);
    void reply
      .header('content-type', `${EVENT_STREAM_TYPE}; charset=utf-8`)
      .header('cache-control', 'no-store')
      // nginx (an Ingress) passes each event on at once instead of buffering the answer.
      .header('x-accel-buffering', 'no');
    this.body.write(`retry: ${retryMs}\n\n`);
    const heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
    const lifetime = setTimeout(() => this.close(), lifetimeMs);
    heartbeat.unref();
    lifetime.unref();
    this.timers.push(heartbeat, lifetime);
    // The client left: over HTTP its connection closed; in one process (the gateway's inject)
    // the gateway aborted the request, which closes the answer the same way.
    reply.raw.once('close', () => this.close());
    this.body.once('close', () => this.close());
  }

  /**
   * Send the answer: the stream is taken from Fastify (`hijack`) and written here. A client that
   * leaves aborts the call, and Fastify, still holding the answer, would try to send an error on
   * top of the stream already under way, which throws outside any handler (in npm start, where
   * the gateway's call is an inject, that ended the process). Whatever happens to the connection
   * now only ends the stream. Before `respond`, a failure is answered as any other.
   */
  respond(): void {
    const { request, reply } = this;
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) reply.raw.setHeader(name, value);
    reply.raw.writeHead(200);
    reply.raw.on('error', () => this.close());
    request.raw.on('error', () => this.close());
    this.body.pipe(reply.raw);
  }

  /** Whether events still go anywhere. */
  get open(): boolean {
    return !this.ended;
  }

  send(event: StreamEvent): void {
    let text = '';
    if (event.id !== undefined) text += `id: ${oneLine(event.id)}\n`;
    if (event.event !== undefined) text += `event: ${oneLine(event.event)}\n`;
    text += `data: ${JSON.stringify(event.data)}\n\n`;
    this.write(text);
  }

  /** Called once, when the stream ends (the client left, its lifetime passed, or `close`). */
  onClose(listener: () => void): void {
    if (this.ended) listener();
    else this.closers.push(listener);
  }

  close(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.body.end();
    for (const listener of this.closers.splice(0)) listener();
  }

  private write(text: string): void {
    if (!this.ended && !this.body.destroyed) this.body.write(text);
  }
}
