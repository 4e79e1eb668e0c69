/**
 * Which letters a page shows, read from its loaders' data: the Hebrew pages choose their fonts by
 * it (fonts.css). Member text lives under a few keys (titles, names, bodies...); ids, links
 * and dates, which are Latin but drawn in no font of ours or only with signs, are not looked at.
 */
const MEMBER_TEXT_KEYS = new Set([
  'title',
  'excerpt',
  'content',
  'credit',
  'fullname',
  'firstname',
  'lastname',
  'moto',
  'aboutMe',
  'questionTitle',
  'message',
]);

// Latin letters, basic and accented (Latin-1 and Latin Extended-A/B).
const LATIN = /[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/;

/** Tags and character references of stored HTML are markup, not letters on the page. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' ');

/** True when any member text in `data` (loader data, nested as it comes) has a Latin letter. */
export function hasLatinText(data: unknown, depth = 0): boolean {
  if (depth > 12 || data === null || typeof data !== 'object') return false;
  if (Array.isArray(data)) return data.some((item) => hasLatinText(item, depth + 1));
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string') {
      if (MEMBER_TEXT_KEYS.has(key) && LATIN.test(visibleText(value))) return true;
    } else if (hasLatinText(value, depth + 1)) return true;
  }
  return false;
}
