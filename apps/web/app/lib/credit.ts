// A label the author typed before the credit ("Photo: Dana Levi", "צילום: דנה לוי"), followed by
// a colon, or a dash with space around it: the page says "Image:" itself, so it would read
// "Image: Photo: Dana Levi". A dash inside a name ("Credit-Suisse", "Image-Line") is the name's.
const LABEL =
  /^\s*(?:photo(?:graph(?:y|er)?)?|image|picture|pic|credits?|(?:photo|image|picture) credits?|source|צילום|צלם|צלמת|תמונה|קרדיט|מקור)(?:\s*[:：]|\s+[-–—])\s*/iu;

/** The credit as the post shows it after "Image:": without a label of its own. */
export function bareCredit(credit: string): string {
  const bare = credit.replace(LABEL, '');
  // A credit that is only a label keeps it: better than nothing.
  return bare.trim() === '' ? credit : bare;
}
