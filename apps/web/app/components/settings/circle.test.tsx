// @vitest-environment jsdom
import type { CircleInvitation, CirclePerson, MyCircle } from '@mepedia/contracts';
import { errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { CircleSection, inviteResolver, messageLength } from './circle';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom has <dialog> without its modal methods: enough of them to open and close it.
Object.assign(HTMLDialogElement.prototype, {
  showModal(this: HTMLDialogElement) {
    this.open = true;
  },
  close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  },
});

const person = (userId: string, fullname: string): CirclePerson => ({
  userId,
  fullname,
  profileImage: null,
  since: '2026-12-01T09:00:00.000Z',
});
const invitation = (id: string, email: string | null): CircleInvitation => ({
  id,
  kind: email ? 'email' : 'link',
  email,
  message: null,
  createdAt: '2026-12-02T09:00:00.000Z',
  expiresAt: '2026-12-16T09:00:00.000Z',
});
const CIRCLE: MyCircle = {
  members: [person('m-noa', 'Noa Cohen'), person('m-yossi', 'יוסי לוי')],
  invitations: [invitation('i-1', 'ruth@example.com'), invitation('i-2', null)],
  limits: { members: 100, pending: 20 },
};
const IN = { circles: [person('o-dan', 'Dan Bar')] };

type Answer = { status: number; body: unknown };
type Answers = Record<string, Answer | ((body: unknown) => Answer)>;
let root: Root | null = null;
let calls: Array<{ name: string; body: unknown }> = [];

/** The tab over a fake gateway answering each call by its name (the path's end). */
async function render(locale: 'en' | 'he', answers: Answers, ready = '.circle-limits') {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (url, init) => {
      const path = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      const name = path.split('/').pop() ?? '';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ name, body });
      const found = answers[name];
      const answer = typeof found === 'function' ? found(body) : found;
      if (!answer) throw new Error(`no answer for ${name}`);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Page = () => (
    <QueryClientProvider client={queryClient}>
      <ApiProvider api={api}>
        <I18nProvider locale={locale}>
          <CircleSection memberId="me" />
        </I18nProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => {
    root?.render(
      <Stub initialEntries={[locale === 'he' ? '/he/profile/settings' : '/profile/settings']} />,
    );
  });
  await until(() => container.querySelector(ready) !== null);
  return container;
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}

const ok = (body: unknown): Answer => ({ status: 200, body });
const refused = (status: number, code: string): Answer => ({
  status,
  body: { code, message: 'the server’s words', requestId: 'r' },
});
/**
 * The circles service as the tab meets it: reads answer what the calls changed, since the tab
 * reads again behind each change.
 */
function service(): Answers {
  let circle: MyCircle = structuredClone(CIRCLE);
  let inCircles = structuredClone(IN);
  return {
    getMyCircle: () => ok(circle),
    getCirclesImIn: () => ok(inCircles),
    inviteByEmail: (body) => {
      const sent = invitation('i-3', (body as { email: string }).email);
      circle = { ...circle, invitations: [sent, ...circle.invitations] };
      return ok(sent);
    },
    createInvitationLink: () => {
      const made = invitation('i-4', null);
      circle = { ...circle, invitations: [made, ...circle.invitations] };
      return ok({ invitation: made, token: 'T0k', path: '/circle/join/T0k' });
    },
    revokeInvitation: (body) => {
      const { invitationId } = body as { invitationId: string };
      circle = { ...circle, invitations: circle.invitations.filter((i) => i.id !== invitationId) };
      return ok({ done: true });
    },
    removeMember: (body) => {
      const { userId } = body as { userId: string };
      circle = { ...circle, members: circle.members.filter((m) => m.userId !== userId) };
      return ok({ done: true });
    },
    leaveCircle: (body) => {
      const { ownerId } = body as { ownerId: string };
      inCircles = { circles: inCircles.circles.filter((o) => o.userId !== ownerId) };
      return ok({ done: true });
    },
  };
}

/** A group (fieldset) by its legend, or a part (section) by its heading. */
function part(container: HTMLElement, name: string): HTMLElement {
  for (const group of container.querySelectorAll<HTMLElement>('fieldset, section'))
    if (group.querySelector(':scope > legend, :scope > h3, :scope > h4')?.textContent === name)
      return group;
  throw new Error(`no part named ${name}`);
}
function control(container: HTMLElement, label: string) {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const element = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!element) throw new Error(`no control labelled ${label}`);
  return element as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
}
/** Types as a person does: the value, then the input event React and the form listen to. */
async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = Object.getPrototypeOf(element) as object;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function choose(element: HTMLSelectElement, value: string) {
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
function button(container: HTMLElement, name: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent) === name,
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
}
const press = async (element: HTMLButtonElement) => act(async () => element.click());
const status = (container: HTMLElement) => container.querySelector('[role="status"]');

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  document.body.innerHTML = '';
});

describe('the invitation forms’ rules', () => {
  it('send only what was given, as the contract takes it', async () => {
    const check = (values: { email: string; message: string; language: string }) =>
      inviteResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(
      (await check({ email: 'Ruth@Example.com ', message: '  ', language: '' })).values,
    ).toEqual({ email: 'Ruth@Example.com ' });
    expect(
      (await check({ email: 'ruth@example.com', message: 'Hi', language: 'he' })).values,
    ).toEqual({ email: 'ruth@example.com', message: 'Hi', language: 'he' });
    const tooLong = await check({
      email: 'ruth@example.com',
      message: 'x'.repeat(501),
      language: '',
    });
    expect(tooLong.errors['message']?.message).toBe('TOO_LONG');
    // Counted as the service counts: trimmed, one per character (an emoji is one).
    expect(messageLength(' 👋🏽 hi ')).toBe(5);
  });
});

describe('the Circle tab', () => {
  it('shows the limits, the invitations waiting, the people in the circle and the circles one is in', async () => {
    const page = await render('en', service());
    expect(page.querySelector('.circle-limits')?.textContent).toBe(
      '2 of 100 people in your circle2 of 20 invitations waiting for an answerYou can invite 18 more people now.',
    );
    const pending = part(page, 'Invitations waiting');
    expect(pending.querySelector('bdi[dir="ltr"]')?.textContent).toBe('ruth@example.com');
    expect(pending.textContent).toContain('Invitation link');
    expect(pending.textContent).toContain('Sent 2 Dec 2026');
    expect(pending.textContent).toContain('Expires 16 Dec 2026');
    button(pending, 'Withdraw the invitation to ruth@example.com');
    button(pending, 'Withdraw the invitation link of 2 Dec 2026');
    const members = part(page, 'People in your circle');
    const noa = [...members.querySelectorAll('a')].find(
      (a) => a.querySelector('.circle-row-name')?.textContent === 'Noa Cohen',
    );
    expect(noa?.getAttribute('href')).toBe('/profile/m-noa');
    // Members' names keep their own direction.
    expect(noa?.querySelector('bdi[dir="auto"]')?.textContent).toBe('Noa Cohen');
    button(members, 'Remove יוסי לוי from your circle');
    const circles = part(page, 'Circles you are in');
    expect(circles.querySelector('a')?.getAttribute('href')).toBe('/profile/o-dan');
    button(circles, 'Leave Dan Bar’s circle');
  });

  it('invites by email with a message and a language, says so, and lists it', async () => {
    const page = await render('en', service());
    const form = part(page, 'Invite by email');
    await type(control(form, 'Their email address') as HTMLInputElement, 'tom@example.com');
    await type(control(form, 'A personal message (optional)') as HTMLTextAreaElement, 'Come in');
    expect(form.textContent).toContain('7 of 500 characters');
    await choose(control(form, 'Their language') as HTMLSelectElement, 'he');
    await press(button(form, 'Send the invitation'));
    await until(() => status(form)?.textContent === 'The invitation was sent to tom@example.com.');
    expect(calls.find((call) => call.name === 'inviteByEmail')?.body).toEqual({
      email: 'tom@example.com',
      message: 'Come in',
      language: 'he',
    });
    // The form is ready for the next person, and the new invitation is listed.
    expect((control(form, 'Their email address') as HTMLInputElement).value).toBe('');
    expect(part(page, 'Invitations waiting').textContent).toContain('tom@example.com');
  });

  it('tries again while the member’s new account is being set up', async () => {
    const answers = service();
    let refusals = 1;
    const page = await render('en', {
      ...answers,
      inviteByEmail: (body) =>
        refusals-- > 0
          ? refused(409, 'CIRCLE_ACCOUNT_PENDING')
          : (answers['inviteByEmail'] as (body: unknown) => Answer)(body),
    });
    const form = part(page, 'Invite by email');
    await type(control(form, 'Their email address') as HTMLInputElement, 'tom@example.com');
    await press(button(form, 'Send the invitation'));
    await until(() => status(form)?.textContent === 'The invitation was sent to tom@example.com.');
    expect(calls.filter((call) => call.name === 'inviteByEmail')).toHaveLength(2);
    expect(form.querySelector('[role="alert"]')).toBeNull();
  });

  it('words a refusal from its code in the page’s language, at the address and above', async () => {
    const page = await render('he', {
      ...service(),
      inviteByEmail: refused(409, 'CIRCLE_ALREADY_MEMBER'),
    });
    const form = part(page, 'הזמנה באימייל');
    await type(control(form, 'כתובת האימייל לשליחה') as HTMLInputElement, 'noa@example.com');
    await press(button(form, 'לשלוח את ההזמנה'));
    const words = errorMessagesHe['error.CIRCLE_ALREADY_MEMBER'];
    await until(() => form.querySelector('[role="alert"]')?.textContent === words);
    expect(form.querySelector('.field .error')?.textContent).toBe(words);
  });

  it('refuses a message over its limit before sending, with the limit in words', async () => {
    const page = await render('en', service());
    const form = part(page, 'Invite by email');
    await type(control(form, 'Their email address') as HTMLInputElement, 'tom@example.com');
    await type(
      control(form, 'A personal message (optional)') as HTMLTextAreaElement,
      'x'.repeat(503),
    );
    expect(form.textContent).toContain('3 characters too many: at most 500');
    await press(button(form, 'Send the invitation'));
    await until(() => form.textContent?.includes('At most 500 characters') ?? false);
    expect(calls.some((call) => call.name === 'inviteByEmail')).toBe(false);
  });

  it('makes a link, shows it once in full with the page’s language, and lists it', async () => {
    const page = await render('he', service());
    const form = part(page, 'הזמנה בקישור');
    await press(button(form, 'ליצור קישור הזמנה'));
    await until(() => status(form)?.textContent === 'קישור ההזמנה מוכן.');
    const link = control(form, 'קישור ההזמנה') as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/he/circle/join/T0k`);
    expect(link.readOnly).toBe(true);
    expect(document.activeElement).toBe(link);
    expect(form.textContent).toContain('הוא מוצג רק הפעם');
    expect(calls.find((call) => call.name === 'createInvitationLink')?.body).toEqual({});
  });

  it('withdraws an invitation, says so and puts focus on the list', async () => {
    const page = await render('en', service());
    const pending = part(page, 'Invitations waiting');
    await press(button(pending, 'Withdraw the invitation to ruth@example.com'));
    await until(() => status(pending)?.textContent === 'The invitation was withdrawn.');
    expect(calls.find((call) => call.name === 'revokeInvitation')?.body).toEqual({
      invitationId: 'i-1',
    });
    expect(pending.querySelector('.circle-list')?.textContent).not.toContain('ruth@example.com');
    expect(document.activeElement?.textContent).toBe('Invitations waiting');
  });

  it('asks before removing someone, then removes them', async () => {
    const page = await render('en', service());
    const members = part(page, 'People in your circle');
    await press(button(members, 'Remove Noa Cohen from your circle'));
    const dialog = members.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Remove Noa Cohen from your circle?');
    // Nothing is sent until it is confirmed.
    expect(calls.some((call) => call.name === 'removeMember')).toBe(false);
    await press(button(dialog!, 'Yes, remove'));
    await until(() => status(members)?.textContent === 'Noa Cohen is no longer in your circle.');
    expect(calls.find((call) => call.name === 'removeMember')?.body).toEqual({ userId: 'm-noa' });
    expect(dialog?.open).toBe(false);
    expect(
      [...members.querySelectorAll('a .circle-row-name')].map((name) => name.textContent),
    ).toEqual(['יוסי לוי']);
  });

  it('says a refused leave inside the dialog, in the page’s language', async () => {
    const page = await render('he', {
      ...service(),
      leaveCircle: refused(404, 'CIRCLE_MEMBER_NOT_FOUND'),
    });
    const circles = part(page, 'מעגלים שצירפו אותך אליהם');
    await press(button(circles, 'יציאה מהמעגל של Dan Bar'));
    const dialog = circles.querySelector('dialog')!;
    await press(button(dialog, 'כן, לצאת'));
    await until(
      () =>
        dialog.querySelector('[role="alert"]')?.textContent ===
        errorMessagesHe['error.CIRCLE_MEMBER_NOT_FOUND'],
    );
    expect(dialog.open).toBe(true);
  });

  it('offers to try again when the circle cannot be read', async () => {
    const page = await render(
      'en',
      { ...service(), getMyCircle: refused(503, 'SERVICE_UNAVAILABLE') },
      '.empty-state',
    );
    const mine = part(page, 'Your circle');
    expect(mine.textContent).toContain('Your circle could not be loaded.');
    await press(button(mine, 'Try again'));
    expect(calls.filter((call) => call.name === 'getMyCircle')).toHaveLength(2);
    // The circles one is in are read on their own, and still shown.
    expect(part(page, 'Circles you are in').textContent).toContain('Dan Bar');
  });
});
