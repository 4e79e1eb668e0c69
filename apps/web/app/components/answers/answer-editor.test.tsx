// @vitest-environment jsdom
import { SaveAnswerRequest, SUB_ANSWER_MAX, type AnswerData } from '@mepedia/contracts';
import { editMeMessages, registerMessages } from '@mepedia/web-i18n';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../lib/i18n';
import { AnswerEditor, type EditableAnswer } from './answer-editor';
import { answerResolver } from './answer-form';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../toasts', () => ({ useToasts: () => toasts }));

// The page's own strings, as the edit-me page registers them.
registerMessages(editMeMessages);

afterEach(cleanup);
beforeEach(() => window.localStorage.clear());

const subQuestions = [
  { id: 'roots-1', label: 'Where were you born?' },
  { id: 'roots-2', label: 'Who raised you?' },
];
const resolver = answerResolver(
  SaveAnswerRequest,
  subQuestions.map((sub) => sub.id),
  (answerData) => ({ questionId: 'roots', answerData, version: 0 }),
);
const saved = (draft: AnswerData, version: number): EditableAnswer => ({
  draft,
  live: draft,
  version: version + 1,
  updatedAt: '2026-11-26T10:00:00.000Z',
});

function editor(
  saveLive = vi.fn(async (data: AnswerData, version: number) => saved(data, version)),
) {
  render(
    <I18nProvider locale="en">
      <AnswerEditor
        idPrefix="test"
        subQuestions={subQuestions}
        resolver={resolver}
        initial={null}
        storageKey="test.draft"
        saveDraft={async (data, version) => ({ ...saved(data, version), live: null })}
        saveLive={saveLive}
        revert={async () => saved({}, 0)}
        loadLatest={async () => null}
      />
    </I18nProvider>,
  );
  return saveLive;
}

const born = () => screen.getByRole('textbox', { name: 'Where were you born?' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the answer editor checks with the save call’s contract', () => {
  it('refuses a sub-answer the service would, at its field, and the error goes once it is valid', async () => {
    const saveLive = editor();
    fireEvent.change(born(), { target: { value: 'x'.repeat(SUB_ANSWER_MAX + 1) } });
    // No error before a Save: the member is still writing.
    expect(born().getAttribute('aria-invalid')).toBeNull();
    save();
    await waitFor(() => expect(born().getAttribute('aria-invalid')).toBe('true'));
    expect(saveLive).not.toHaveBeenCalled();
    // The other sub-answer is not in error.
    expect(
      screen.getByRole('textbox', { name: 'Who raised you?' }).getAttribute('aria-invalid'),
    ).toBeNull();
    // Made valid: the error goes with the next keystroke, before any Save.
    fireEvent.change(born(), { target: { value: 'x'.repeat(SUB_ANSWER_MAX) } });
    await waitFor(() => expect(born().getAttribute('aria-invalid')).toBeNull());
    save();
    await waitFor(() => expect(saveLive).toHaveBeenCalledTimes(1));
    expect(saveLive.mock.calls[0]![0]).toMatchObject({ 'roots-1': 'x'.repeat(SUB_ANSWER_MAX) });
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Your answer is saved'));
    // A limit for a busy machine (jsdom and React on two shared cores), not a timed assertion.
  }, 30_000);

  it('keeps what is typed for the autosave, valid or not: nothing typed is lost', () => {
    editor();
    fireEvent.change(born(), { target: { value: 'x'.repeat(SUB_ANSWER_MAX + 1) } });
    const kept = JSON.parse(window.localStorage.getItem('test.draft') ?? '{}') as {
      data?: AnswerData;
    };
    expect(kept.data?.['roots-1']).toHaveLength(SUB_ANSWER_MAX + 1);
  });

  it('shows text restored from the device in its field (typed, never saved, then reloaded)', async () => {
    window.localStorage.setItem(
      'test.draft',
      JSON.stringify({ data: { 'roots-1': 'kept on the device' }, baseVersion: 2, editedAt: 1 }),
    );
    render(
      <I18nProvider locale="en">
        <AnswerEditor
          idPrefix="test"
          subQuestions={subQuestions}
          resolver={resolver}
          initial={{ ...saved({ 'roots-1': 'on the server' }, 1), live: null }}
          storageKey="test.draft"
          saveDraft={() => new Promise<EditableAnswer>(() => undefined)}
          saveLive={async (data, version) => saved(data, version)}
          revert={async () => saved({}, 0)}
          loadLatest={async () => null}
        />
      </I18nProvider>,
    );
    await waitFor(() => expect((born() as HTMLTextAreaElement).value).toBe('kept on the device'));
  }, 30_000);
});
