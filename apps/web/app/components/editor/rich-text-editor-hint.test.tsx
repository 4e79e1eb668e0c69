// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { TOUCH_ONLY_QUERY } from '../../lib/media-query';
import { RichTextEditor } from './rich-text-editor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

/** A window whose media queries answer `touchOnly` for the touch query and no for the rest. */
function deviceWith(touchOnly: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === TOUCH_ONLY_QUERY ? touchOnly : false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

async function editorOn(touchOnly: boolean): Promise<{ box: HTMLElement; help: HTMLElement }> {
  deviceWith(touchOnly);
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <I18nProvider locale="en">
        <RichTextEditor
          id="story"
          labelId="story-label"
          describedBy="story-counter"
          initialHtml=""
          onChange={() => undefined}
        />
      </I18nProvider>,
    );
  });
  const box = container.querySelector<HTMLElement>('[role="textbox"]');
  const help = container.querySelector<HTMLElement>('.rich-editor-help');
  if (!box || !help) throw new Error('the editor did not render its box and its hint');
  return { box, help };
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the editor’s keyboard hint', () => {
  it('describes the text box where there is a keyboard', async () => {
    const { box, help } = await editorOn(false);
    expect(box.getAttribute('aria-describedby')?.split(' ')).toEqual(['story-counter', help.id]);
  });

  it('is not read on a touch phone, where the stylesheet hides it', async () => {
    const { box, help } = await editorOn(true);
    expect(box.getAttribute('aria-describedby')?.split(' ')).toEqual(['story-counter']);
    expect(box.getAttribute('aria-describedby')).not.toContain(help.id);
  });
});
