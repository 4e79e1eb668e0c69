import type { EmailJob, RegisterResponse, SmsJob } from '@mepedia/contracts';
import type { QueueDriver } from '@mepedia/server-queue';
import { call, CookieJar, eventually, newRegistration } from '@mepedia/server-testing';

/** With no worker running, tests read messages off the queues, as the worker would. */
export function captureMessages(queue: QueueDriver) {
  const texts: SmsJob[] = [];
  const emails: EmailJob[] = [];
  queue.process<SmsJob>('sms', async (job) => void texts.push(job.data));
  queue.process<EmailJob>('email', async (job) => void emails.push(job.data));
  return { texts, emails };
}

/**
 * Register, then verify the phone with the texted code: an account still pending, its email
 * link sent (`verifyEmailOf` opens it).
 */
export async function registerPending(
  base: string,
  messages: ReturnType<typeof captureMessages>,
  overrides: Parameters<typeof newRegistration>[0] = {},
) {
  const registration = newRegistration(overrides);
  const response = await call<RegisterResponse>(base, 'POST', '/api/users/register', {
    body: registration,
  });
  if (response.status !== 201)
    throw new Error(`register answered ${response.status}: ${response.text}`);
  const to = `${registration.phoneNumberPrefix}${registration.phoneNumber.replace(/^0/, '')}`;
  const sms = await eventually(() => messages.texts.find((job) => job.to === to));
  const ticket = new CookieJar();
  ticket.store(response.headers);
  const phone = await call(base, 'PUT', '/api/users/verifyUserByPhone', {
    headers: ticket.header(),
    body: {
      prefix: registration.phoneNumberPrefix,
      phone: registration.phoneNumber,
      verifyCode: sms.data.code,
    },
  });
  if (phone.status !== 200)
    throw new Error(`verifyUserByPhone answered ${phone.status}: ${phone.text}`);
  return { registration, userId: response.body.userId, ticket };
}

/** Open a pending account's email link: the member is verified, and signed in. */
export async function verifyEmailOf(
  base: string,
  messages: ReturnType<typeof captureMessages>,
  { registration, ticket }: Awaited<ReturnType<typeof registerPending>>,
) {
  const email = await eventually(() =>
    messages.emails.find((job) => job.to === registration.email && job.template === 'verify-email'),
  );
  const link = email.template === 'verify-email' ? email.data.link : '';
  // Opened in the registering browser (the ticket): only there does the link sign in.
  const verified = await call(base, 'PUT', '/api/users/verifyUserByEmail', {
    headers: ticket.header(),
    body: { verifyCode: new URL(link).searchParams.get('token') },
  });
  if (verified.status !== 200)
    throw new Error(`verifyUserByEmail answered ${verified.status}: ${verified.text}`);
  return verified;
}

/** Register, then verify the phone with the texted code and the email with the link. */
export async function registerVerified(
  base: string,
  messages: ReturnType<typeof captureMessages>,
  overrides: Parameters<typeof newRegistration>[0] = {},
) {
  const pending = await registerPending(base, messages, overrides);
  const signedIn = await verifyEmailOf(base, messages, pending);
  return { registration: pending.registration, userId: pending.userId, signedIn };
}
