import { describe, expect, it } from 'vitest';
import { editorHtml } from './rich-text-editor';

describe('editorHtml', () => {
  it('gives each block of a stored post its own direction', () => {
    expect(editorHtml('<h2>כותרת</h2><p>Text <strong>b</strong></p><ul><li>one</li></ul>')).toBe(
      '<h2 dir="auto">כותרת</h2><p dir="auto">Text <strong>b</strong></p><ul><li dir="auto">one</li></ul>',
    );
    expect(editorHtml('<blockquote><p>q</p></blockquote>')).toBe(
      '<blockquote dir="auto"><p dir="auto">q</p></blockquote>',
    );
  });

  it('starts an empty post with one empty paragraph', () => {
    expect(editorHtml('')).toBe('<p dir="auto"><br></p>');
  });
});
