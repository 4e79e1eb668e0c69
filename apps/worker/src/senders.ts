import { newId, type Db } from '@mepedia/server-database';
import { createTransport, type Transporter } from 'nodemailer';
import { request } from 'undici';
import { devOutbox } from './worker.schema';

export type OutgoingEmail = {
  /** The same on every attempt at one message: providers that can, tell repeats apart by it. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};
export type OutgoingSms = { to: string; body: string };

/** The email provider port. Throws when the provider did not take the message. */
export type EmailSender = { readonly kind: string; send(email: OutgoingEmail): Promise<void> };
/** The SMS provider port. Throws when the provider did not take the message. */
export type SmsSender = { readonly kind: string; send(sms: OutgoingSms): Promise<void> };

/**
 * Every send gives up in well under IN_DOUBT_AFTER_MS (worker.repository.ts), so a claim older
 * than that belongs to an attempt that died. SMTP_URL may set its own (`?socketTimeout=...`).
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 8_000,
  greetingTimeout: 8_000,
  socketTimeout: 15_000,
};

function withSendTimeouts(url: string): string {
  const parsed = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS))
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  return parsed.toString();
}

export class SmtpEmailSender implements EmailSender {
  readonly kind = 'smtp';
  private readonly transport: Transporter;

  private readonly domain: string;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(withSendTimeouts(url));
    this.domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'mepedia.invalid';
  }

  async send({ id, ...email }: OutgoingEmail): Promise<void> {
    // One Message-ID for every attempt at the message: a repeat is recognisable as one.
    await this.transport.sendMail({
      from: this.from,
      messageId: `<${id}@${this.domain}>`,
      ...email,
    });
  }

  close(): void {
    this.transport.close();
  }
}

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
  ) {
    super(`${provider} answered ${status}`);
    this.name = 'ProviderError';
  }
}

/** Twilio's Messages API (or any provider speaking its REST shape). */
export class TwilioSmsSender implements SmsSender {
  readonly kind = 'twilio';

  constructor(
    private readonly options: {
      accountSid: string;
      authToken: string;
      from: string;
      apiUrl: string;
    },
  ) {}

  async send(sms: OutgoingSms): Promise<void> {
    const { accountSid, authToken, from, apiUrl } = this.options;
    const response = await request(
      `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: sms.to, From: from, Body: sms.body }).toString(),
        headersTimeout: 15_000,
        bodyTimeout: 15_000,
      },
    );
    await response.body.dump();
    if (response.statusCode < 200 || response.statusCode >= 300)
      throw new ProviderError('twilio', response.statusCode);
  }
}

/** Development: keep the message where a person can read it (GET /dev/outbox). */
export class DevOutbox implements EmailSender, SmsSender {
  readonly kind = 'dev-outbox';

  constructor(private readonly db: Db) {}

  send(message: OutgoingEmail | OutgoingSms): Promise<void> {
    return 'subject' in message ? this.store('email', message) : this.store('sms', message);
  }

  private async store(
    channel: 'email' | 'sms',
    message: OutgoingEmail | OutgoingSms,
  ): Promise<void> {
    await this.db.insert(devOutbox).values(
      'subject' in message
        ? {
            id: newId(),
            channel,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
          }
        : { id: newId(), channel, to: message.to, text: message.body },
    );
  }
}
