// @vitest-environment jsdom
import type { Decision } from '@mepedia/contracts';
import { errorMessagesHe } from '@mepedia/messages/errors';
import { createApi } from '@mepedia/web-api';
import type { Locale } from '@mepedia/web-i18n';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api';
import { I18nProvider } from '../../lib/i18n';
import { DecisionForm, decisionResolver, type DecisionValues } from './decision-form';

// React's act() needs to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const DECISION: Decision = {
  decisionId: 'd-1',
  caseId: 'case-1',
  action: 'remove',
  rule: 'harassment',
  statement: 'Insults aimed at another member.',
  moderatorId: 'mod',
  automatic: false,
  heldFor: null,
  suspendedUntil: null,
  decidedAt: '2026-12-01T10:00:00.000Z',
  item: null,
  appeal: null,
};

type Answer = { status: number; body: unknown };
let root: Root | null = null;
let calls: Array<Record<string, unknown>> = [];
let answers: Answer[] = [];
let decided: Decision[] = [];
let stale = 0;

/** The form for case `case-1` at `version`, over a gateway answering each call in turn. */
async function render(locale: Locale = 'en', version = 3) {
  const container = document.createElement('div');
  document.body.append(container);
  const api = createApi({
    baseUrl: '',
    fetch: async (_url, init) => {
      calls.push(
        JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
      );
      const { status, body } = answers.shift() ?? { status: 200, body: DECISION };
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  const Form = ({ at }: { at: number }) => (
    <ApiProvider api={api}>
      <I18nProvider locale={locale}>
        <DecisionForm
          caseId="case-1"
          version={at}
          onDecided={(decision) => decided.push(decision)}
          onStale={() => (stale += 1)}
        />
      </I18nProvider>
    </ApiProvider>
  );
  // The page's case read again: the same form, drawn with the new version.
  let setVersion: (at: number) => void = () => undefined;
  const Page = () => {
    const [at, set] = useState(version);
    setVersion = set;
    return <Form at={at} />;
  };
  const Stub = createRoutesStub([{ path: '*', Component: Page }]);
  root = createRoot(container);
  await act(async () => root?.render(<Stub initialEntries={['/moderation/case/case-1']} />));
  return { container, redraw: async (at: number) => act(async () => setVersion(at)) };
}

async function until(done: () => boolean) {
  for (let turn = 0; turn < 400 && !done(); turn++)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 5)));
  expect(done()).toBe(true);
}
const press = async (element: Element | null | undefined) =>
  act(async () => (element as HTMLElement).click());
function control(container: HTMLElement, label: string) {
  const found = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const element = found?.htmlFor ? document.getElementById(found.htmlFor) : null;
  if (!element) throw new Error(`no control labelled ${label}`);
  return element as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
}
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
const radio = (container: HTMLElement, label: string) =>
  [...container.querySelectorAll('label.radio')]
    .find((l) => l.textContent === label)
    ?.querySelector('input') ?? null;
const submit = (container: HTMLElement) => container.querySelector('button[type="submit"]');
const errors = (container: HTMLElement) =>
  [...container.querySelectorAll('.error')].map((e) => e.textContent);

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  calls = [];
  answers = [];
  decided = [];
  stale = 0;
  document.body.innerHTML = '';
});

describe('the decision’s rules', () => {
  const check = async (values: DecisionValues) => {
    const result = await decisionResolver(() => ({ caseId: 'case-1', version: 3 }))(
      values,
      undefined,
      { fields: {}, shouldUseNativeValidation: false },
    );
    return { values: result.values, errors: Object.keys(result.errors) };
  };
  const statement = 'Nothing here breaks a rule.';

  it('names no rule for a dismissal or a restoration, and sends none even when one was chosen', async () => {
    expect(await check({ action: 'dismiss', rule: 'spam', days: '', statement })).toEqual({
      values: { caseId: 'case-1', version: 3, action: 'dismiss', statement },
      errors: [],
    });
  });

  it('asks for the rule of every other action, the days of a suspension and a statement of ten characters', async () => {
    expect((await check({ action: 'remove', rule: '', days: '', statement })).errors).toEqual([
      'rule',
    ]);
    expect(
      (await check({ action: 'suspend', rule: 'spam', days: '', statement: 'Too short' })).errors,
    ).toEqual(['statement', 'days']);
    expect(
      (await check({ action: 'suspend', rule: 'spam', days: '400', statement })).errors,
    ).toEqual(['days']);
    expect((await check({ action: 'suspend', rule: 'spam', days: '7', statement })).values).toEqual(
      { caseId: 'case-1', version: 3, action: 'suspend', rule: 'spam', statement, days: 7 },
    );
    expect((await check({ action: '', rule: '', days: '', statement })).errors).toContain('action');
  });
});

describe('the decision form', () => {
  it('says what is missing at each field, in words, and sends nothing', async () => {
    const { container } = await render();
    await press(submit(container));
    await until(() => errors(container).length > 0);
    // The rule is asked for once an action that names one is chosen.
    expect(errors(container)).toEqual(['Choose what to do', 'At least 10 characters']);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Please correct the highlighted fields',
    );
    expect(calls).toHaveLength(0);
  });

  it('shows the rule only where one is named, and the days for a suspension', async () => {
    const { container } = await render();
    await press(radio(container, 'Restore: show it again'));
    expect(() => control(container, 'The rule it breaks')).toThrow();
    await press(radio(container, 'Suspend the author from writing'));
    expect(control(container, 'The rule it breaks')).toBeTruthy();
    expect(control(container, 'For how many days').getAttribute('max')).toBe('365');
  });

  it('sends the case’s version and says the decision was recorded', async () => {
    const { container } = await render();
    await press(radio(container, 'Remove'));
    await choose(control(container, 'The rule it breaks') as HTMLSelectElement, 'harassment');
    await type(
      control(container, 'Statement of reasons') as HTMLTextAreaElement,
      'Insults aimed at another member.',
    );
    expect(container.textContent).toContain('32 of 2000 characters');
    await press(submit(container));
    await until(() => decided.length === 1);
    expect(calls[0]).toEqual({
      caseId: 'case-1',
      version: 3,
      action: 'remove',
      rule: 'harassment',
      statement: 'Insults aimed at another member.',
    });
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Your decision was recorded. The author is told why.',
    );
    // Ready for another decision.
    expect((control(container, 'Statement of reasons') as HTMLTextAreaElement).value).toBe('');
  });

  it('on CASE_CHANGED, says so, has the case read again, keeps what was typed, and sends the new version next', async () => {
    const { container, redraw } = await render();
    answers = [
      {
        status: 409,
        body: { code: 'CASE_CHANGED', message: 'the server’s words', requestId: 'r' },
      },
    ];
    await press(radio(container, 'Dismiss: no rule was broken'));
    await type(
      control(container, 'Statement of reasons') as HTMLTextAreaElement,
      'The words are fair criticism.',
    );
    await press(submit(container));
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Something new came in since you opened this case, so it was loaded again. Read it, then decide.',
    );
    expect(stale).toBe(1);
    expect(decided).toHaveLength(0);
    expect((control(container, 'Statement of reasons') as HTMLTextAreaElement).value).toBe(
      'The words are fair criticism.',
    );
    // The page read the case again: version 4. The next send carries it.
    await redraw(4);
    await press(submit(container));
    await until(() => decided.length === 1);
    expect(calls.map((call) => call['version'])).toEqual([3, 4]);
  });

  it('in Hebrew, words a refusal from its code and the form’s own checks', async () => {
    const { container } = await render('he');
    answers = [
      {
        status: 409,
        body: { code: 'ACTION_NOT_POSSIBLE', message: 'the server’s words', requestId: 'r' },
      },
    ];
    await press(submit(container));
    await until(() => errors(container).length > 0);
    expect(errors(container)[0]).toBe('יש לבחור מה לעשות');
    await press(radio(container, 'השבה לתצוגה'));
    await type(control(container, 'נימוק ההחלטה') as HTMLTextAreaElement, 'הפריט לא מפר שום כלל.');
    await press(submit(container));
    await until(
      () =>
        container.querySelector('[role="alert"]')?.textContent ===
        errorMessagesHe['error.ACTION_NOT_POSSIBLE'],
    );
    expect(decided).toHaveLength(0);
  });
});
