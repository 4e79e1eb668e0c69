// @vitest-environment jsdom
import type { Locale } from '@mepedia/web-i18n';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { SuspensionBanner } from './suspension-banner';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const UNTIL = '2026-12-20T10:30:00.000Z';
let root: Root | null = null;

async function render(locale: Locale) {
  const container = document.createElement('div');
  document.body.append(container);
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <I18nProvider locale={locale}>
          <SuspensionBanner until={UNTIL} />
        </I18nProvider>
      ),
    },
  ]);
  root = createRoot(container);
  await act(async () => root?.render(<Stub initialEntries={[locale === 'he' ? '/he' : '/']} />));
  return container.querySelector('aside')!;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the suspension banner', () => {
  it('says until when the member cannot write, with the way to their decisions', async () => {
    const banner = await render('en');
    expect(banner.getAttribute('aria-label')).toBe('Your account is suspended');
    // Not a live region: it is there with the page.
    expect(banner.getAttribute('role')).toBeNull();
    const time = banner.querySelector('time');
    expect(time?.getAttribute('datetime')).toBe(UNTIL);
    expect(time?.textContent).toContain('2026');
    expect(banner.textContent).toBe(
      `You cannot write until ${time?.textContent}. Why, and how to appeal`,
    );
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/moderation/decisions');
  });

  it('says it in Hebrew, the date in Hebrew, the link under /he', async () => {
    const banner = await render('he');
    expect(banner.getAttribute('aria-label')).toBe('החשבון שלך מושעה');
    const time = banner.querySelector('time');
    expect(time?.textContent).toMatch(/בדצמ|דצמבר/);
    expect(banner.textContent).toBe(`אי אפשר לכתוב עד ${time?.textContent}. למה, ואיך לערער`);
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/he/moderation/decisions');
  });
});
