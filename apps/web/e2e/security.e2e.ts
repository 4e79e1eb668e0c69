import { request as httpRequest } from 'node:http';
import { expect, test } from './fixtures';
import { hydrated, newPerson, openMenu, registerMember } from './helpers';

/** A GET sent exactly as written (no URL parsing: `\` stays a backslash), and its answer. */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location?: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ hostname, port, path, method: 'GET' }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** A same-site path: one leading slash, never `//` or `/\`, which browsers read as another host. */
const SAME_SITE_PATH = /^\/(?![/\\])/;

test.describe('redirects built from the request path', () => {
  // The path as the client sent it, and where the language redirect must lead: the same page,
  // on this site, however many slashes or backslashes the path starts with.
  for (const [path, location] of [
    ['/he//evil.example?lang=en', '/evil.example'],
    ['/he/\\evil.example?lang=en', '/evil.example'],
    ['/he/\\/evil.example?lang=en', '/evil.example'],
    ['/he///evil.example/x?lang=en', '/evil.example/x'],
    ['//evil.example?lang=he', '/he/evil.example'],
    ['/\\evil.example?lang=he', '/he/evil.example'],
    ['//evil.example/people?lang=en', '/evil.example/people'],
  ] as const) {
    test(`${path} stays on this site`, async ({ baseURL }) => {
      const answer = await rawGet(baseURL ?? '', path);
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(SAME_SITE_PATH);
      expect(answer.location).toBe(location);
    });
  }

  test('the language redirect keeps the page, on this site', async ({ request }) => {
    const answer = await request.get('/he//evil.example?lang=en', { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers()['location']).toBe('/evil.example');
  });
});

/** The nonce of a page's Content-Security-Policy, after checking the policy's shape. */
function policyNonce(policy: string | undefined): string {
  expect(policy).toBeDefined();
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy ?? '')?.[1];
  expect(nonce).toBeTruthy();
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'"])
    expect(policy).toContain(directive);
  return nonce ?? '';
}

test.describe('Content-Security-Policy', () => {
  test('every page answer has a fresh nonce, and every script in the HTML carries it', async ({
    request,
  }) => {
    const nonces = new Set<string>();
    for (const path of ['/', '/', '/he', '/auth?modal=register', '/no-such-page']) {
      const answer = await request.get(path);
      const nonce = policyNonce(answer.headers()['content-security-policy']);
      nonces.add(nonce);
      const html = await answer.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(1);
      for (const script of scripts) expect(script).toContain(` nonce="${nonce}"`);
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      for (const preload of preloads) expect(preload).toContain(` nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(5);
  });

  test('pages hydrate and work under the policy, in both languages', async ({ page }) => {
    // The context fixture (./fixtures.ts) fails the test on any violation.
    for (const path of ['/', '/he', '/about', '/auth?modal=login', '/mepedia-magazine', '/x-y']) {
      const answer = await page.goto(path);
      expect(answer?.headers()['content-security-policy']).toContain("'strict-dynamic'");
      // The menu button works only once React has hydrated the page.
      const menu = await openMenu(page);
      await expect(menu).toBeVisible();
    }
    // A client-side navigation loads route modules and data under the policy too.
    await page.goto('/');
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Magazine' }).click();
    await expect(page).toHaveURL(/\/mepedia-magazine$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The magazine');
  });
});

test.describe('pages rendered for a member', () => {
  test('carry no contact details and are never cached', async ({ page }) => {
    const person = newPerson();
    const { userId } = await registerMember(page.request, person);
    for (const path of ['/', '/he', `/profile/${userId}`, '/people', '/no-such-page']) {
      const answer = await page.request.get(path);
      const html = await answer.text();
      // Signed in: the page is rendered for the member (the menu's own-profile link).
      expect(html).toContain(`/profile/${userId}`);
      expect(answer.headers()['cache-control']).toContain('no-store');
      expect(answer.headers()['cache-control']).toContain('private');
      for (const secret of [person.email, person.phone.slice(1), '1990-05-17', 'female'])
        expect(html, `${path} shows ${secret}`).not.toContain(secret);
    }
    // Client-side navigations fetch the same data: no more there either.
    const data = await page.request.get('/people.data');
    expect(data.headers()['cache-control']).toContain('no-store');
    expect(await data.text()).not.toContain(person.email);
  });

  test('keep their saved language on a GET with ?lang=; the language switcher saves it', async ({
    page,
  }) => {
    const person = newPerson();
    await registerMember(page.request, person);
    const language = async () =>
      ((await (await page.request.post('/api/users/session')).json()) as { language: string })
        .language;
    expect(await language()).toBe('en');

    // A link from anywhere, even another site, changes only this browser's locale cookie.
    const visit = await page.request.get('/?lang=he', { maxRedirects: 0 });
    expect(visit.status()).toBe(302);
    expect(await language()).toBe('en');
    await page.request.get('/?lang=en');

    await page.goto('/');
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: /Language/ }).click();
    await menu.getByRole('link', { name: 'עברית' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await language()).toBe('he');
  });
});

test.describe('the password rule on the forms', () => {
  test('registration states and checks it in Hebrew', async ({ page }) => {
    await page.goto('/he/auth?modal=register');
    await hydrated(page);
    await expect(
      page.getByText('בין 8 ל-64 תווים, ואפשר להשתמש בכל תו, גם ברווחים.', { exact: false }),
    ).toBeVisible();
    const password = page.getByLabel('סיסמה', { exact: true });
    await password.fill('abc1234');
    await page.getByRole('button', { name: 'יצירת חשבון' }).click();
    await expect(page.getByText('הסיסמה צריכה להכיל בין 8 ל-64 תווים')).toBeVisible();
    // Spaces and letters only are fine: no composition rules.
    await password.fill('correct horse battery staple');
    await page.getByRole('button', { name: 'יצירת חשבון' }).click();
    await expect(page.getByText('הסיסמה צריכה להכיל בין 8 ל-64 תווים')).toHaveCount(0);
  });

  test('choosing a new password states and checks it in English', async ({ page }) => {
    await page.goto('/password-reset?token=t&userId=u');
    await expect(page.getByText('8 to 64 characters. Any characters, spaces too')).toBeVisible();
    await page.getByLabel('New password').fill('x'.repeat(65));
    await page.getByLabel('Confirm password', { exact: true }).fill('x'.repeat(65));
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(page.getByText('The password must be 8 to 64 characters long')).toBeVisible();
  });
});
