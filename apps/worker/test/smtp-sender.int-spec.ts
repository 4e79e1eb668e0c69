import { connect } from 'node:net';
import { SETUP_TIMEOUT_MS, startSmtpCapture } from '@mepedia/server-testing';
import { SmtpEmailSender } from '../src/senders';

// The SMTP sender against a real SMTP server (the capture the drills and suites use), and that
// server's behaviour when a sender dies in the middle of a message, as the worker-killed drill
// makes one do: the connection is reset, and the test process must live on.

type Capture = Awaited<ReturnType<typeof startSmtpCapture>>;

describe('the SMTP sender', () => {
  let capture: Capture | undefined;
  let sender: SmtpEmailSender | undefined;

  beforeAll(async () => {
    capture = await startSmtpCapture();
    sender = new SmtpEmailSender(capture.url, 'Mepedia <hello@mepedia.local>');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    sender?.close();
    await capture?.close();
  }, SETUP_TIMEOUT_MS);

  it('hands a message over with its Message-ID, Hebrew intact', async () => {
    await sender!.send({
      id: 'email-1',
      to: 'dana@example.com',
      subject: 'ברוכה הבאה',
      text: 'שלום דנה',
      html: '<p>שלום דנה</p>',
      headers: { 'List-Unsubscribe': '<https://mepedia.local/u/1>' },
    });
    const received = await capture!.waitFor((email) => email.to === 'dana@example.com');
    expect(received.subject).toBe('ברוכה הבאה');
    expect(received.text.trim()).toBe('שלום דנה');
    expect(received.headers.get('message-id')).toBe('<email-1@mepedia.local>');
    expect(received.headers.get('list-unsubscribe')).toBe('<https://mepedia.local/u/1>');
  });

  it('lives on when a sender resets its connection mid-message, and keeps nothing of it', async () => {
    const { hostname, port } = new URL(capture!.url);
    const socket = connect(Number(port), hostname);
    const said: string[] = [];
    const answer = () =>
      new Promise<string>((resolve) => socket.once('data', (chunk) => resolve(String(chunk))));
    await answer(); // the greeting
    for (const line of ['EHLO drill', 'MAIL FROM:<a@b.c>', 'RCPT TO:<gone@example.com>', 'DATA']) {
      socket.write(`${line}\r\n`);
      said.push(await answer());
    }
    expect(said.at(-1)).toMatch(/^354/);
    socket.write('Subject: half\r\n\r\nthe first half of a message');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A reset (RST), not a polite close: what a killed process's socket does with data unread.
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 200));

    // The server still takes messages, and the half one was never kept.
    await sender!.send({
      id: 'email-2',
      to: 'after@example.com',
      subject: 'after',
      text: 'still here',
      html: '<p>still here</p>',
      headers: {},
    });
    await capture!.waitFor((email) => email.to === 'after@example.com');
    expect(capture!.messages.map((email) => email.to)).not.toContain('gone@example.com');
  });
});
