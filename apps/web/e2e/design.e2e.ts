import { expect, test } from './fixtures';
import { expectAccessible, hydrated } from './helpers';

// The design gallery, in both directions: every component drawn, axe-clean, and the
// interactive ones working from the keyboard.
for (const [path, direction] of [
  ['/design', 'ltr'],
  ['/he/design', 'rtl'],
] as const) {
  test(`the design gallery at ${path} shows every component, ${direction}`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('dir', direction);
    await expect(page).toHaveTitle('Design system | Mepedia');
    for (const section of [
      'Colour',
      'Type',
      'Space',
      'Buttons and links',
      'Fields',
      'Cards, avatars and bylines',
      'Reactions',
      'Tabs',
      'Dialog and toast',
      'Empty state, skeleton, pagination',
    ])
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    // A picture that fails leaves its placeholder, marked (lazy: once it is in view).
    await page.locator('article.post-card').nth(2).scrollIntoViewIfNeeded();
    await expect(page.locator('img[data-failed]')).toHaveCount(1);
    await expectAccessible(page);

    // Tabs: arrows follow the reading direction.
    const about = page.getByRole('tab', { name: 'About' });
    await about.focus();
    await page.keyboard.press(direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
    await expect(page.getByRole('tab', { name: 'Posts' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveText('Their posts.');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Answers' })).toBeFocused();

    // The dialog: modal, Escape closes it, focus returns to its opener.
    const opener = page.getByRole('button', { name: 'Open a dialog' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
}
