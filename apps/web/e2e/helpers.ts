import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';

type OutboxMessage = { channel: 'email' | 'sms'; to: string; subject?: string; text: string };

export async function outbox(
  request: APIRequestContext,
  predicate: (message: OutboxMessage) => boolean,
): Promise<OutboxMessage> {
  for (let i = 0; i < 100; i++) {
    const messages = (await (await request.get('/dev/outbox')).json()) as OutboxMessage[];
    const found = messages.find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('message never reached the dev outbox');
}

let counter = 0;
/** A unique person to register: English name, Israeli mobile number. */
export function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  const digits = String(Date.now() + counter).slice(-7);
  return {
    firstname: 'Dana',
    lastname: 'Levi',
    email: `dana.${id}@example.com`,
    phone: `052${digits}`,
    e164: `+97252${digits}`,
    // Long and uncommon: strong by the length hint, and past the server's common-password list.
    password: 'quiet-harbor-lantern-42',
  };
}

/**
 * Register `person` through the API, not yet verified: `request` then carries the verification
 * ticket (`fields` overrides the form, e.g. a Hebrew name with `language: 'he'`).
 */
export async function registerUnverified(
  request: APIRequestContext,
  person: ReturnType<typeof newPerson>,
  fields: Record<string, unknown> = {},
): Promise<{ userId: string }> {
  const registered = await request.post('/api/users/register', {
    data: {
      language: 'en',
      firstname: person.firstname,
      lastname: person.lastname,
      email: person.email,
      phoneNumberPrefix: '+972',
      phoneNumber: person.phone,
      birthdate: '1990-05-17',
      country: 'Israel',
      gender: 'female',
      password: person.password,
      termsAccepted: true,
      ...fields,
    },
  });
  expect(registered.status()).toBe(201);
  return (await registered.json()) as { userId: string };
}

/**
 * Register `person` through the API and verify them through the dev outbox (the texted code,
 * then the emailed link, which signs them in): `request` then carries their session cookie.
 */
export async function registerMember(
  request: APIRequestContext,
  person: ReturnType<typeof newPerson>,
  fields: Record<string, unknown> = {},
): Promise<{ userId: string }> {
  const { userId } = await registerUnverified(request, person, fields);
  const sms = await outbox(request, (m) => m.channel === 'sms' && m.to === person.e164);
  await request.put('/api/users/verifyUserByPhone', {
    data: { prefix: '+972', phone: person.phone, verifyCode: /(\d{6})/.exec(sms.text)?.[1] },
  });
  const email = await outbox(request, (m) => m.channel === 'email' && m.to === person.email);
  const token = /token=([\w-]+)/.exec(email.text)?.[1];
  expect(
    (await request.put('/api/users/verifyUserByEmail', { data: { verifyCode: token } })).status(),
  ).toBe(200);
  return { userId };
}

/**
 * A picture uploaded through the API as `request`'s member (the files service re-encodes it):
 * its `url`, for a post's image or a profile picture.
 */
export async function uploadImage(
  request: APIRequestContext,
  colour = '#1f4e79',
  purpose: 'post' | 'profile' = 'post',
): Promise<string> {
  const png = await sharp({
    create: { width: 1200, height: 675, channels: 3, background: colour },
  })
    .png()
    .toBuffer();
  const uploaded = await request.post('/api/files/uploadApplicationFile', {
    multipart: {
      purpose,
      file: { name: 'picture.png', mimeType: 'image/png', buffer: png },
    },
  });
  expect(uploaded.status()).toBe(201);
  return ((await uploaded.json()) as { url: string }).url;
}

/** Rules outside the WCAG tags that a screen reader's user feels, held to zero whatever their impact. */
const ALSO_CHECKED = ['heading-order'];

/**
 * Zero serious or critical axe violations on the page as it is, and none of ALSO_CHECKED (a
 * level skipped between headings: Lighthouse's accessibility score counts it, and readers who
 * move by heading lose their place).
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    // Rules enabled by name run in addition to the tags' (axe's `runOnly` with `rules`).
    .options({ rules: Object.fromEntries(ALSO_CHECKED.map((id) => [id, { enabled: true }])) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) =>
      violation.impact === 'serious' ||
      violation.impact === 'critical' ||
      ALSO_CHECKED.includes(violation.id),
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** Resolves once React has hydrated the page: a click before that would go nowhere. */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

export async function openMenu(page: Page) {
  await hydrated(page);
  await page.getByRole('button', { name: /Open menu|פתיחת התפריט/ }).click();
  return page.getByRole('navigation', { name: /Main menu|תפריט ראשי/ });
}

/** Until the notifications service has heard of the member (user.updated, by events). */
export async function knownToNotifications(
  request: APIRequestContext,
  userId: string,
): Promise<void> {
  await expect
    .poll(
      async () =>
        (await request.post('/api/follows/getFollowCounts', { data: { userId } })).status(),
      { timeout: 20_000 },
    )
    .toBe(200);
}
