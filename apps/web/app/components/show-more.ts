import { useEffect, useState, type RefObject } from 'react';

/**
 * "Show more" for a list that grows in place: call `more` with how many items were shown and a
 * promise of how many are shown after; focus then goes to the first new item's link, once it is
 * drawn, so a keyboard or screen reader user reads on from there (a page that brought none
 * leaves focus where it is).
 */
export function useFocusOnNew(list: RefObject<HTMLElement | null>, count: number) {
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    const first = list.current?.children[focusAt]?.querySelector<HTMLElement>('a, button');
    if (first) {
      first.focus();
      setFocusAt(null);
    }
  }, [focusAt, count, list]);
  return async (shown: number, after: Promise<number>) => {
    if ((await after) > shown) setFocusAt(shown);
  };
}
