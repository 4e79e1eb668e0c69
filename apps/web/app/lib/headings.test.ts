import { describe, expect, it } from 'vitest';
import { headingsUnderTitle } from './headings';

describe(headingsUnderTitle.name, () => {
  it('draws the level-3 headings of a story that has no level 2 as level 2', () => {
    expect(
      headingsUnderTitle('<h3>Where I was born</h3><p>By the sea.</p><h3 dir="auto">School</h3>'),
    ).toBe('<h2>Where I was born</h2><p>By the sea.</p><h2 dir="auto">School</h2>');
  });

  it('keeps the levels of a story that starts at level 2', () => {
    const story = '<h2>Part one</h2><h3>A detail</h3><p>Text</p><h2>Part two</h2><h3>More</h3>';
    expect(headingsUnderTitle(story)).toBe(story);
  });

  it('lifts only the level-3 headings that come before the first level 2', () => {
    expect(headingsUnderTitle('<h3>Prologue</h3><h2>One</h2><h3>Detail</h3>')).toBe(
      '<h2>Prologue</h2><h2>One</h2><h3>Detail</h3>',
    );
  });

  it('leaves text that only looks like a heading alone', () => {
    const text = '<p>&lt;h3&gt; is a tag; so is <code>h3</code></p><hr><header>x</header>';
    expect(headingsUnderTitle(text)).toBe(text);
  });
});
