import type { MessageKey, Translate } from '@mepedia/web-i18n';
import { Fragment, type ReactNode } from 'react';

// A private-use character that no message contains: marks where an element goes.
const MARK = '\u{E000}';

/**
 * A message with elements in place of some of its values: a member's name or a date set inside a
 * sentence goes in as `<bdi>` (or any element), so it keeps its own direction and the sentence
 * keeps the interface's. Strings and numbers are formatted as usual (plurals included).
 */
export function richMessage(
  t: Translate,
  key: MessageKey,
  values: Record<string, string | number | ReactNode>,
): ReactNode {
  const plain: Record<string, string | number> = {};
  const nodes = new Map<string, ReactNode>();
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') {
      plain[name] = value;
    } else {
      const token = `${MARK}${nodes.size}${MARK}`;
      plain[name] = token;
      nodes.set(token, value);
    }
  }
  const parts = t(key, plain).split(new RegExp(`(${MARK}\\d+${MARK})`, 'u'));
  return parts
    .filter((part) => part !== '')
    .map((part, index) => (
      <Fragment key={index}>{nodes.has(part) ? nodes.get(part) : part}</Fragment>
    ));
}
