/**
 * A grey shape where content is on its way; hidden from screen readers (the region around it
 * says it is busy). Shapes, not sizes: the page policy allows no inline styles.
 */
export function Skeleton({
  shape = 'line',
}: {
  shape?: 'line' | 'short' | 'title' | 'avatar' | 'media';
}) {
  return <span className={`skeleton skeleton-${shape}`} aria-hidden="true" />;
}
