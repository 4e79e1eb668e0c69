/** Words a minute a reader takes in, in either language (a calm pace for stories). */
export const READING_WORDS_PER_MINUTE = 200;

/** How many words a plain text has: runs of anything but white space. */
export function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = /\s/.test(text[i]!);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

/**
 * A story's reading time in whole minutes ("4 min read"): its words at
 * `READING_WORDS_PER_MINUTE`, rounded up, at least one.
 */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(wordCount(text) / READING_WORDS_PER_MINUTE));
}
