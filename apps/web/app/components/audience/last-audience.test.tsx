// @vitest-environment jsdom
import type { Audience } from '@mepedia/contracts';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  lastAudienceKey,
  readLastAudience,
  rememberAudience,
  useLastAudience,
  type AudienceKind,
} from './last-audience';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.localStorage.clear();
});

/** A control as a page has one: its value, and two buttons that choose as the member does. */
function Control({
  kind,
  memberId,
  fresh,
  start,
}: {
  kind: AudienceKind;
  memberId: string | null;
  fresh: boolean;
  start: Audience;
}) {
  const [value, setValue] = useState<Audience>(start);
  const chose = useLastAudience({ kind, memberId, fresh, apply: setValue });
  const choose = (audience: Audience) => {
    chose(audience);
    setValue(audience);
  };
  return (
    <p>
      <output>{value}</output>
      <button type="button" onClick={() => choose('members')}>
        members
      </button>
    </p>
  );
}

/** Drawn as the server draws it (no storage there), then hydrated in the browser. */
async function hydrate(props: Parameters<typeof Control>[0]) {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(<Control {...props} />);
  const drawn = container.querySelector('output')?.textContent;
  await act(async () => {
    root = hydrateRoot(container, <Control {...props} />);
  });
  return { container, drawn, shown: () => container.querySelector('output')?.textContent };
}

describe('the audience used last', () => {
  it('is kept per kind and per member, and only a known audience is read back', () => {
    rememberAudience('post', 'm1', 'circle');
    rememberAudience('answer', 'm1', 'private');
    expect(readLastAudience('post', 'm1')).toBe('circle');
    expect(readLastAudience('answer', 'm1')).toBe('private');
    expect(readLastAudience('post', 'm2')).toBeNull();
    window.localStorage.setItem(lastAudienceKey('post', 'm2'), 'friends');
    expect(readLastAudience('post', 'm2')).toBeNull();
  });

  it('is put into a new item’s control once the page is up, the server having drawn the default', async () => {
    rememberAudience('post', 'm1', 'circle');
    const page = await hydrate({ kind: 'post', memberId: 'm1', fresh: true, start: 'public' });
    expect(page.drawn).toBe('public');
    expect(page.shown()).toBe('circle');
  });

  it('leaves an existing item’s own audience alone', async () => {
    rememberAudience('post', 'm1', 'circle');
    const page = await hydrate({ kind: 'post', memberId: 'm1', fresh: false, start: 'members' });
    expect(page.shown()).toBe('members');
  });

  it('takes the kind’s own memory: a post’s choice is not an answer’s', async () => {
    rememberAudience('post', 'm1', 'circle');
    const page = await hydrate({ kind: 'answer', memberId: 'm1', fresh: true, start: 'public' });
    expect(page.shown()).toBe('public');
  });

  it('remembers what the member chooses, for the next new item', async () => {
    const page = await hydrate({ kind: 'answer', memberId: 'm1', fresh: true, start: 'public' });
    await act(async () => page.container.querySelector('button')!.click());
    expect(page.shown()).toBe('members');
    expect(readLastAudience('answer', 'm1')).toBe('members');
  });

  it('knows no one without a member', async () => {
    rememberAudience('post', 'm1', 'circle');
    const page = await hydrate({ kind: 'post', memberId: null, fresh: true, start: 'public' });
    expect(page.shown()).toBe('public');
  });
});
