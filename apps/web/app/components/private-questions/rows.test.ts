import { PRIVATE_SUB_QUESTIONS_MAX } from '@mepedia/contracts';
import { describe, expect, it } from 'vitest';
import {
  canAdd,
  canRemove,
  initialRows,
  removedPlaces,
  rowsMoved,
  rowsReducer,
  type RowsState,
} from './rows';

const texts = (state: RowsState) => state.rows.map((row) => row.text);
const addTimes = (state: RowsState, times: number) =>
  Array.from({ length: times }).reduce<RowsState>(
    (current) => rowsReducer(current, { type: 'add' }),
    state,
  );

describe('initialRows', () => {
  it('starts a new question with one empty row', () => {
    const state = initialRows([]);
    expect(texts(state)).toEqual(['']);
    expect(state.event).toBeNull();
    expect(canRemove(state)).toBe(false);
  });

  it('keeps a saved question’s sub-questions in order, each with its own key', () => {
    const state = initialRows(['First one', 'Second one']);
    expect(texts(state)).toEqual(['First one', 'Second one']);
    expect(new Set(state.rows.map((row) => row.key)).size).toBe(2);
  });
});

describe('rowsReducer', () => {
  it('adds an empty row at the end, focuses it and says where it went', () => {
    const state = rowsReducer(initialRows(['First one']), { type: 'add' });
    expect(texts(state)).toEqual(['First one', '']);
    expect(state.focusKey).toBe(state.rows[1]?.key);
    expect(state.event).toMatchObject({ kind: 'added', position: 2 });
  });

  it(`adds no more than ${PRIVATE_SUB_QUESTIONS_MAX} rows`, () => {
    const full = addTimes(initialRows([]), PRIVATE_SUB_QUESTIONS_MAX - 1);
    expect(full.rows).toHaveLength(PRIVATE_SUB_QUESTIONS_MAX);
    expect(canAdd(full)).toBe(false);
    expect(rowsReducer(full, { type: 'add' })).toBe(full);
  });

  it('removes a middle row and focuses the row that moved into its place', () => {
    let state = initialRows(['One one', 'Two two', 'Three three']);
    const [, second, third] = state.rows;
    state = rowsReducer(state, { type: 'remove', key: second!.key });
    expect(texts(state)).toEqual(['One one', 'Three three']);
    expect(state.focusKey).toBe(third!.key);
    expect(state.event).toMatchObject({ kind: 'removed', position: 2 });
  });

  it('removes the last row and focuses the one before it', () => {
    let state = initialRows(['One one', 'Two two']);
    const [first, second] = state.rows;
    state = rowsReducer(state, { type: 'remove', key: second!.key });
    expect(state.focusKey).toBe(first!.key);
    expect(state.event).toMatchObject({ kind: 'removedLast', position: 2 });
  });

  it('never removes the only row', () => {
    const state = initialRows(['Only one']);
    expect(rowsReducer(state, { type: 'remove', key: state.rows[0]!.key })).toBe(state);
  });

  it('never reuses a removed row’s key', () => {
    let state = initialRows(['One one', 'Two two']);
    const removedKey = state.rows[1]!.key;
    state = rowsReducer(state, { type: 'remove', key: removedKey });
    state = rowsReducer(state, { type: 'add' });
    expect(state.rows.map((row) => row.key)).not.toContain(removedKey);
  });
});

describe('removedPlaces', () => {
  it('names the places past the new end, whose answers a save deletes', () => {
    expect(removedPlaces(4, 2)).toEqual({ from: 3, to: 4, count: 2 });
    expect(removedPlaces(3, 2)).toEqual({ from: 3, to: 3, count: 1 });
  });

  it('is null when no place goes', () => {
    expect(removedPlaces(2, 2)).toBeNull();
    expect(removedPlaces(2, 5)).toBeNull();
    expect(removedPlaces(0, 1)).toBeNull();
  });
});

describe('rowsMoved', () => {
  it('tells when a saved row now sits at another row’s place', () => {
    const saved = initialRows(['One one', 'Two two', 'Three three']);
    const keys = saved.rows.map((row) => row.key);
    const middleGone = rowsReducer(saved, { type: 'remove', key: keys[1]! });
    expect(rowsMoved(keys, middleGone.rows)).toBe(true);
    const lastGone = rowsReducer(saved, { type: 'remove', key: keys[2]! });
    expect(rowsMoved(keys, lastGone.rows)).toBe(false);
  });
});
