import { envUrl, loadConfig, platformEnv, serviceProcessEnv } from '@mepedia/server-config';
import { z } from 'zod';

export const DEV_LINK_SECRET = 'mepedia-development-link-secret';

export const workerEnv = z
  .object({
    ...platformEnv,
    ...serviceProcessEnv,
    /** smtp://user:pass@host:port (or smtps://). Unset outside production: the dev outbox. */
    SMTP_URL: envUrl(['smtp', 'smtps']).optional(),
    /** The sender of every email. */
    EMAIL_FROM: z.string().default('Mepedia <no-reply@mepedia.local>'),
    /** `twilio`; unset outside production: the dev outbox. */
    SMS_PROVIDER: z
      .enum(['twilio'], { error: 'must be twilio (or unset for the dev outbox)' })
      .optional(),
    /** Required with `SMS_PROVIDER=twilio`. */
    TWILIO_ACCOUNT_SID: z.string().optional(),
    /** Required with `SMS_PROVIDER=twilio`. */
    TWILIO_AUTH_TOKEN: z.string().optional(),
    /** The sender, a number (E.164) or a sender ID of the account: required with `SMS_PROVIDER=twilio`. */
    TWILIO_FROM: z.string().optional(),
    /** Overridable for tests and Twilio-compatible providers. */
    TWILIO_API_URL: envUrl(['http', 'https']).default('https://api.twilio.com'),
    /** The site's address: links in emails point there. */
    PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3000'),
    /** Signs unsubscribe links: at least 32 characters, required in production, the same as the users service's. */
    EMAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Jobs at once per queue. */
    WORKER_CONCURRENCY: z.coerce
      .number({ error: 'must be a number' })
      .int()
      .min(1)
      .max(64)
      .default(4),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when SMS_PROVIDER=twilio',
          });
      }
    }
    if (env.NODE_ENV === 'production') {
      if (!env.SMTP_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['SMTP_URL'],
          message: 'is required in production (there is no dev outbox there)',
        });
      if (!env.SMS_PROVIDER)
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: 'is required in production (there is no dev outbox there)',
        });
      if (!env.EMAIL_LINK_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['EMAIL_LINK_SECRET'],
          message: 'is required in production (shared with the users service)',
        });
    }
  });

export type WorkerConfig = {
  production: boolean;
  publicUrl: string;
  linkSecret: string;
  emailFrom: string;
  smtpUrl: string | undefined;
  twilio: { accountSid: string; authToken: string; from: string; apiUrl: string } | undefined;
  concurrency: number;
};

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = loadConfig('worker', workerEnv, env);
  const config: WorkerConfig = {
    production: parsed.NODE_ENV === 'production',
    publicUrl: parsed.PUBLIC_URL.replace(/\/+$/, ''),
    linkSecret: parsed.EMAIL_LINK_SECRET ?? DEV_LINK_SECRET,
    emailFrom: parsed.EMAIL_FROM,
    smtpUrl: parsed.SMTP_URL,
    twilio:
      parsed.SMS_PROVIDER === 'twilio'
        ? {
            accountSid: parsed.TWILIO_ACCOUNT_SID as string,
            authToken: parsed.TWILIO_AUTH_TOKEN as string,
            from: parsed.TWILIO_FROM as string,
            apiUrl: parsed.TWILIO_API_URL.replace(/\/+$/, ''),
          }
        : undefined,
    concurrency: parsed.WORKER_CONCURRENCY,
  };
  return { config, env: parsed };
}
