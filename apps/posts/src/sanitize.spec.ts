import { defaultTreeAdapter, html, parseFragment, serialize } from 'parse5';
import { plainText, plainTextOf, sanitizeContent, textOf } from './sanitize';

/** What a browser makes of some post HTML shown in a `div`, written back (parse5: the HTML5 parser). */
const DIV = defaultTreeAdapter.createElement('div', html.NS.HTML, []);
const reparsed = (markup: string) => serialize(parseFragment(DIV, markup, {}));

/** Hostile and broken inputs: each one's stored form must be exactly what a browser builds of it. */
const HOSTILE = [
  '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a> tail</p><p>after</p>',
  '<a href="javascript:x">x</a><a href="https://a.example">a</a><a href="vbscript:y">y</a><a href="mailto:m@x.y">m</a>',
  '<p><a href="data:text/html,x"><b>bold refused</b></a><a href="https://k.example"><i>kept</i></a></p>',
  '<a href="https://a.example">outer <a href="https://b.example">inner</a> rest</a>',
  '<a href="https://a.example">1<table><tr><td><a href="https://b.example">2</a></td></tr></table>3</a>',
  '<a href="https://a.example"><p>block in a link</p></a>',
  '<b><p>bold paragraph</b> then text</p>',
  '<p><b>one<i>two</b>three</i>four</p>',
  '<i><b><u><s>deep</i> misnested</s></u></b>',
  '<p>para<ul><li>list in a paragraph</li></ul>after</p>',
  '<p>one<p>two<h2>heading</h3>three',
  '<ul><li>a<li>b<ol><li>c</ul>d</li>',
  '<li>stray item</li><li>another',
  '<blockquote><p>q<blockquote>inner</p></blockquote>',
  '<h2><h3>heading in heading</h3></h2><h4><p>p in h4</p></h4>',
  '<table><tr><td>cell</td><td><b>bold cell</td></tr><caption>c</caption></table>after',
  '<table><b>foster</b><tr><td>x</td></tr></table>',
  '<ul><li><table><td><li>item in a cell</li></td></table></li></ul>',
  '<p>entities &amp; &lt;b&gt; &nbsp; &#x3C;script&#x3E; &copy; &unknown; &#0; &#xD800;</p>',
  '<p>raw < and > and & and " and \' </p>',
  '<!-- a comment --><p>after comment<!-- <a href="https://x.example"> --></p>',
  '<![CDATA[<a href="https://c.example">cdata</a>]]><p>after cdata</p>',
  '<p><a href=https://unquoted.example/?a=1&b=2 title=x>unquoted</a></p>',
  '<a href=\'https://single.example\'>single</a><a href="https://x.example/"onmouseover=alert(1)>glued</a>',
  '<a href="  https://spaced.example  ">spaced</a><a href="java\tscript:alert(1)">tab</a>',
  '<p>unclosed <strong>bold <em>and italic',
  '</p></b></a></li>closers only',
  '<br/><br></br><p><br></p>',
  '<svg><a href="https://svg.example">svg link</a></svg><math><a href="https://m.example">m</a></math>',
  '<div><div><p>nested divs</div>text</p></div>',
  '<form><p>in form<form>again</form></p></form>',
  '<select><option><a href="https://o.example">opt</a></option></select>after',
  '<noscript><p>x</p></noscript><template><a href="https://t.example">t</a></template>tail',
  '<textarea><a href="https://ta.example"></textarea>after',
  '<title><a href="https://title.example">t</a></title>x',
  '<p>\u202Eoverride שָׁלוֹם</p><p dir="rtl">rtl</p>',
  '<p><a href="https://x.example/?a=<b>&c=\'d\'&e=&quot;f&quot;">markup in an address</a> after</p>',
  '<a href="https://a.example"><a href="javascript:x">refused in kept</a>after</a>',
  '<a href="javascript:x"><a href="https://b.example">kept in refused</a>after</a>tail',
  '<b><a href="https://a.example"><p>adoption</b> agency</a> re-opens</p>',
  '<s><ul><li>struck list</s></li></ul>after',
  '<a href="mailto:a@b.c"><ul><li>list</li></ul></a><a href="javascript:z">z</a><a href="https://q.example">q</a>',
  '<p><a href="javascript:1">1</a><strong><a href="https://2.example">2</a></strong><a href="javascript:3">3</a><a href="https://4.example">4</a></p><p>tail</p>',
];

/** A seeded generator of tag soup from the allowed and some refused tags: the same cases every run. */
function tagSoup(seed: number, count: number): string[] {
  let state = seed;
  const next = (bound: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % bound;
  };
  const pieces = [
    '<p>',
    '</p>',
    '<b>',
    '</b>',
    '<i>',
    '</i>',
    '<strong>',
    '</strong>',
    '<em>',
    '</em>',
    '<u>',
    '</u>',
    '<s>',
    '</s>',
    '<ul>',
    '</ul>',
    '<ol>',
    '</ol>',
    '<li>',
    '</li>',
    '<h2>',
    '</h2>',
    '<h3>',
    '</h3>',
    '<blockquote>',
    '</blockquote>',
    '<br>',
    '<a href="https://k.example">',
    '<a href="javascript:alert(1)">',
    '<a>',
    '</a>',
    '<table>',
    '<tr>',
    '<td>',
    '</td>',
    '</table>',
    '<div>',
    '</div>',
    '<span>',
    '</span>',
    'text',
    ' ',
    '&amp;',
  ];
  return Array.from({ length: count }, () =>
    Array.from({ length: 4 + next(20) }, () => pieces[next(pieces.length)]).join(''),
  );
}

describe(sanitizeContent.name, () => {
  it.each([
    ['<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['<img src=x onerror=alert(1)>', ''],
    ['<p onclick="steal()">Click</p>', '<p>Click</p>'],
    ['<a href="javascript:alert(1)">x</a>', 'x'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', 'x'],
    ['<a href="java&#x09;script:alert(1)">x</a>', 'x'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', 'x'],
    ['<iframe src="https://evil.test"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p>unclosed <strong>bold', '<p>unclosed <strong>bold</strong></p>'],
    ['<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
    ['<p style="color:red" class="x" id="y">styled</p>', '<p>styled</p>'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ])('makes %s safe', (input, expected) => {
    const clean = sanitizeContent(input);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });

  it('keeps the allowed formatting and makes links safe to open', () => {
    const input =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><blockquote>q</blockquote><a href="https://example.com" target="_self" rel="opener">link</a>';
    expect(sanitizeContent(input)).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><blockquote>q</blockquote><a href="https://example.com" rel="noopener nofollow ugc" target="_blank">link</a>',
    );
  });

  it('changes no character of the text (the service refuses invisible controls instead)', () => {
    expect(sanitizeContent('<p>\u202Eabc שָׁלוֹם\u200F 👩\u200D👧</p>')).toBe(
      '<p>\u202Eabc שָׁלוֹם\u200F 👩\u200D👧</p>',
    );
    // A character reference comes back as the character itself, which is what the service checks.
    expect(sanitizeContent('<p>a&#x202E;b</p>')).toBe('<p>a\u202Eb</p>');
  });
});

describe('stored content, as a browser parses it', () => {
  it('closes a kept link after a refused one as a link, not as a span', () => {
    expect(
      sanitizeContent(
        '<p><a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a> tail</p><p>after</p>',
      ),
    ).toBe(
      '<p>bad <a href="https://example.com" rel="noopener nofollow ugc" target="_blank">good</a> tail</p><p>after</p>',
    );
  });

  it.each(HOSTILE)('stores %s as markup a browser does not re-nest', (input) => {
    const stored = sanitizeContent(input);
    expect(reparsed(stored)).toBe(stored);
    expect(sanitizeContent(stored)).toBe(stored);
    expect(stored).not.toMatch(/<script|<span|onerror|onmouseover|javascript:|vbscript:|data:/i);
  });

  it('stores generated tag soup as markup a browser does not re-nest', () => {
    for (const input of tagSoup(29, 400)) {
      const stored = sanitizeContent(input);
      expect({ input, stored: reparsed(stored) }).toEqual({ input, stored });
    }
  });

  it('writes a link’s address without markup characters, the same link', () => {
    expect(sanitizeContent('<a href="https://x.example/?q=&quot;a&quot;&amp;b=<1>">x</a>')).toBe(
      '<a href="https://x.example/?q=%22a%22&amp;b=%3C1%3E" rel="noopener nofollow ugc" target="_blank">x</a>',
    );
    for (const input of HOSTILE) expect(sanitizeContent(input)).not.toMatch(/="[^"]*[<>]/);
  });

  it('leaves nothing written after the content inside one of its links', () => {
    for (const input of HOSTILE) {
      // The page's own markup after the post (its Like button) must not become a link.
      const page = reparsed(`${sanitizeContent(input)}<button id="like">Like</button>`);
      expect(page).not.toMatch(/<a [^>]*>(?:(?!<\/a>).)*<button id="like">/s);
    }
  });
});

describe('plain text fields', () => {
  it('keeps a questionnaire title as written, on one line', () => {
    expect(plainText('  My <b>title</b>\n 3 < 5  ')).toBe('My <b>title</b> 3 < 5');
  });

  it('measures content by its text, not its markup', () => {
    expect(textOf('<p>Hello&nbsp;<strong>world</strong></p><p>again &amp; again</p>')).toBe(
      'Hello world again & again',
    );
  });
});

describe(plainTextOf.name, () => {
  // Each case as the posts service stores content (sanitized), then as the search reads it.
  it.each([
    ['paragraphs, one line each', '<p>First one.</p><p>Second one.</p>', 'First one.\nSecond one.'],
    [
      'a line break inside a paragraph',
      '<p>Roses are red,<br>violets are blue.</p>',
      'Roses are red,\nviolets are blue.',
    ],
    [
      'no empty line for an empty paragraph or breaks in a row',
      '<p>a</p><p><br></p><p></p><p>b<br><br><br>c</p>',
      'a\nb\nc',
    ],
    [
      'Hebrew, with niqqud and mixed with English, as written',
      '<p>שָׁלוֹם לכולם, <strong>ברוכים הבאים</strong> ל-Mepedia!</p><p>סוף.</p>',
      'שָׁלוֹם לכולם, ברוכים הבאים ל-Mepedia!\nסוף.',
    ],
    [
      'entities decoded',
      '<p>Tom &amp; Jerry &lt;3 &quot;cheese&quot; &#x27;n&#39; &copy;&nbsp;2026 &#x05E9;</p>',
      'Tom & Jerry <3 "cheese" \'n\' © 2026 ש',
    ],
    [
      'markup written as text stays text',
      '<p>&lt;b&gt;not bold&lt;/b&gt; &amp;amp;</p>',
      '<b>not bold</b> &amp;',
    ],
    [
      'nested inline markup, words joined as shown',
      '<p><strong>bo<em>ld</em></strong> <u>un<s>der</s></u>line</p>',
      'bold underline',
    ],
    [
      'a link keeps its words, not its address',
      '<p>See <a href="https://example.com/x">my page</a>.</p>',
      'See my page.',
    ],
    [
      'headings and quotes on lines of their own',
      '<h2>Title</h2><p>Text</p><blockquote><p>A quote</p>— someone</blockquote><h3>End</h3>',
      'Title\nText\nA quote\n— someone\nEnd',
    ],
    [
      'list items, each on a line, nested lists too',
      '<ul><li>one</li><li>two<ol><li>two a</li><li>two <b>b</b></li></ol></li><li>three</li></ul>',
      'one\ntwo\ntwo a\ntwo b\nthree',
    ],
    [
      'a list inside a paragraph, as a browser re-nests it',
      '<p>before<ul><li>item</li></ul>after</p>',
      'before\nitem\nafter',
    ],
    [
      'white space of the source is not a line',
      '<p>one\n  two\tthree  </p>\n\n<p>  four </p>',
      'one two three\nfour',
    ],
    ['no text at all', '<p> </p><br>', ''],
  ])('%s', (_case, html, text) => {
    const stored = sanitizeContent(html);
    expect(plainTextOf(stored)).toBe(text);
  });

  it('has the same words as the text the service measures', () => {
    for (const html of [...HOSTILE, ...tagSoup(31, 200)]) {
      const stored = sanitizeContent(html);
      const words = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
      const text = plainTextOf(stored);
      expect(text).not.toMatch(/\n\n|^\s|\s$/);
      // The lines' ends are where the measured text has a space; the characters are the same.
      expect(words(text).replace(/\s/g, '')).toBe(words(textOf(stored)).replace(/\s/g, ''));
    }
  });
});
