// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from './i18n';
import { useLeaveGuard } from './leave-guard';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> without its modal methods: enough of them to open and close it.
Object.assign(HTMLDialogElement.prototype, {
  showModal(this: HTMLDialogElement) {
    this.open = true;
  },
  close(this: HTMLDialogElement) {
    this.open = false;
  },
});

/** A story with unsent text: its guard, and links to another story and home. */
function Story() {
  const guard = useLeaveGuard(true);
  return (
    <main>
      <Link to="/story/b">another story</Link>
      <Link to="/">home</Link>
      {guard.dialog}
    </main>
  );
}

let root: Root | null = null;

function render() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home page</p> },
      { path: '/story/:id', element: <Story /> },
    ],
    { initialEntries: ['/story/a'] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <I18nProvider locale="en">
        <RouterProvider router={router} />
      </I18nProvider>,
    ),
  );
  return { router, container };
}

const link = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('a')].find((a) => a.textContent === name);
const button = (name: string) =>
  [...document.querySelectorAll('dialog button')].find((b) => b.textContent === name) as
    HTMLButtonElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the leave guard', () => {
  it('lets a Back through that comes before React has taken the left page away', async () => {
    const { router, container } = render();
    await act(async () => link(container, 'home')?.click());
    expect(router.state.location.pathname).toBe('/story/a');
    await act(async () => {
      // "Leave", then at once Back: the story's guard is still there when the Back comes.
      button('Leave without saving')?.click();
      void router.navigate(-1);
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(router.state.location.pathname).toBe('/story/a');
  });

  it('asks again on another story the same page shows, after leaving one', async () => {
    const { router, container } = render();
    await act(async () => link(container, 'another story')?.click());
    expect(router.state.location.pathname).toBe('/story/a');
    await act(async () => button('Leave without saving')?.click());
    expect(router.state.location.pathname).toBe('/story/b');
    // The same page, another story: its unsent text is guarded like the first's.
    await act(async () => link(container, 'home')?.click());
    expect(router.state.location.pathname).toBe('/story/b');
  });
});
