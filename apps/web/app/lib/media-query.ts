import { useEffect, useState } from 'react';

/** A narrow window: the header's menu takes the whole width below it. */
export const NARROW_QUERY = '(max-width: 40rem)';
/**
 * A device with no hover and a coarse pointer (a touch phone): keyboard shortcuts mean nothing
 * there. The stylesheet hides the editor's keyboard hint with the same query (write-post.css).
 */
export const TOUCH_ONLY_QUERY = '(hover: none) and (pointer: coarse)';

/**
 * Whether `query` matches, following changes. False on the server and in the first render, so
 * the server's HTML and the hydrated page agree; the browser's answer comes right after.
 */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
