// @vitest-environment jsdom
import { POST_CONTENT_MIN, hasInvisibleControls } from '@mepedia/contracts';
import { describe, expect, it, vi } from 'vitest';
// The server's own sanitizer: what the editor sends must come out of it unchanged.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the oracle, in a test only
import { sanitizeContent, textOf } from '../../../../posts/src/sanitize';
import {
  allowedHtml,
  allowedHtmlOf,
  contentTextLength,
  isAllowedLink,
  normalizeLink,
  remainingCharacters,
  textToHtml,
} from './content';

const SAMPLES = [
  '<p>Plain <b>bold</b> and <i>italic</i>, <u>under</u> and <strike>gone</strike>.</p>',
  '<h1>Title</h1><h3>Sub</h3><h6>Small</h6><p>Text</p>',
  '<ul><li>one</li><li>two<ul><li>two and a half</li></ul></li></ul><ol><li>first</li></ol>',
  // What Chromium makes when a list item is indented.
  '<ul><li>one</li><ul><li>nested</li></ul><li>two</li></ul>',
  '<blockquote>A quote<div>and more</div></blockquote>',
  '<div>line one</div><div>line two<br>after a break</div>',
  '<p>A <a href="https://example.com/?a=1&amp;b=2" onclick="x()" class="c">link</a> and <a href="mailto:a@b.c">mail</a></p>',
  '<p>Bad <a href="javascript:alert(1)">link</a> <a href="data:text/html,x">data</a></p>',
  '<p style="color:red">Styled <span style="font-weight:700">heavy</span> <span class="x">plain</span></p>',
  '<b style="font-weight:normal" id="docs-internal-guid-1"><p>Google <b>Docs</b></p></b>',
  '<script>alert(1)</script><style>p{}</style><p>safe &lt;tag&gt; &amp; "quotes" \'single\'</p><iframe src="x"></iframe>',
  '<p>עברית <strong>מודגשת</strong> and English</p><p>\u202Eoverride</p>',
  '<p><img src="x" onerror="alert(1)">after image</p><table><tr><td>cell</td><td>two</td></tr></table>',
  'loose text <em>with emphasis</em><p>then a paragraph</p>tail',
  '<p>spaces&nbsp;&nbsp;and\n\nnew lines</p><p><br></p><p>   </p>',
  // A refused link before a kept one (issue 29, item 4), and addresses an HTML5 writer escapes.
  '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com/?q=&quot;x&quot;&amp;y=<1>">good</a> tail</p>',
];

describe('allowedHtml', () => {
  it.each(SAMPLES)('writes what the server keeps unchanged: %s', (html) => {
    const allowed = allowedHtml(html);
    expect(sanitizeContent(allowed)).toBe(allowed);
  });

  it('keeps the supported formatting, in the server’s own spelling', () => {
    expect(allowedHtml('<p>a <b>b</b> <i>c</i></p>')).toBe(
      '<p>a <strong>b</strong> <em>c</em></p>',
    );
    expect(allowedHtml('<div>one<br>two</div>')).toBe('<p>one<br>two</p>');
    expect(allowedHtml('<h1>T</h1><h5>S</h5>')).toBe('<h2>T</h2><h4>S</h4>');
    expect(allowedHtml('<ul><li>a</li><ul><li>b</li></ul></ul>')).toBe(
      '<ul><li>a<ul><li>b</li></ul></li></ul>',
    );
    expect(allowedHtml('<blockquote>q</blockquote>')).toBe('<blockquote><p>q</p></blockquote>');
    expect(allowedHtml('<a href="https://x.org">x</a>')).toBe(
      '<p><a href="https://x.org" rel="noopener nofollow ugc" target="_blank">x</a></p>',
    );
  });

  it('drops what is not allowed: scripts whole, other tags and attributes unwrapped', () => {
    expect(allowedHtml('<script>alert(1)</script><p onclick="x" style="a">t</p>')).toBe('<p>t</p>');
    expect(allowedHtml('<p><a href="javascript:alert(1)">x</a></p>')).toBe('<p>x</p>');
    expect(allowedHtml('<p><span>in</span> <code>code</code></p>')).toBe('<p>in code</p>');
    expect(allowedHtml('<b style="font-weight:normal"><p>plain</p></b>')).toBe('<p>plain</p>');
    expect(allowedHtml('<p><br></p><p> </p>')).toBe('');
  });

  it('never hands the browser a style or a handler to check, even inert', () => {
    const parse = vi.spyOn(DOMParser.prototype, 'parseFromString');
    allowedHtml(
      '<p style="color:red" onclick="x()">a <span style="font-weight:bold">b</span></p><style>p{}</style><script>x()</script><img src=x onerror=x()>',
    );
    const parsed = parse.mock.calls.map(([html]) => html);
    parse.mockRestore();
    expect(parsed).toHaveLength(1);
    expect(parsed[0]).not.toMatch(/\s(style|on\w+)=|<style|<script/i);
    expect(allowedHtml('<p style="color:red">a <span style="font-weight:bold">b</span></p>')).toBe(
      '<p>a <strong>b</strong></p>',
    );
  });

  it('writes a link inside a link (an editor can make one) as text in the outer link', () => {
    // A parser never builds <a> in <a>, so make it as an editor's DOM holds it.
    const root = document.createElement('div');
    const paragraph = root.appendChild(document.createElement('p'));
    const outer = paragraph.appendChild(document.createElement('a'));
    outer.href = 'https://outer.example/';
    outer.append('outer ');
    const inner = outer.appendChild(document.createElement('a'));
    inner.href = 'https://inner.example/';
    inner.append('inner');
    paragraph.append(' after');
    const allowed = allowedHtmlOf(root);
    expect(allowed).toBe(
      '<p><a href="https://outer.example/" rel="noopener nofollow ugc" target="_blank">outer inner</a> after</p>',
    );
    expect(sanitizeContent(allowed)).toBe(allowed);
  });

  it('keeps a paragraph of Hebrew and one of English, each its own', () => {
    expect(allowedHtml('<p dir="auto">שלום</p><p dir="auto">Hello</p>')).toBe(
      '<p>שלום</p><p>Hello</p>',
    );
  });

  it('takes out the invisible controls the server refuses, and keeps direction marks', () => {
    const pasted = '<p>\u202Bשלום\u202C \u2066x\u2069 a\u202Eb\u0007 \u200Fמה\u200E</p>';
    const allowed = allowedHtml(pasted);
    expect(allowed).toBe('<p>שלום x ab \u200Fמה\u200E</p>');
    expect(hasInvisibleControls(sanitizeContent(allowed))).toBe(false);
  });
});

describe('textToHtml', () => {
  it('makes a paragraph of each line, escaped', () => {
    expect(textToHtml('one <b>\n\ntwo & three')).toBe('<p>one &lt;b&gt;</p><p>two &amp; three</p>');
  });

  it('takes out invisible controls from pasted text', () => {
    expect(textToHtml('name\u202Egnp.exe\r\n\u2067כותרת\u2069')).toBe(
      '<p>namegnp.exe</p><p>כותרת</p>',
    );
  });
});

describe('isAllowedLink', () => {
  it('allows web and mail addresses only', () => {
    expect(isAllowedLink('https://example.com')).toBe(true);
    expect(isAllowedLink('mailto:a@b.c')).toBe(true);
    expect(isAllowedLink('java\tscript:alert(1)')).toBe(false);
    expect(isAllowedLink('example.com')).toBe(false);
  });
});

describe('contentTextLength', () => {
  it.each(SAMPLES)('counts as the server counts: %s', (html) => {
    const allowed = allowedHtml(html);
    expect(contentTextLength(allowed)).toBe(textOf(sanitizeContent(allowed)).length);
  });

  it('counts text, not markup', () => {
    expect(contentTextLength('<p><strong>ab</strong> c</p>')).toBe(4);
    expect(contentTextLength('<p>a</p><p>b</p>')).toBe(3);
    expect(contentTextLength('<p>a &amp; b&nbsp;</p>')).toBe(5);
  });

  it('says how many characters are still needed, never fewer than none', () => {
    expect(remainingCharacters('')).toBe(POST_CONTENT_MIN);
    expect(remainingCharacters('<p>abc</p>')).toBe(POST_CONTENT_MIN - 3);
    expect(remainingCharacters(`<p>${'x'.repeat(POST_CONTENT_MIN + 5)}</p>`)).toBe(0);
  });
});

describe('normalizeLink', () => {
  it('keeps an address that has its scheme', () => {
    expect(normalizeLink('https://example.com/baker')).toBe('https://example.com/baker');
    expect(normalizeLink(' http://example.com ')).toBe('http://example.com');
    expect(normalizeLink('mailto:ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('makes a bare domain an https address, with its path, port, query and fragment', () => {
    expect(normalizeLink('example.com/baker')).toBe('https://example.com/baker');
    expect(normalizeLink('www.example.co.il')).toBe('https://www.example.co.il');
    expect(normalizeLink('example.com:8080/a?b=1#c')).toBe('https://example.com:8080/a?b=1#c');
    expect(normalizeLink('//example.com/x')).toBe('https://example.com/x');
    expect(normalizeLink('דוגמה.ישראל/אופה')).toBe('https://דוגמה.ישראל/אופה');
  });

  it('makes a bare email address a mailto: link', () => {
    expect(normalizeLink('ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('drops the dialog’s https:// when a whole address was pasted after it', () => {
    expect(normalizeLink('https://https://example.com/a')).toBe('https://example.com/a');
    expect(normalizeLink('https://mailto:ada@example.com')).toBe('mailto:ada@example.com');
  });

  it('refuses what is not a link the posts service keeps', () => {
    for (const typed of [
      '',
      'https://',
      'baker',
      'javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,x',
      'ftp://example.com',
      'example',
      'two words.com',
      'example.c',
    ])
      expect({ typed, link: normalizeLink(typed) }).toEqual({ typed, link: null });
  });
});
