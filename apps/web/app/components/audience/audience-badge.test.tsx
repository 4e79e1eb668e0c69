import type { Audience } from '@mepedia/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { AudienceBadge } from './audience-badge';

/** The badge as the server writes it. */
function badge(locale: 'en' | 'he', audience: Audience, own: boolean): string {
  return renderToStaticMarkup(
    <I18nProvider locale={locale}>
      <AudienceBadge audience={audience} own={own} />
    </I18nProvider>,
  );
}

/** What it shows (the hidden words left out) and what a screen reader reads. */
function texts(html: string): { shown: string; read: string } {
  const withoutIcon = html.replace(/<svg[\s\S]*?<\/svg>/g, '');
  const shown = withoutIcon
    .replace(/<span class="visually-hidden">[^<]*<\/span>/, '')
    .replace(/<[^>]+>/g, '');
  const read = withoutIcon.replace(/<[^>]+>/g, '');
  return { shown, read };
}

describe('AudienceBadge', () => {
  it('shows nothing for what everyone may read', () => {
    expect(badge('en', 'public', true)).toBe('');
    expect(badge('en', 'public', false)).toBe('');
    expect(badge('he', 'public', true)).toBe('');
  });

  it('says who may read one’s own item, in English', () => {
    expect(texts(badge('en', 'private', true))).toEqual({
      shown: 'Only me',
      read: 'Who can read it: Only me',
    });
    expect(texts(badge('en', 'circle', true)).shown).toBe('My circle');
    expect(texts(badge('en', 'members', true)).shown).toBe('Members');
  });

  it('says whose circle it is on someone else’s item', () => {
    expect(texts(badge('en', 'circle', false))).toEqual({
      shown: 'Circle only',
      read: 'Who can read it: Circle only',
    });
    expect(texts(badge('en', 'members', false)).shown).toBe('Members');
    expect(texts(badge('en', 'private', false)).shown).toBe('Only the author');
  });

  it('says it in Hebrew', () => {
    expect(texts(badge('he', 'private', true))).toEqual({
      shown: 'רק אני',
      read: 'מי יכול לקרוא: רק אני',
    });
    expect(texts(badge('he', 'circle', true)).shown).toBe('המעגל שלי');
    expect(texts(badge('he', 'members', true)).shown).toBe('חברי הקהילה');
    expect(texts(badge('he', 'circle', false)).shown).toBe('למעגל בלבד');
  });

  it('is more than a colour: an icon that no one reads, and words', () => {
    const html = badge('en', 'circle', true);
    expect(html).toContain('class="audience-badge audience-badge-circle"');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });
});
