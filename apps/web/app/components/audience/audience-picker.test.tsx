// @vitest-environment jsdom
import { AUDIENCES, type Audience } from '@mepedia/contracts';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { AudiencePicker, PICKER_AUDIENCES } from './audience-picker';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/**
 * The picker on a page of its own, holding its value as a page does; `chosen` hears each choice.
 * `magazine`: the item goes to the magazine.
 */
async function render(
  locale: 'en' | 'he',
  { start = 'public', magazine = false }: { start?: Audience; magazine?: boolean } = {},
) {
  const chosen = vi.fn<(audience: Audience) => void>();
  const container = document.createElement('div');
  document.body.append(container);
  const Picker = () => {
    const [value, setValue] = useState<Audience>(start);
    return (
      <I18nProvider locale={locale}>
        <AudiencePicker
          legend="Who can read it"
          name="privacy"
          value={value}
          magazine={magazine}
          hint="A word about it"
          onChange={(audience) => {
            chosen(audience);
            setValue(audience);
          }}
        />
      </I18nProvider>
    );
  };
  const Stub = createRoutesStub([
    { path: '/profile/write-post', Component: Picker },
    { path: '/he/profile/write-post', Component: Picker },
  ]);
  root = createRoot(container);
  await act(async () => {
    root?.render(<Stub initialEntries={[`${locale === 'he' ? '/he' : ''}/profile/write-post`]} />);
  });
  return { container, chosen };
}

const radios = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLInputElement>('input[type="radio"]'),
];
/** A radio's name: its label's text. */
const nameOf = (radio: HTMLInputElement) => radio.closest('label')?.textContent?.trim();
/** What a radio is described by: the line under it. */
const aboutOf = (radio: HTMLInputElement) =>
  document.getElementById(radio.getAttribute('aria-describedby') ?? '')?.textContent;
const magazineNote = (container: HTMLElement) =>
  container.querySelector('[role="status"].audience-magazine');

describe('AudiencePicker', () => {
  it('offers the four audiences narrowest first, as the contracts order them', () => {
    expect([...PICKER_AUDIENCES]).toEqual([...AUDIENCES]);
  });

  it('names each audience, with a line that says who that is, in English', async () => {
    const { container } = await render('en');
    expect(container.querySelector('legend')?.textContent).toBe('Who can read it');
    const options = radios(container);
    expect(options.map((radio) => radio.value)).toEqual(['private', 'circle', 'members', 'public']);
    expect(options.map(nameOf)).toEqual(['Only me', 'My circle', 'Members', 'Everyone']);
    expect(options.map(aboutOf)).toEqual([
      'Nobody else can read it.',
      'The people you invited (manage your circle in Settings).',
      'Anyone signed in to Mepedia.',
      'Anyone at all, guests and search engines included.',
    ]);
    // Every option in one group of the same name, the saved one checked.
    expect(options.every((radio) => radio.name === 'privacy')).toBe(true);
    expect(options.filter((radio) => radio.checked).map((radio) => radio.value)).toEqual([
      'public',
    ]);
    // The link is no part of the option's name, and leads to the settings' Circle tab.
    const link = container.querySelector<HTMLAnchorElement>('.radio-description a');
    expect(link?.getAttribute('href')).toBe('/profile/settings#circle');
    expect(link?.closest('label')).toBeNull();
  });

  it('names them in Hebrew, and links to the Hebrew settings', async () => {
    const { container } = await render('he');
    const options = radios(container);
    expect(options.map(nameOf)).toEqual(['רק אני', 'המעגל שלי', 'חברי הקהילה', 'כולם']);
    expect(aboutOf(options[1]!)).toBe('האנשים שהזמנת (ניהול המעגל בהגדרות).');
    expect(
      container.querySelector<HTMLAnchorElement>('.radio-description a')?.getAttribute('href'),
    ).toBe('/he/profile/settings#circle');
  });

  it('tells the page each choice', async () => {
    const { container, chosen } = await render('en');
    const [, circle, members] = radios(container);
    await act(async () => circle!.click());
    expect(chosen).toHaveBeenLastCalledWith('circle');
    expect(circle!.checked).toBe(true);
    await act(async () => members!.click());
    expect(chosen.mock.calls).toEqual([['circle'], ['members']]);
    expect(members!.checked).toBe(true);
  });

  it('says the magazine shows the story only once everyone may read it', async () => {
    const { container } = await render('en', { magazine: true });
    const note = magazineNote(container);
    // There from the start and empty, so what appears in it is heard.
    expect(note).not.toBeNull();
    expect(note?.textContent).toBe('');
    const [, circle, , everyone] = radios(container);
    await act(async () => circle!.click());
    expect(magazineNote(container)?.textContent).toBe(
      'The magazine shows only stories everyone may read. This one will appear there once its audience is Everyone.',
    );
    await act(async () => everyone!.click());
    expect(magazineNote(container)?.textContent).toBe('');
  });

  it('says nothing of the magazine for a story that does not go there', async () => {
    const { container } = await render('en', { start: 'private' });
    expect(magazineNote(container)?.textContent).toBe('');
  });

  it('says it in Hebrew too', async () => {
    const { container } = await render('he', { start: 'members', magazine: true });
    expect(magazineNote(container)?.textContent).toBe(
      'המגזין מציג רק סיפורים שכולם יכולים לקרוא. הסיפור הזה יופיע שם כשקהל הקוראים שלו יהיה כולם.',
    );
  });

  it('keeps the page’s own hint, read with the group', async () => {
    const { container } = await render('en');
    const group = container.querySelector('fieldset');
    expect(
      document.getElementById(group?.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('A word about it');
  });
});
