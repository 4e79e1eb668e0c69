// @vitest-environment jsdom
import type { FeedMessage } from '@mepedia/contracts';
import { errorMessages, errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { discussionQueries, type DiscussionPages } from '@mepedia/web-api/queries';
import { postMessages, registerMessages } from '@mepedia/web-i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub, Link, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import type { MemberView } from '../../lib/member';
import { Discussion } from './discussion';
import { draftKey, type DraftTarget } from './drafts';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// What the member is told in a toast, as it would be shown.
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../toasts', () => ({ useToasts: () => toasts }));

registerMessages(postMessages);

const me: MemberView = {
  id: 'me',
  firstname: 'Yael',
  lastname: 'Barak',
  fullname: 'Yael Barak',
  image: null,
  language: 'en',
  roles: [],
  suspendedUntil: null,
};

const comment = (messageId: string, fields: Partial<FeedMessage> = {}): FeedMessage => ({
  messageId,
  feedRoomId: 'post-1',
  postId: 'post-1',
  authorId: 'noa',
  message: `The words of ${messageId}`,
  tag: null,
  parentMessageId: null,
  likes: 2,
  repliesCount: 0,
  deleted: false,
  createdAt: '2026-01-01T10:00:00.000Z',
  editedAt: null,
  ...fields,
});

const start: DiscussionPages = {
  pages: [
    {
      messages: [comment('c1')],
      total: 1,
      count: 1,
      hasMore: false,
      likedByMe: [],
      authors: [
        {
          id: 'noa',
          firstname: 'Noa',
          lastname: 'Levi',
          fullname: 'Noa Levi',
          language: 'en',
          profileImage: null,
          croppedProfileImage: null,
        },
      ],
      local: [],
    },
  ],
  pageParams: [0],
};

/** A call the test answers when it chooses: the gateway's answer, or its refusal. */
type Held = {
  path: string;
  body: Record<string, unknown>;
  answer: (status: number, body: unknown) => void;
};

let root: Root | null = null;
let held: Held[] = [];

async function render(
  pages: DiscussionPages = start,
  user: MemberView = me,
  locale: 'en' | 'he' = 'en',
): Promise<{ container: HTMLElement; queryClient: QueryClient }> {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: (url, init) =>
      new Promise<Response>((resolve) => {
        held.push({
          path: typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url,
          body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<
            string,
            unknown
          >,
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'content-type': 'application/json' },
              }),
            ),
        });
      }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(discussionQueries.comments(api, 'post-1').queryKey, pages);
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          <Discussion roomId="post-1" />
          <Link to="/elsewhere">Elsewhere</Link>
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Outlet,
      children: [
        { index: true, Component: Page },
        { path: 'elsewhere', Component: () => <h1>Another page</h1> },
      ],
    },
  ]);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { user } } }} />,
    );
  });
  return { container, queryClient };
}

/** Lets the pending promises and React's updates run. */
/**
 * Lets the calls on their way and React's updates run until `done` holds: a condition, not a
 * time (it gives up after some two seconds and the assertions after it say what is wrong).
 */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
}

/** The one call on its way to `path`, taken off the list. */
function call(path: string): Held {
  const index = held.findIndex((item) => item.path === path);
  expect(index, `a call to ${path}`).toBeGreaterThanOrEqual(0);
  return held.splice(index, 1)[0]!;
}

/** Whether a call to `path` is on its way. */
const asked = (path: string) => held.some((item) => item.path === path);

const refusal = (code: string) => ({ code, message: code, requestId: 'r1' });

const likeButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('button[aria-label="Like the comment of Noa Levi"]')!;

const isPressed = (container: HTMLElement) =>
  likeButton(container).getAttribute('aria-pressed') === 'true';

beforeEach(() => {
  held = [];
  toasts.error.mockClear();
  // Drafts are kept in the browser's storage: each test starts with none.
  window.localStorage.clear();
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('Discussion: a like', () => {
  it('shows at once, then takes the service’s count', async () => {
    const { container } = await render();
    await act(async () => likeButton(container).click());
    await until(() => asked('/api/feedMessages/like') && isPressed(container));
    // Before any answer: pressed, and one more.
    expect(likeButton(container).getAttribute('aria-pressed')).toBe('true');
    expect(likeButton(container).textContent).toContain('3');
    const like = call('/api/feedMessages/like');
    expect(like.body).toEqual({ id: 'c1' });
    // A second click while the first is on its way waits for it: no second call (every promise
    // it could start has run by the next task).
    await act(async () => likeButton(container).click());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(asked('/api/feedMessages/like')).toBe(false);
    like.answer(200, { liked: true, likes: 7 });
    await until(() => likeButton(container).textContent?.includes('7') ?? false);
    expect(likeButton(container).getAttribute('aria-pressed')).toBe('true');
    expect(likeButton(container).textContent).toContain('7');
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('that fails is taken back, and the member is told', async () => {
    const { container } = await render();
    await act(async () => likeButton(container).click());
    await until(() => asked('/api/feedMessages/like') && isPressed(container));
    expect(likeButton(container).getAttribute('aria-pressed')).toBe('true');
    call('/api/feedMessages/like').answer(500, refusal('INTERNAL'));
    await until(() => toasts.error.mock.calls.length > 0 && !isPressed(container));
    expect(likeButton(container).getAttribute('aria-pressed')).toBe('false');
    expect(likeButton(container).textContent).toContain('2');
    expect(toasts.error).toHaveBeenCalledWith('An error occurred while liking.');
  });

  it('refused for want of a session is taken back with the sign-in prompt, not a toast', async () => {
    const { container } = await render();
    await act(async () => likeButton(container).click());
    await until(() => asked('/api/feedMessages/like') && isPressed(container));
    call('/api/feedMessages/like').answer(401, refusal('AUTH_REQUIRED'));
    await until(() => likeButton(container).getAttribute('aria-pressed') === 'false');
    expect(likeButton(container).getAttribute('aria-pressed')).toBe('false');
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('Discussion: a new comment', () => {
  async function write(container: HTMLElement, text: string) {
    const box = container.querySelector('textarea')!;
    await act(async () => {
      // As typed: React hears the value through the element's own setter and an input event.
      Reflect.set(HTMLTextAreaElement.prototype, 'value', text, box);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const send = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Comment',
    )!;
    send.focus();
    await act(async () => send.click());
    await until(
      () =>
        asked('/api/feedMessages/sendMessage') &&
        container.querySelector('li.comment[aria-busy="true"]') !== null,
    );
    return box;
  }

  const texts = (container: HTMLElement) =>
    [...container.querySelectorAll('.comment-text')].map((item) => item.textContent);

  it('shows first at once, then as the service has it, with the member still in the box', async () => {
    const { container } = await render();
    const box = await write(container, 'I will bring my stool.');
    // On its way: shown first, busy, nothing to do with it yet.
    expect(texts(container)).toEqual(['I will bring my stool.', 'The words of c1']);
    const standIn = container.querySelector('li.comment[aria-busy="true"]');
    expect(standIn?.textContent).toContain('I will bring my stool.');
    // No action to take on it: the stylesheet would show a row merely marked hidden.
    expect(standIn?.querySelector('.comment-actions')).toBeNull();
    expect(standIn?.querySelectorAll('button')).toHaveLength(0);
    expect(container.querySelector('h2')!.textContent).toContain('2 comments');
    const sent = call('/api/feedMessages/sendMessage');
    expect(sent.body).toEqual({ postId: 'post-1', message: 'I will bring my stool.' });
    sent.answer(
      201,
      comment('c2', { authorId: 'me', message: 'I will bring my stool.', likes: 0 }),
    );
    await until(() => container.querySelector('#comment-c2') !== null);
    expect(texts(container)).toEqual(['I will bring my stool.', 'The words of c1']);
    expect(container.querySelector('li.comment[aria-busy="true"]')).toBeNull();
    expect(container.querySelector('#comment-c2')).not.toBeNull();
    expect(container.querySelector('h2')!.textContent).toContain('2 comments');
    // The box is empty and keeps the focus, for the next comment.
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
  });

  it('that fails is taken back, its text still in the box, and the member is told', async () => {
    const { container } = await render();
    const box = await write(container, 'Lost on the way.');
    expect(texts(container)).toEqual(['Lost on the way.', 'The words of c1']);
    call('/api/feedMessages/sendMessage').answer(500, refusal('INTERNAL'));
    await until(
      () =>
        toasts.error.mock.calls.length > 0 &&
        container.querySelector('li.comment[aria-busy="true"]') === null,
    );
    expect(texts(container)).toEqual(['The words of c1']);
    expect(container.querySelector('h2')!.textContent).toContain('One comment');
    expect(box.value).toBe('Lost on the way.');
    expect(document.activeElement).toBe(box);
    expect(toasts.error).toHaveBeenCalledWith('An error occurred while sending the comment.');
  });
});

describe('Discussion: drafts', () => {
  /** Where the member's draft for `target` in this discussion is kept. */
  const keyOf = (target: DraftTarget) => draftKey('me', 'post-1', target);
  const stored = (target: DraftTarget) => {
    const raw = window.localStorage.getItem(keyOf(target));
    return raw === null ? null : (JSON.parse(raw) as { text: string }).text;
  };
  const keep = (target: DraftTarget, text: string) =>
    window.localStorage.setItem(keyOf(target), JSON.stringify({ text, savedAt: Date.now() }));

  async function type(box: HTMLTextAreaElement, text: string) {
    await act(async () => {
      Reflect.set(HTMLTextAreaElement.prototype, 'value', text, box);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }

  const button = (container: HTMLElement, name: string) =>
    [...container.querySelectorAll('button')].find((item) => item.textContent === name)!;

  // jsdom has no modal dialogs: opening one shows it, as far as these tests look.
  beforeEach(() => {
    Object.assign(HTMLDialogElement.prototype, {
      showModal(this: HTMLDialogElement) {
        this.open = true;
      },
      close(this: HTMLDialogElement) {
        this.open = false;
      },
    });
  });

  it('puts a kept comment back in the box after the page is drawn', async () => {
    keep({ kind: 'comment' }, 'Half a thought');
    const { container } = await render();
    await until(() => container.querySelector('textarea')?.value === 'Half a thought');
    expect(container.querySelector('textarea')!.value).toBe('Half a thought');
  });

  it('keeps what is typed, and drops it once the service has the comment', async () => {
    const { container } = await render();
    const box = container.querySelector('textarea')!;
    await type(box, 'I will bring my stool.');
    await until(() => stored({ kind: 'comment' }) !== null);
    expect(stored({ kind: 'comment' })).toBe('I will bring my stool.');
    await act(async () => button(container, 'Comment').click());
    await until(() => asked('/api/feedMessages/sendMessage'));
    // On its way: still kept, should it fail.
    expect(stored({ kind: 'comment' })).toBe('I will bring my stool.');
    call('/api/feedMessages/sendMessage').answer(
      201,
      comment('c2', { authorId: 'me', message: 'I will bring my stool.', likes: 0 }),
    );
    await until(() => container.querySelector('#comment-c2') !== null);
    expect(box.value).toBe('');
    expect(stored({ kind: 'comment' })).toBeNull();
  });

  it('keeps the draft when sending fails', async () => {
    const { container } = await render();
    const box = container.querySelector('textarea')!;
    await type(box, 'Lost on the way?');
    await until(() => stored({ kind: 'comment' }) !== null);
    await act(async () => button(container, 'Comment').click());
    await until(() => asked('/api/feedMessages/sendMessage'));
    call('/api/feedMessages/sendMessage').answer(500, refusal('INTERNAL'));
    await until(() => toasts.error.mock.calls.length > 0);
    expect(box.value).toBe('Lost on the way?');
    expect(stored({ kind: 'comment' })).toBe('Lost on the way?');
  });

  it('opens the reply box that had a draft again, with it, without taking the focus', async () => {
    keep({ kind: 'reply', parentId: 'c1' }, 'And glue.');
    const { container } = await render();
    const replyBox = () =>
      [...container.querySelectorAll('textarea')].find((box) => box.value === 'And glue.');
    await until(() => replyBox() !== undefined);
    expect(replyBox()).toBeDefined();
    expect(button(container, 'Reply').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).not.toBe(replyBox());
    // Cancelled by the member: gone, and not kept.
    await act(async () => button(container, 'Cancel').click());
    expect(replyBox()).toBeUndefined();
    expect(stored({ kind: 'reply', parentId: 'c1' })).toBeNull();
  });

  it('opens the edit of the member’s own comment that had a draft again, and saving drops it', async () => {
    keep({ kind: 'edit', messageId: 'c1' }, 'My words, better');
    const page = start.pages[0]!;
    const { container } = await render({
      ...start,
      pages: [{ ...page, messages: [comment('c1', { authorId: 'me', message: 'My words' })] }],
    });
    const editBox = () =>
      [...container.querySelectorAll('textarea')].find((box) => box.value === 'My words, better');
    await until(() => editBox() !== undefined);
    expect(editBox()).toBeDefined();
    await act(async () => button(container, 'Save').click());
    await until(() => asked('/api/feedMessages/editMessage'));
    expect(stored({ kind: 'edit', messageId: 'c1' })).toBe('My words, better');
    call('/api/feedMessages/editMessage').answer(
      200,
      comment('c1', {
        authorId: 'me',
        message: 'My words, better',
        editedAt: '2026-01-02T10:00:00.000Z',
      }),
    );
    await until(() => editBox() === undefined);
    expect(container.querySelector('.comment-text')?.textContent).toBe('My words, better');
    expect(stored({ kind: 'edit', messageId: 'c1' })).toBeNull();
  });

  it('asks before leaving the page with text not sent, and keeps it either way', async () => {
    const { container } = await render();
    const away = () => container.querySelector<HTMLAnchorElement>('a[href="/elsewhere"]')!;
    const dialog = () => document.querySelector<HTMLDialogElement>('dialog[open]');
    await type(container.querySelector('textarea')!, 'Not sent yet');
    await act(async () => away().click());
    await until(() => dialog() !== null);
    expect(dialog()?.textContent).toContain('Leave before sending?');
    expect(dialog()?.textContent).toContain('It is kept as a draft in this browser');
    await act(async () => button(dialog()!, 'Keep writing').click());
    expect(container.querySelector('textarea')!.value).toBe('Not sent yet');

    await act(async () => away().click());
    await until(() => dialog() !== null);
    await act(async () => button(dialog()!, 'Leave').click());
    await until(() => container.textContent?.includes('Another page') ?? false);
    expect(container.textContent).toContain('Another page');
    // Kept at once as the box closed, without waiting for the pause in typing.
    expect(stored({ kind: 'comment' })).toBe('Not sent yet');
  });

  it('leaves without asking when nothing is being written', async () => {
    const { container } = await render();
    await act(async () =>
      container.querySelector<HTMLAnchorElement>('a[href="/elsewhere"]')!.click(),
    );
    await until(() => container.textContent?.includes('Another page') ?? false);
    expect(container.textContent).toContain('Another page');
    expect(document.querySelector('dialog[open]')).toBeNull();
  });
});

describe('Discussion: a suspended member (issue 35)', () => {
  it('reads why, and until when, where the comment box was; no reply, edit, delete or report', async () => {
    const mine = comment('c2', { authorId: 'me' });
    const { container } = await render(
      { ...start, pages: [{ ...start.pages[0]!, messages: [comment('c1'), mine] }] },
      { ...me, suspendedUntil: '2026-12-20T10:00:00.000Z' },
    );
    expect(container.querySelector('textarea')).toBeNull();
    const note = container.querySelector('.discussion-suspended');
    expect(note?.textContent).toContain('You cannot write until');
    expect(note?.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-20T10:00:00.000Z');
    expect(note?.querySelector('a')?.getAttribute('href')).toBe('/moderation/decisions');
    const names = [...container.querySelectorAll('.comment-actions button')].map(
      (button) => button.getAttribute('aria-label') ?? button.textContent,
    );
    expect(names.some((name) => /Reply|Edit|Delete|Report/.test(name ?? ''))).toBe(false);
    // The like stays: a refusal is taken back and said in a toast, as any failed like.
    expect(likeButton(container)).toBeTruthy();
  });

  it('offers a member Report on another’s comment, not on their own', async () => {
    const { container } = await render({
      ...start,
      pages: [{ ...start.pages[0]!, messages: [comment('c1'), comment('c2', { authorId: 'me' })] }],
    });
    const reports = [...container.querySelectorAll('.comment-actions button')]
      .map((button) => button.getAttribute('aria-label'))
      .filter((name) => name?.startsWith('Report'));
    expect(reports).toEqual(['Report the comment by Noa Levi']);
  });
});

describe('Discussion: blocks and moderation (issue 35)', () => {
  const withMine = (fields: Partial<FeedMessage>) => ({
    ...start,
    pages: [
      {
        ...start.pages[0]!,
        messages: [comment('c1', fields), comment('c2', { authorId: 'me', ...fields })],
      },
    ],
  });

  it.each([
    ['en', 'held', 'Hidden from others while moderators review it.'],
    ['en', 'removed', 'Removed by moderators: only you can see it.'],
    ['he', 'held', 'התגובה מוסתרת מאחרים בזמן שמנהלי התוכן בודקים אותה.'],
    ['he', 'removed', 'התגובה הוסרה בידי מנהלי התוכן: רק לך היא גלויה.'],
  ] as const)(
    'in %s, tells the author their %s comment is hidden from others, with the way to why',
    async (locale, state, words) => {
      const { container } = await render(
        withMine({ moderation: { state, caseId: 'case-1' } }),
        me,
        locale,
      );
      const marks = [...container.querySelectorAll('.own-moderation')];
      // Only on the reader's own: the service sends it to no one else, and the page says it to no one else.
      expect(marks).toHaveLength(1);
      expect(container.querySelector('#comment-c2 .own-moderation')).toBe(marks[0]);
      expect(marks[0]?.textContent).toContain(words);
      expect(marks[0]?.querySelector('a')?.getAttribute('href')).toBe(
        locale === 'he' ? '/he/moderation/decisions' : '/moderation/decisions',
      );
    },
  );

  it('marks nothing on a comment moderation leaves alone', async () => {
    const { container } = await render(withMine({}));
    expect(container.querySelector('.own-moderation')).toBeNull();
  });

  it.each([
    ['en', errorMessages.en['error.MEMBER_BLOCKED']],
    ['he', errorMessagesHe['error.MEMBER_BLOCKED']],
  ] as const)(
    'in %s, says a comment refused for a block in the error catalogue’s words, not “an error occurred”',
    async (locale, words) => {
      const { container } = await render(start, me, locale);
      const box = container.querySelector('textarea')!;
      await act(async () => {
        Reflect.set(HTMLTextAreaElement.prototype, 'value', 'Hello there', box);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await act(async () =>
        container.querySelector<HTMLButtonElement>('.composer [type="submit"]')!.click(),
      );
      await until(() => asked('/api/feedMessages/sendMessage'));
      call('/api/feedMessages/sendMessage').answer(403, {
        code: 'MEMBER_BLOCKED',
        message: 'the server’s own words',
        requestId: 'r1',
      });
      await until(() => toasts.error.mock.calls.length > 0);
      expect(toasts.error).toHaveBeenCalledWith(words);
      // The text stays in the box.
      expect(box.value).toBe('Hello there');
    },
  );

  it('says a like refused for a block in the catalogue’s words', async () => {
    const { container } = await render();
    await act(async () => likeButton(container).click());
    await until(() => asked('/api/feedMessages/like'));
    call('/api/feedMessages/like').answer(403, refusal('MEMBER_BLOCKED'));
    await until(() => toasts.error.mock.calls.length > 0 && !isPressed(container));
    expect(toasts.error).toHaveBeenCalledWith(errorMessages.en['error.MEMBER_BLOCKED']);
  });
});
