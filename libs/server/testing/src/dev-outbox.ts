import type { CurrentUser, RegisterRequest, RegisterResponse } from '@mepedia/contracts';
import { codeIn, linkParam } from './fake-providers';
import { call, type TestResponse } from './http';
import { CookieJar } from './processes';

type OutboxMessage = {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  createdAt: string;
};

/** Wait for a message in the dev outbox (GET /dev/outbox at `baseUrl`). */
export async function outboxMessage(
  baseUrl: string,
  predicate: (message: OutboxMessage) => boolean,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const started = Date.now();
  for (;;) {
    const response = await call<OutboxMessage[]>(baseUrl, 'GET', '/dev/outbox');
    if (response.status !== 200) throw new Error(`/dev/outbox answered ${response.status}`);
    const found = response.body.find(predicate);
    if (found) return found;
    if (Date.now() - started > timeoutMs) throw new Error('message not in the dev outbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const e164Of = (registration: Pick<RegisterRequest, 'phoneNumberPrefix' | 'phoneNumber'>) =>
  `${registration.phoneNumberPrefix}${registration.phoneNumber.replace(/^0/, '')}`;

/**
 * What a person does after registering: read the code from the SMS, enter it,
 * open the emailed link. Answers the signed-in member and their cookie.
 */
export async function verifyThroughOutbox(
  baseUrl: string,
  registration: RegisterRequest,
  created: TestResponse<RegisterResponse>,
) {
  // The registering browser's verification ticket (an HttpOnly cookie from register).
  const ticket = new CookieJar();
  ticket.store(created.headers);
  const sms = await outboxMessage(
    baseUrl,
    (m) => m.channel === 'sms' && m.to === e164Of(registration),
  );
  const phone = await call(baseUrl, 'PUT', '/api/users/verifyUserByPhone', {
    headers: ticket.header(),
    body: {
      prefix: registration.phoneNumberPrefix,
      phone: registration.phoneNumber,
      verifyCode: codeIn(sms.text),
    },
  });
  if (phone.status !== 200)
    throw new Error(`verifyUserByPhone answered ${phone.status}: ${phone.text}`);
  const email = await outboxMessage(
    baseUrl,
    (m) =>
      m.channel === 'email' && m.to === registration.email && m.text.includes('email-verification'),
  );
  // Opened in the registering browser (the ticket): only there does the link sign in.
  ticket.store(phone.headers);
  const verified = await call<CurrentUser>(baseUrl, 'PUT', '/api/users/verifyUserByEmail', {
    headers: ticket.header(),
    body: { verifyCode: linkParam(email.text, 'token') },
  });
  if (verified.status !== 200 || verified.body.id !== created.body.userId) {
    throw new Error(`verifyUserByEmail answered ${verified.status}: ${verified.text}`);
  }
  return verified;
}
