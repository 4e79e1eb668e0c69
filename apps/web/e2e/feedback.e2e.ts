import type { Page } from '@playwright/test';
import { IMAGE_MAX_BYTES } from '@mepedia/contracts/browser';
import { expect, test } from './fixtures';
import {
  expectAccessible,
  hydrated,
  newPerson,
  openMenu,
  outbox,
  registerMember,
  registerUnverified,
} from './helpers';

// What people saw (issue 31): toasts that wait their turn, confirmations after a page load, no
// page that scrolls sideways, the menu and the tabs with the keyboard, the draft's live region,
// the editor's keyboard hint on a phone. Both languages.

const WORDS = {
  en: {
    prefix: '',
    tooBig: 'Image too big: choose one of up to 10 MB',
    notImage: 'This file is not an image we accept (JPEG, PNG, WebP or GIF)',
    loggedOut: 'You are logged out. See you soon!',
    deleted: 'Your profile and everything in it are deleted.',
    confirmed: 'Your email address is confirmed. Welcome to Mepedia!',
    deleteTab: 'Delete profile',
    deleteOpen: 'Delete my profile',
    password: 'Password',
    deleteConfirm: 'Delete everything',
    draftSaved: 'Draft saved',
    born: /Where were you born/,
  },
  he: {
    prefix: '/he',
    tooBig: 'התמונה גדולה מדי: יש לבחור תמונה של עד 10 מגה-בייט',
    notImage: 'הקובץ אינו תמונה שאנחנו מקבלים (JPEG‏, PNG‏, WebP או GIF)',
    loggedOut: 'התנתקת. להתראות!',
    deleted: 'הפרופיל שלך וכל מה שבו נמחקו.',
    confirmed: 'כתובת האימייל שלך אושרה. ברוכים הבאים למפדיה!',
    deleteTab: 'מחיקת הפרופיל',
    deleteOpen: 'מחיקת הפרופיל שלי',
    password: 'סיסמה',
    deleteConfirm: 'מחיקת הכול',
    draftSaved: 'הטיוטה נשמרה',
    born: /איפה נולדת/,
  },
} as const;

const toast = (page: Page) => page.locator('.toast-region .toast');

/** Whether the page can be scrolled sideways (the whole document, not a row that scrolls). */
async function scrollsSideways(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await scrollsSideways(page);
  expect(
    scrollWidth,
    `${where}: the page is ${scrollWidth} px wide in ${clientWidth}`,
  ).toBeLessThanOrEqual(clientWidth);
}

for (const lang of ['en', 'he'] as const) {
  const w = WORDS[lang];

  test(`${lang}: two messages in a moment both show, one after the other`, async ({ page }) => {
    await registerMember(page.request, newPerson());
    await page.goto(`${w.prefix}/profile/write-post`);
    await hydrated(page);
    const file = page.locator('input[type="file"]');
    // Too big, then not a picture: both refused in the browser, each with its toast.
    await file.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(IMAGE_MAX_BYTES + 1),
    });
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(toast(page)).toContainText(w.tooBig);
    await expect(toast(page)).toHaveCount(1);
    // The second waits its turn (5.5 s), then takes the first one's place.
    await expect(toast(page)).toContainText(w.notImage, { timeout: 20_000 });
    await expect(toast(page)).toHaveCount(1);
    await expectAccessible(page);
  });

  test(`${lang}: deleting the profile is confirmed on the page after`, async ({ page }) => {
    const person = newPerson();
    await registerMember(page.request, person);
    await page.goto(`${w.prefix}/profile/settings`);
    await hydrated(page);
    await page.getByRole('tab', { name: w.deleteTab }).click();
    await page.getByRole('button', { name: w.deleteOpen }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(w.password, { exact: true }).fill(person.password);
    await dialog.getByRole('button', { name: w.deleteConfirm }).click();
    await expect(page).toHaveURL(lang === 'he' ? /\/he$/ : /\/$/);
    await expect(toast(page)).toContainText(w.deleted);
    // Said once: the next page has nothing to confirm.
    await page.reload();
    await hydrated(page);
    await expect(toast(page)).toHaveCount(0);
  });

  test(`${lang}: confirming the email in the browser that registered says so`, async ({ page }) => {
    const person = newPerson();
    // The page's own context registers: it holds the verification ticket, as the member's would.
    await registerUnverified(page.request, person);
    const sms = await outbox(page.request, (m) => m.channel === 'sms' && m.to === person.e164);
    await page.request.put('/api/users/verifyUserByPhone', {
      data: { prefix: '+972', phone: person.phone, verifyCode: /(\d{6})/.exec(sms.text)?.[1] },
    });
    const email = await outbox(page.request, (m) => m.channel === 'email' && m.to === person.email);
    const token = /token=([\w-]+)/.exec(email.text)?.[1] ?? '';
    await page.goto(`${w.prefix}/email-verification?token=${token}`);
    await expect(page).toHaveURL(/\/profile\/edit-me\/1\?welcome=1$/);
    await expect(toast(page)).toContainText(w.confirmed);
    await expectAccessible(page);
  });

  test(`${lang}: no writing page scrolls sideways, on a phone or a desktop`, async ({ page }) => {
    await registerMember(page.request, newPerson());
    for (const width of [390, 406, 1280, 1600]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/profile/write-post', '/profile/settings']) {
        await page.goto(`${w.prefix}${path}`);
        await hydrated(page);
        await expectNoSidewaysScroll(page, `${path} at ${width} px`);
      }
      // The picture tab, with its picker.
      await page.getByRole('tab').nth(4).click();
      await expect(page.locator('input[type="file"]')).toBeAttached();
      await expectNoSidewaysScroll(page, `the picture tab at ${width} px`);
    }
  });

  test(`${lang}: the settings tabs keep to one row that scrolls`, async ({ page }) => {
    await registerMember(page.request, newPerson());
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${w.prefix}/profile/settings`);
    await hydrated(page);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(10);
    const tops = await tabs.evaluateAll((all) =>
      all.map((tab) => Math.round(tab.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
    const list = page.getByRole('tablist');
    const { scrollWidth, clientWidth } = await list.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    // The keyboard reaches the last tab, and it comes into view.
    await tabs.first().focus();
    await page.keyboard.press('End');
    await expect(tabs.last()).toBeFocused();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await expect(tabs.last()).toBeInViewport({ ratio: 0.9 });
    await expectNoSidewaysScroll(page, 'settings');
    await expectAccessible(page);
  });

  test(`${lang}: the menu closes when Tab leaves it, and stays open inside it`, async ({
    page,
  }) => {
    await page.goto(`${w.prefix}/`);
    const menu = await openMenu(page);
    await expect(menu).toBeVisible();
    const button = page.getByRole('button', { name: /Close menu|סגירת התפריט/ });
    await expect(button).toBeFocused();
    // Into the menu and back to its button: still open.
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(button).toBeFocused();
    await expect(menu).toBeVisible();
    // Past its last entry (the language list's button): closed.
    await menu.locator('button.menu-item').last().focus();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: /Open menu|פתיחת התפריט/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    // Shift+Tab out before its button closes it too.
    await page.getByRole('button', { name: /Open menu|פתיחת התפריט/ }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeHidden();
    await expectAccessible(page);
  });

  test(`${lang}: the draft's live region speaks when its state changes, not at every pause`, async ({
    page,
  }) => {
    await registerMember(page.request, newPerson());
    await page.goto(`${w.prefix}/profile/edit-me/1`);
    await hydrated(page);
    // Everything the live region says, in order.
    await page.evaluate(() => {
      const said: string[] = [];
      (window as { said?: string[] }).said = said;
      const regions = [...document.querySelectorAll('[role="status"]')].filter((region) =>
        region.closest('.answer-status-row'),
      );
      for (const region of regions)
        new MutationObserver(() => {
          const text = region.textContent ?? '';
          if (text) said.push(text);
        }).observe(region, { childList: true, subtree: true, characterData: true });
    });
    const born = page.getByRole('textbox', { name: w.born });
    const saved = page.locator('.answer-status');
    for (const words of ['I was born ', 'in Haifa, ', 'by the sea.']) {
      await born.pressSequentially(words);
      // Each pause in typing is saved (the visible status says so)...
      await expect(saved).toHaveText(w.draftSaved);
    }
    // ... and the live region said it once.
    expect(await page.evaluate(() => (window as { said?: string[] }).said)).toEqual([w.draftSaved]);
  });
}

test('logging out is confirmed on the home page', async ({ page }) => {
  await registerMember(page.request, newPerson());
  await page.goto('/he');
  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'התנתקות' }).click();
  // Logging out goes home in English (header.tsx), where it is confirmed.
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText(WORDS.en.loggedOut);
  await expectAccessible(page);
});

test.describe('on a touch phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the editor has no keyboard shortcuts hint', async ({ page }) => {
    await registerMember(page.request, newPerson());
    for (const prefix of ['', '/he']) {
      await page.goto(`${prefix}/profile/write-post`);
      await hydrated(page);
      expect(
        await page.evaluate(() => matchMedia('(hover: none) and (pointer: coarse)').matches),
      ).toBe(true);
      await expect(page.getByRole('textbox', { name: /Your story|הסיפור שלך/ })).toBeVisible();
      await expect(page.locator('.rich-editor-help')).toBeHidden();
      await expectNoSidewaysScroll(page, `${prefix}/profile/write-post on a phone`);
    }
  });
});

test('on a desktop the editor states its keyboard shortcuts', async ({ page }) => {
  await registerMember(page.request, newPerson());
  await page.goto('/profile/write-post');
  await hydrated(page);
  await expect(page.locator('.rich-editor-help')).toBeVisible();
  await expect(page.locator('.rich-editor-help')).toContainText('Alt+F10');
});
