/** The longest excerpt an event carries (issue 32), in characters, the ellipsis included. */
export const EXCERPT_MAX = 140;

/**
 * The beginning of a plain text for a notice (an event's `excerpt`): runs of white space become
 * one space, and a text longer than `max` is cut at the last space before it (within the last
 * fifth; otherwise mid-word) and ends with an ellipsis. Never cuts a surrogate pair in two.
 */
export function excerptOf(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const room = chars.slice(0, max - 1).join('');
  const space = room.lastIndexOf(' ');
  const cut = space >= room.length * 0.8 ? room.slice(0, space) : room;
  return `${cut.trimEnd()}…`;
}
