// The letters Hebrew writes onto the front of the next word, and the orders they come in. Kept
// apart from hebrew.ts so the scanner (normalise.ts) can ask about them without a cycle.

// A prefix is read in four slots, each optional, at most one letter sequence from each:
//   1. ו           "and", always first (וכשהגיע, ומהבית);
//   2. ש כש לכש    "that", "when" (שבבית, כשהגיע, לכשיגיע);
//   3. מ           "from" (מהבית, שמהעיר);
//   4. ב כ ל ה     "in", "as", "to", "the": one of them, last (בבית, לילד, הילד). After ב כ ל the
//                  article is swallowed in writing (בבית is "in the house"), so ה never follows
//                  them, and מ takes ה after it but never ב כ ל (מבית is "from a house", its ב
//                  the word's own).
// At most four letters in all (וכשה, ושמה); longer sequences (ולכשה) exist but are rare enough
// that reading them would cost more false matches than it finds.
const CONJUNCTION = ['', 'ו'];
const RELATIVE = ['', 'ש', 'כש', 'לכש'];
const FROM = ['', 'מ'];
const LAST = ['', 'ב', 'כ', 'ל', 'ה'];

/** The longest prefix read, in letters. */
export const MAX_HEBREW_PREFIX = 4;

function prefixes(): string[] {
  const found = new Set<string>();
  for (const conjunction of CONJUNCTION)
    for (const relative of RELATIVE)
      for (const from of FROM)
        for (const last of LAST) {
          if (from && last && last !== 'ה') continue;
          const prefix = conjunction + relative + from + last;
          if (prefix.length > 0 && prefix.length <= MAX_HEBREW_PREFIX) found.add(prefix);
        }
  return [...found].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
}

/** Every prefix read, shortest first: ו, ה, ב, כ, ל, מ, ש, then וב, וה, … וכשה. */
export const HEBREW_PREFIXES: readonly string[] = prefixes();

const PREFIX_SET = new Set(HEBREW_PREFIXES);

/** Whether a folded Hebrew word is nothing but a prefix (ב, וב, של, …). */
export function isHebrewPrefix(word: string): boolean {
  return PREFIX_SET.has(word);
}
