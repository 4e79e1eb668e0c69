import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { expectAccessible, hydrated } from './helpers';

const DEMO_PASSWORD = 'demo-community-passphrase';

/** The id of a demo member, found by name (the demo seed is in before the tests start). */
async function demoMember(request: APIRequestContext, name: string): Promise<string> {
  const answer = await request.post('/api/users/getPublishedUsers', {
    data: { searchValue: name },
  });
  const { users } = (await answer.json()) as { users: Array<{ id: string }> };
  expect(users[0]).toBeDefined();
  return users[0]!.id;
}

/** A page on another origin (a member's own site) with the card in an iframe. */
async function otherSite(frameSrc: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>My own site</title></head><body><h1>My own site</h1><iframe src="${frameSrc}" title="My card" width="340" height="460"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('a member’s widget: every style previewed, the code to copy, the HTML file and the PNG', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await demoMember(page.request, 'Margaret');
  const login = await page.request.post('/api/users/login', {
    data: { email: 'margaret.demo@example.com', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);

  // The owner finds it on their profile.
  await page.goto(`/profile/${id}`);
  await page.getByRole('link', { name: 'Your widget' }).click();
  await expect(page).toHaveURL(new RegExp(`/me-widget/${id}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Mepedia widget');

  // The card in each style, each in the frame other sites will use.
  for (const style of ['Classic', 'Night', 'Minimal']) {
    const frame = page.frameLocator(`iframe[title="Preview of the card in the ${style} style"]`);
    await expect(frame.getByRole('heading', { name: 'Margaret Pryce' })).toBeVisible();
  }
  const code = page.getByRole('textbox', { name: 'Code to paste into your page' });
  await expect(code).toHaveValue(new RegExp(`/me-widget-template/${id}/classic"`));
  await page.getByRole('radio', { name: 'Night' }).check();
  await expect(code).toHaveValue(new RegExp(`/me-widget-template/${id}/dark"`));
  await page.getByRole('button', { name: 'Copy the code' }).click();
  await expect(page.getByText('The code is copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
  await expectAccessible(page);

  // A web page in one file: the picture inside it, nothing fetched from Mepedia, no script.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download as a web page (HTML)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('mepedia-card-dark.html');
  const html = await readFile(await file.path(), 'utf8');
  expect(html).toContain('Margaret Pryce');
  expect(html).toMatch(/<img class="photo" src="data:image\/webp;base64,/);
  expect(html).not.toContain('/api/files/');
  expect(html).not.toMatch(/<script/i);
  // Nor its fonts: the reader's own are used.
  expect(html).not.toMatch(/<link/i);
  expect(html).toContain('>Read my story on Mepedia</a>');
  expect(html).toContain(`/me/${id}"`);

  // A picture of the card, drawn in the browser.
  const [picture] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download as a picture (PNG)' }).click(),
  ]);
  expect(picture.suggestedFilename()).toBe('mepedia-card-dark.png');
  const png = await sharp(await readFile(await picture.path())).metadata();
  expect(png.format).toBe('png');
  expect(png.width).toBe(680);
  expect(png.height).toBeGreaterThan(500);
});

test('the card shows in an iframe on another site, in Hebrew and right to left', async ({
  page,
  baseURL,
}) => {
  const id = await demoMember(page.request, 'אסתר');
  const { url, server } = await otherSite(`${baseURL}/he/me-widget-template/${id}/classic`);
  try {
    // Another origin: 127.0.0.1 here, localhost for the card.
    expect(new URL(url).origin).not.toBe(new URL(baseURL!).origin);
    await page.goto(url);
    const card = page.frameLocator('iframe[title="My card"]');
    await expect(card.getByRole('heading', { name: 'אסתר רוזן' })).toBeVisible();
    await expect(card.locator('html')).toHaveAttribute('dir', 'rtl');
    const read = card.getByRole('link', { name: 'לקריאת הסיפור שלי במפדיה' });
    await expect(read).toHaveAttribute('href', `${baseURL}/he/me/${id}`);
    await expect(read).toHaveAttribute('target', '_blank');
    // The call to read names the site: no host name written under it.
    await expect(card.locator('main')).not.toContainText('localhost');
    // Its picture loads inside the frame.
    await expect
      .poll(() => card.locator('img.photo').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }

  // Only the card may be framed by other sites; the site's pages may not.
  const template = await page.request.get(`/me-widget-template/${id}/dark`);
  expect(template.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(template.headers()['x-frame-options']).toBeUndefined();
  // Shared caches keep a guest's card (the site's page cache answers for it); one read with a
  // member's cookie is as that reader may see it, theirs alone.
  expect(template.headers()['cache-control']).toMatch(/^public,/);
  const withCookie = await page.request.get(`/me-widget-template/${id}/dark`, {
    headers: { cookie: 'mepedia_theme=dark' },
  });
  expect(withCookie.headers()['cache-control']).toBe('private, max-age=300');
  expect(withCookie.headers()['vary']).toContain('Cookie');
  const profile = await page.request.get(`/profile/${id}`);
  expect(profile.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(profile.headers()['x-frame-options']).toBe('SAMEORIGIN');
  // An unknown style or member is not found; without a member, the example card.
  expect((await page.request.get(`/me-widget-template/${id}/neon`)).status()).toBe(404);
  expect((await page.request.get(`/me-widget/not-a-member`)).status()).toBe(404);
  const example = await page.request.get('/he/me-widget-template/minimal');
  expect(await example.text()).toContain('השם שלך כאן');

  // Served from the site, the card is set in the site's own fonts (its font sheet, from here).
  await page.goto(`/he/me-widget-template/${id}/classic`);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await document.fonts.ready;
        return [...document.fonts]
          .filter((face) => face.status === 'loaded')
          .map((face) => face.family.replace(/"/g, ''));
      }),
    )
    .toEqual(expect.arrayContaining(['Rubik Variable', 'Frank Ruhl Libre Variable']));

  // The card alone passes axe too, in each direction.
  for (const path of [`/me-widget-template/${id}/dark`, `/he/me-widget-template/${id}/minimal`]) {
    await page.goto(path);
    await expectAccessible(page);
  }
});

test('he: the widget page reads right to left and passes axe', async ({ page }) => {
  const id = await demoMember(page.request, 'Ben');
  await page.goto(`/he/me-widget/${id}`);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('הווידג׳ט של Ben Adler במפדיה');
  await expect(
    page.frameLocator('iframe[title="תצוגה מקדימה של הכרטיס בסגנון לילה"]').locator('html'),
  ).toHaveAttribute('lang', 'he');
  await expectAccessible(page);
});
