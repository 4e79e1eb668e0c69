import { PRIVATE_SUB_QUESTIONS_MAX, PRIVATE_SUB_QUESTIONS_MIN } from '@mepedia/contracts';

// The rows of the private question's form as a pure model: which rows there are, where focus
// goes after an add or a remove, and what a screen reader hears. The form (question-form.tsx)
// keeps the rows' texts in react-hook-form and applies each step this model computes.

/** One sub-question being written; `key` stays with the row while rows above it come and go. */
export type SubQuestionRow = { key: string; text: string };

/** What the last add or remove did, for focus and for a screen reader: `position` from 1. */
export type RowsEvent = {
  kind: 'added' | 'removed' | 'removedLast';
  position: number;
  seq: number;
};

export type RowsState = {
  rows: SubQuestionRow[];
  /** Rows made so far, so a new row's key is never one used before. */
  made: number;
  /** Where focus goes after the last add or remove. */
  focusKey: string | null;
  event: RowsEvent | null;
};

export type RowsAction = { type: 'add' } | { type: 'remove'; key: string };

/** The rows of a saved question, or one empty row for a new one. */
export function initialRows(texts: readonly string[]): RowsState {
  const start = texts.length > 0 ? texts.slice(0, PRIVATE_SUB_QUESTIONS_MAX) : [''];
  return {
    rows: start.map((text, index) => ({ key: `row-${index + 1}`, text })),
    made: start.length,
    focusKey: null,
    event: null,
  };
}

export const canAdd = (state: RowsState) => state.rows.length < PRIVATE_SUB_QUESTIONS_MAX;
export const canRemove = (state: RowsState) => state.rows.length > PRIVATE_SUB_QUESTIONS_MIN;

export function rowsReducer(state: RowsState, action: RowsAction): RowsState {
  const seq = (state.event?.seq ?? 0) + 1;
  switch (action.type) {
    case 'add': {
      if (!canAdd(state)) return state;
      const made = state.made + 1;
      const row = { key: `row-${made}`, text: '' };
      const rows = [...state.rows, row];
      return {
        rows,
        made,
        focusKey: row.key,
        event: { kind: 'added', position: rows.length, seq },
      };
    }
    case 'remove': {
      const index = state.rows.findIndex((row) => row.key === action.key);
      if (index === -1 || !canRemove(state)) return state;
      const rows = state.rows.filter((row) => row.key !== action.key);
      // The row that moved into its place, or the one before it when it was the last.
      const next = rows[index] ?? rows[index - 1];
      return {
        rows,
        made: state.made,
        focusKey: next?.key ?? null,
        event: { kind: index < rows.length ? 'removed' : 'removedLast', position: index + 1, seq },
      };
    }
  }
}

/**
 * The places (from 1) whose answers a save would delete: the server matches sub-questions by
 * place, and drops the places past the new end with their answers. Null when none would go.
 */
export function removedPlaces(
  savedCount: number,
  newCount: number,
): { from: number; to: number; count: number } | null {
  if (newCount >= savedCount) return null;
  return { from: newCount + 1, to: savedCount, count: savedCount - newCount };
}

/** Whether a saved row now sits at another row's place (and so takes over that place's answer). */
export function rowsMoved(savedKeys: readonly string[], rows: readonly SubQuestionRow[]): boolean {
  return rows.some((row, index) => index < savedKeys.length && savedKeys[index] !== row.key);
}
