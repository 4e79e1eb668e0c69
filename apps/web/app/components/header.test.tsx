// @vitest-environment jsdom
import { createApi } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Outlet, createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../lib/api';
import { I18nProvider } from '../lib/i18n';
import { Header } from './header';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

/** Where the router is: the page a search led to. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** The header of a guest's page in `locale`, at `/` (or `/he`). */
async function render(locale: Locale) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({ baseUrl: '', fetch: () => Promise.reject(new Error('no calls')) });
  const Page = () => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <Header user={null} supportChatUrl="https://chat.example" />
        <Where />
      </I18nProvider>
    </ApiProvider>
  );
  const home = locale === 'he' ? '/he' : '/';
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        { index: true, Component: Page },
        { path: '*', Component: Page },
      ],
    },
  ]);
  root = createRoot(container);
  await act(async () =>
    root?.render(
      <Stub initialEntries={[home]} hydrationData={{ loaderData: { root: { user: null } } }} />,
    ),
  );
  return container;
}

beforeEach(() => {
  // The header asks whether the window is narrow (lib/media-query.ts); jsdom has no answer.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function submit(container: HTMLElement, text: string) {
  const field = container.querySelector<HTMLInputElement>('#header-search')!;
  await act(async () => {
    field.value = text;
    field.form?.requestSubmit();
  });
}

describe('the header’s search', () => {
  it.each([
    ['en', '/search', 'Search Mepedia', 'Search people and stories'],
    ['he', '/he/search', 'חיפוש במפדיה', 'חיפוש אנשים וסיפורים'],
  ] as const)(
    'is a labelled search landmark, a GET form to the results page (%s)',
    async (locale, action, landmark, label) => {
      const container = await render(locale);
      const form = container.querySelector('form.header-search')!;
      expect(form.getAttribute('role')).toBe('search');
      expect(form.getAttribute('aria-label')).toBe(landmark);
      // Without scripts the browser sends it as it is: /search?q=…, guests too.
      expect(form.getAttribute('method')).toBe('get');
      expect(form.getAttribute('action')).toBe(action);
      const field = form.querySelector<HTMLInputElement>('input')!;
      expect(field.name).toBe('q');
      expect(field.type).toBe('search');
      expect(field.labels?.[0]?.textContent).toBe(label);
    },
  );

  it('opens the results of what is typed, in the page’s language, for a guest too', async () => {
    const container = await render('he');
    await submit(container, '  לחם טרי ');
    expect(container.querySelector('[data-testid="where"]')?.textContent).toBe(
      `/he/search?q=${encodeURIComponent('לחם טרי')}`,
    );
    // Ready for the next search.
    expect(container.querySelector<HTMLInputElement>('#header-search')?.value).toBe('');
  });

  it('goes nowhere with nothing typed', async () => {
    const container = await render('en');
    await submit(container, '   ');
    expect(container.querySelector('[data-testid="where"]')?.textContent).toBe('/');
  });
});
