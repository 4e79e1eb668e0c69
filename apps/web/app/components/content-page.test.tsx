import { renderToStaticMarkup } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ContentPage as Page } from '../content/types';
import { efi } from '../content/efi';
import { I18nProvider } from '../lib/i18n';
import { ContentPage } from './content-page';

/** The page rendered on the server, in `locale`, as a visitor's first answer holds it. */
function render(page: Page, locale: 'en' | 'he'): string {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <I18nProvider locale={locale}>
          <ContentPage page={page} />
        </I18nProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={['/efi']} />);
}

describe('ContentPage, as a memorial', () => {
  it('opens with the candle while there is no portrait, and names the person in the heading', () => {
    const html = render(efi.en, 'en');
    expect(html).toContain('src="/memorial-footer.jpg" alt="A memorial candle"');
    expect(html).toMatch(
      /<h1 id="page-title"><span class="memorial-label">In memory of<\/span> <span class="memorial-name">Efi<\/span><\/h1>/,
    );
    // No dates are given: none is guessed.
    expect(html).not.toContain('<time');
  });

  it('writes the years, keeping each whole date in its <time>, and the portrait with its words', () => {
    const page: Page = {
      ...efi.he,
      memorial: {
        ...efi.he.memorial!,
        born: '1950-03-02',
        died: '2020',
        portrait: { src: '/efi.jpg', alt: 'אפי מחייך' },
      },
    };
    const html = render(page, 'he');
    expect(html).toContain('src="/efi.jpg" alt="אפי מחייך"');
    expect(html).toContain(
      '<p class="memorial-dates"><time dateTime="1950-03-02">1950</time> – <time dateTime="2020">2020</time></p>',
    );
  });

  it('closes with the way to the support page, in the page’s language', () => {
    expect(render(efi.en, 'en')).toMatch(/<a[^>]* href="\/support"[^>]*>Share a memory/);
    expect(render(efi.he, 'he')).toMatch(/<a[^>]* href="\/he\/support"[^>]*>לשיתוף זיכרון/);
  });
});
