import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const html = (text: string) => renderToStaticMarkup(<p>{linkify(text)}</p>);

describe('linkify', () => {
  it('links http(s) addresses, leaving closing punctuation outside, as members’ links', () => {
    expect(html('See https://example.org/a?b=1, then (http://x.test/path).')).toBe(
      '<p>See <a href="https://example.org/a?b=1" rel="noopener noreferrer nofollow ugc" target="_blank">https://example.org/a?b=1</a>, then (<a href="http://x.test/path" rel="noopener noreferrer nofollow ugc" target="_blank">http://x.test/path</a>).</p>',
    );
  });

  it('keeps everything else as text: markup and other schemes are never links', () => {
    expect(html('<b>hi</b> javascript:alert(1) data:text/html,x')).toBe(
      '<p>&lt;b&gt;hi&lt;/b&gt; javascript:alert(1) data:text/html,x</p>',
    );
  });

  it('cuts an address where a quote or markup would begin', () => {
    expect(html('"https://example.org/x" <https://example.org/y>')).toContain(
      'href="https://example.org/x"',
    );
    expect(html('https://example.org/y"onmouseover="alert(1)')).toContain(
      'href="https://example.org/y"',
    );
  });

  it('links an address in Hebrew text', () => {
    expect(html('ראו https://example.org/עמוד כאן')).toContain('href="https://example.org/עמוד"');
  });
});
