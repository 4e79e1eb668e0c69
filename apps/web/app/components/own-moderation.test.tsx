// @vitest-environment jsdom
import type { ItemModeration, ModeratedItemKind } from '@mepedia/contracts';
import type { ReactNode } from 'react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { OwnModeration, OwnModerationBadge } from './own-moderation';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function render(locale: 'en' | 'he', part: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const Page = () => <I18nProvider locale={locale}>{part}</I18nProvider>;
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[locale === 'he' ? '/he/post/p1' : '/post/p1']} />);
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const held: ItemModeration = { state: 'held', caseId: 'case-1' };
const removed: ItemModeration = { state: 'removed', caseId: 'case-1' };

describe('the owner’s notice of a held or removed item', () => {
  it.each([
    ['en', 'post', held, 'This story is hidden from others while moderators review it.'],
    ['en', 'post', removed, 'This story was removed by moderators: only you can see it.'],
    ['en', 'profile', held, 'Your profile is hidden from others while moderators review it.'],
    ['en', 'profile', removed, 'Your profile was removed by moderators: only you can see it.'],
    ['en', 'comment', held, 'Hidden from others while moderators review it.'],
    ['he', 'post', held, 'הסיפור הזה מוסתר מאחרים בזמן שמנהלי התוכן בודקים אותו.'],
    ['he', 'post', removed, 'הסיפור הזה הוסר בידי מנהלי התוכן: רק לך הוא גלוי.'],
    ['he', 'profile', removed, 'הפרופיל שלך הוסר בידי מנהלי התוכן: רק לך הוא גלוי.'],
  ] as Array<['en' | 'he', ModeratedItemKind, ItemModeration, string]>)(
    'in %s, of a %s',
    async (locale, kind, moderation, words) => {
      const container = await render(locale, <OwnModeration moderation={moderation} kind={kind} />);
      const notice = container.querySelector('.own-moderation');
      expect(notice?.classList.contains(`own-moderation-${moderation.state}`)).toBe(true);
      expect(notice?.textContent).toContain(words);
      const link = notice?.querySelector('a');
      expect(link?.textContent).toBe(
        locale === 'he' ? 'למה, ואיך לערער' : 'Why, and how to appeal',
      );
      expect(link?.getAttribute('href')).toBe(
        locale === 'he' ? '/he/moderation/decisions' : '/moderation/decisions',
      );
      // Not a live region: it is there with the item, not news.
      expect(notice?.getAttribute('role')).toBeNull();
    },
  );

  it('is nothing for an item moderation leaves alone', async () => {
    const container = await render(
      'en',
      <>
        <OwnModeration moderation={undefined} kind="post" />
        <OwnModerationBadge moderation={undefined} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('is a chip without a link on the owner’s card (the card is one link)', async () => {
    const container = await render('he', <OwnModerationBadge moderation={removed} />);
    expect(container.textContent).toBe('הוסר בידי מנהלי התוכן');
    expect(container.querySelector('a')).toBeNull();
    act(() => root?.unmount());
    document.body.innerHTML = '';
    const english = await render('en', <OwnModerationBadge moderation={held} />);
    expect(english.textContent).toBe('Hidden while moderators review it');
  });
});
