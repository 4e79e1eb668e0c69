// @vitest-environment jsdom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../lib/i18n';
import { Byline } from './byline';

describe('Byline', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes over a relative date the server wrote a minute earlier without drawing the page again', async () => {
    // Drawn "59 seconds ago" (a cached page); the browser takes over two minutes later.
    const drawnAt = Date.now();
    const date = new Date(drawnAt - 59_000).toISOString();
    const byline = (
      <I18nProvider locale="en">
        <Byline name="Dana Levi" date={date} relative />
      </I18nProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(byline);
    const written = container.textContent;
    vi.spyOn(Date, 'now').mockReturnValue(drawnAt + 120_000);
    const redrawn: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, byline, { onRecoverableError: (error) => redrawn.push(error) });
    });
    expect(redrawn).toEqual([]);
    // The server's words stay until the next drawing.
    expect(container.textContent).toBe(written);
  });
});
