import { AxeBuilder } from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
    password: 'secret123!',
  };
}

/** Zero serious or critical axe violations on the page as it is. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

export async function openMenu(page: Page) {
  await page.getByRole('button', { name: /Open menu|פתיחת התפריט/ }).click();
  return page.getByRole('navigation', { name: /Main menu|תפריט ראשי/ });
}
