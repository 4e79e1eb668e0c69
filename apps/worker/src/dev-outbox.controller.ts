import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import { Public } from '@mepedia/server-http';
import type { FastifyReply } from 'fastify';
import { WorkerRepository } from './worker.repository';

export type OutboxMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
  createdAt: string;
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * Development only (never mounted in production): the messages that would have
 * been emailed or texted, newest first, as JSON or as a page for a person.
 */
@Controller('dev/outbox')
export class DevOutboxController {
  constructor(@Inject(WorkerRepository) private readonly repository: WorkerRepository) {}

  @Public()
  @Get()
  async list(
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const messages: OutboxMessage[] = (await this.repository.outbox()).map((row) => ({
      channel: row.channel,
      to: row.to,
      ...(row.subject ? { subject: row.subject } : {}),
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      createdAt: row.createdAt.toISOString(),
    }));
    if (!accept?.includes('text/html')) return messages;
    void reply.type('text/html; charset=utf-8');
    const items = messages
      .map(
        (m) => `<article>
  <h2>${m.channel === 'sms' ? 'SMS' : 'Email'} to <span dir="ltr">${escapeHtml(m.to)}</span></h2>
  <p class="meta"><time datetime="${m.createdAt}">${m.createdAt}</time>${m.subject ? ` · <strong dir="auto">${escapeHtml(m.subject)}</strong>` : ''}</p>
  <pre dir="auto">${linkify(escapeHtml(m.text))}</pre>
</article>`,
      )
      .join('\n');
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Dev outbox · Mepedia</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin-block:1rem}h2{font-size:1.1rem;margin:0}
.meta{color:#555;margin-block:.25rem}pre{white-space:pre-wrap;font:inherit}a{color:#1f4e79}</style></head>
<body><main><h1>Dev outbox</h1>
<p>Emails and text messages the site would have sent, newest first. This page exists only outside production.</p>
${items || '<p>No messages yet.</p>'}
</main></body></html>`;
  }
}
