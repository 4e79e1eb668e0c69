// @vitest-environment jsdom
import type { Locale } from '@mepedia/web-i18n';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { TextSearch } from './magazine';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

async function render(locale: Locale) {
  const container = document.createElement('div');
  document.body.append(container);
  const path = `${locale === 'he' ? '/he' : ''}/mepedia-magazine`;
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <I18nProvider locale={locale}>
          <TextSearch />
        </I18nProvider>
      ),
    },
  ]);
  root = createRoot(container);
  await act(async () => root?.render(<Stub initialEntries={[path]} />));
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the magazine’s search of the stories’ words', () => {
  it.each([
    ['en', '/search', 'Search the stories', 'Words in the stories'],
    ['he', '/he/search', 'חיפוש בסיפורים', 'מילים מתוך הסיפורים'],
  ] as const)(
    'is a GET form to the search page’s posts and answers (%s)',
    async (locale, action, landmark, label) => {
      const form = (await render(locale)).querySelector('form')!;
      expect(form.getAttribute('role')).toBe('search');
      expect(form.getAttribute('aria-label')).toBe(landmark);
      expect(form.getAttribute('method')).toBe('get');
      expect(form.getAttribute('action')).toBe(action);
      const field = form.querySelector<HTMLInputElement>('input[name="q"]')!;
      expect(field.labels?.[0]?.textContent).toBe(label);
      expect(field.maxLength).toBe(200);
      // What it sends: /search?q=…&kinds=post&kinds=answer, the magazine's kinds of stories.
      const sent = new FormData(form);
      expect(sent.getAll('kinds')).toEqual(['post', 'answer']);
    },
  );
});
