// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TABS = [
  { id: 'details', label: 'Details', content: 'the details' },
  { id: 'email-notifications', label: 'Email', content: 'the email choices' },
];

let root: Root | null = null;

async function render() {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<Tabs tabs={TABS} label="Settings" />));
  return host;
}

const selected = (host: HTMLElement) =>
  host.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
const shown = (host: HTMLElement) =>
  host.querySelector('[role="tabpanel"]:not([hidden])')?.textContent;

describe('Tabs', () => {
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    document.body.replaceChildren();
    window.history.replaceState(null, '', '/');
  });

  it('opens on the first tab', async () => {
    const host = await render();
    expect(selected(host)).toBe('Details');
    expect(shown(host)).toBe('the details');
  });

  it('opens the tab the address names (an email’s link to the email choices)', async () => {
    window.history.replaceState(null, '', '/profile/settings#email-notifications');
    const host = await render();
    expect(selected(host)).toBe('Email');
    expect(shown(host)).toBe('the email choices');
  });

  it('keeps the first tab for a name that is not one of its tabs', async () => {
    window.history.replaceState(null, '', '/profile/settings#%3Cimg%3E');
    const host = await render();
    expect(selected(host)).toBe('Details');
  });
});
