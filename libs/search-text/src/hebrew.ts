import { HEBREW_PREFIXES } from './hebrew-prefixes';
import { foldWord, normalise, tokens } from './normalise';

// Hebrew writes "and", "the", "in", "to", "from", "that", "when" and "as" as letters on the
// front of the next word: ובמאפייה is "and in the bakery". A search for מאפייה must find it, and
// a search for ובמאפייה must find a text that says מאפייה. Both sides therefore read a Hebrew
// word as itself and as each stem its possible prefixes leave (HEBREW_PREFIXES), and two words
// match when they share one of those forms (folded: normalise spells מאפייה מאפיה):
//   ובמאפייה -> ובמאפיה, במאפיה, מאפיה        מאפייה -> מאפיה, אפיה
// No suffix is taken off: בית does not find ביתה, nor ילד ילדים (Hebrew suffixes change the
// stem itself, and a wrong suffix rule costs more than it finds).
//
// Reading a letter as a prefix is a guess, since the same letters begin words: מאפייה is
// "bakery", not "from baking", but the rule cannot tell, so מאפייה also matches אפייה
// ("baking"), and so do שירה (poetry) and ירה (shot), ברכה (blessing) and רכה (soft), שמונה
// (eight) and מונה (counter), מדבר (desert) and דבר (thing). Two things keep the guesses few:
// - A stem keeps at least MIN_HEBREW_STEM letters. With 2, every three-letter word that begins
//   with one of the seven letters would also stand for a two-letter word, and two-letter words
//   are the short, frequent ones: כלב (dog) would match לב (heart), מים (water) ים (sea), שלב
//   (stage) לב again, לבן (white) בן (son), מלך (king) לך (to you). Most Hebrew content words
//   are built on three-letter roots, so 3 keeps the stems that matter and drops those. What it
//   costs: a two-letter word with a prefix is not found by the bare word (בגן, in the garden,
//   is not found by גן; בגן still finds בגן and הגן through their own forms).
// - Prefixes follow the order Hebrew writes them in (hebrew-prefixes.ts), so מבית is not read as
//   מ + ב + ית, nor להורים as ל + ה + ורים.
// The index can still rank a word's own form above its stems (toTsQuery without variants).

/** The fewest letters a stem keeps when a prefix is taken off. */
export const MIN_HEBREW_STEM = 3;

const HEBREW_WORD = /^[\u05D0-\u05EA]+$/u;

/**
 * A Hebrew word and the stems its possible prefixes leave, longest first; the word comes
 * first, folded (see `normalise`): hebrewVariants('וּבַמַּאֲפִיָּה') and hebrewVariants('ובמאפייה')
 * are both ['ובמאפיה', 'במאפיה', 'מאפיה']. Anything but one Hebrew word is returned normalised,
 * alone.
 */
export function hebrewVariants(word: string): string[] {
  const found = tokens(word);
  const only = found.length === 1 ? found[0] : undefined;
  return only?.script === 'he' ? stemsOf(only.text) : [normalise(word)];
}

/** The same for a word already folded. */
export function stemsOf(word: string): string[] {
  const variants = [word];
  if (!HEBREW_WORD.test(word)) return variants;
  for (const prefix of HEBREW_PREFIXES) {
    if (word.length - prefix.length < MIN_HEBREW_STEM) break;
    if (word.startsWith(prefix)) variants.push(word.slice(prefix.length));
  }
  return [...new Set(variants)];
}

/**
 * Words a query leaves out unless it has nothing else (see queryTerms): the index keeps them,
 * for phrases, but requiring them finds fewer texts, not better ones. Folded forms.
 */
export const HEBREW_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'של',
    'את',
    'על',
    'עם',
    'אל',
    'זה',
    'זו',
    'זאת',
    'גם',
    'כי',
    'או',
    'אשר',
    'הוא',
    'היא',
    'הם',
    'הן',
    'יש',
    'כל',
    'אבל',
    'כמו',
  ].map((word) => foldWord(word, 'he')),
);
