import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newPerson, openMenu, registerMember } from './helpers';

// No dead ends: every link the site shows, in the page and in the menu, leads to a page that
// exists, for a guest and for a member, in both languages.
async function linksOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const menu = await openMenu(page);
  await expect(menu).toBeVisible();
  const hrefs = await page
    .locator('a[href^="/"]')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  return hrefs.map((href) => href.split('#')[0] ?? '').filter(Boolean);
}

async function expectNoDeadEnds(page: Page, paths: string[]) {
  const seen = new Set<string>();
  for (const path of paths) for (const href of await linksOn(page, path)) seen.add(href);
  expect(seen.size).toBeGreaterThan(5);
  const dead: string[] = [];
  for (const href of seen) {
    const response = await page.request.get(href);
    if (response.status() >= 400) dead.push(`${href} -> ${response.status()}`);
  }
  expect(dead).toEqual([]);
}

const PAGES = ['/', '/about', '/mepedia-magazine', '/he', '/he/about'];

test('a guest finds no link to a page that does not exist', async ({ page }) => {
  await expectNoDeadEnds(page, PAGES);
});

test('a member finds no link to a page that does not exist', async ({ page }) => {
  await registerMember(page.request, newPerson());
  await expectNoDeadEnds(page, [...PAGES, '/people']);
});
