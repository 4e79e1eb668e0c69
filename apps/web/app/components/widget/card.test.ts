import { describe, expect, it } from 'vitest';
import { exampleCard, widgetEmbedCode, widgetHtml, type WidgetCard } from './card';

const card: WidgetCard = {
  id: '0196f0a4-0000-7000-8000-000000000001',
  name: 'Dana "<b>" Levi',
  motto: 'שלום <script>alert(1)</script>',
  about: null,
  image: null,
  answers: 3,
};
const options = {
  style: 'classic',
  locale: 'en',
  siteUrl: 'https://mepedia.example',
  imageSrc: null,
} as const;

describe('widgetHtml', () => {
  it('writes member text as text, each line in its own direction', () => {
    const html = widgetHtml(card, options);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<bdi lang="en">Dana &quot;&lt;b&gt;&quot; Levi</bdi>');
    expect(html).toContain('<p class="motto" dir="auto" lang="he">שלום &lt;script&gt;');
    // No picture: the initials, without a request.
    expect(html).toContain('<div class="initials" aria-hidden="true">DL</div>');
  });

  it('links to the self-interview in the card’s language, or to the profile when there is none', () => {
    expect(widgetHtml(card, { ...options, locale: 'he' })).toContain(
      `href="https://mepedia.example/he/me/${card.id}"`,
    );
    expect(widgetHtml({ ...card, answers: 0 }, options)).toContain(
      `href="https://mepedia.example/profile/${card.id}"`,
    );
  });

  it('is a whole right-to-left document in Hebrew, its style let in by the nonce', () => {
    const html = widgetHtml(card, { ...options, locale: 'he', style: 'dark', nonce: 'n0nce' });
    expect(html).toMatch(/^<!doctype html>\n<html lang="he" dir="rtl">/);
    expect(html).toContain('<style nonce="n0nce">:root{--bg:#121417');
    expect(html).toContain('3 שאלות בראיון העצמי');
  });

  it('ends with the call to read the story on Mepedia, and names no host', () => {
    const html = widgetHtml(card, options);
    expect(html).toMatch(
      new RegExp(
        `<a href="https://mepedia\\.example/me/${card.id}" target="_blank" rel="noopener">Read my story on Mepedia</a>\n</main>`,
      ),
    );
    expect(html).not.toContain('class="brand"');
    expect(html).not.toMatch(/>\s*mepedia\.example\s*</);
    expect(widgetHtml(card, { ...options, locale: 'he' })).toContain(
      '>לקריאת הסיפור שלי במפדיה</a>',
    );
  });

  it('is set in the site’s fonts when served from the site, the system’s in a file', () => {
    const served = widgetHtml(card, { ...options, fontsHref: '/assets/fonts-abc.css' });
    expect(served).toContain('<link rel="stylesheet" href="/assets/fonts-abc.css">');
    expect(served).toContain('--font:"Rubik Variable",system-ui');
    // The classic card's name in the site's serif.
    expect(served).toContain('--name:"Frank Ruhl Libre Variable",Georgia');
    const file = widgetHtml(card, options);
    expect(file).not.toContain('<link');
    // A Hebrew motto is never slanted.
    expect(file).toContain('.motto:lang(he){font-style:normal}');
  });

  it('shows an example card without a member, linking home', () => {
    const html = widgetHtml(exampleCard('he'), { ...options, locale: 'he' });
    expect(html).toContain('השם שלך כאן');
    expect(html).toContain('href="https://mepedia.example/he"');
  });
});

describe('widgetEmbedCode', () => {
  it('frames the card at its size, with a title, its attributes escaped', () => {
    expect(widgetEmbedCode('https://m.example/me-widget-template/x/dark', 'A "B" on Mepedia')).toBe(
      '<iframe src="https://m.example/me-widget-template/x/dark" title="A &quot;B&quot; on Mepedia" width="340" height="460" style="border:0;max-width:100%" loading="lazy"></iframe>',
    );
  });
});
