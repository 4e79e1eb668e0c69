import { messageProblem, type MessageSource } from './message';

export type Catalogue = Readonly<Record<string, MessageSource>>;
export type CatalogueProblem = { catalogue: string; locale: string; key: string; problem: string };

/**
 * Everything wrong with one catalogue in its languages, `reference` (English) being the one the
 * others translate: a message whose ICU does not read, a key one language has and the reference
 * has not (or the other way round), and a translation with a placeholder the reference text does
 * not have, or uses as another kind of value. Empty when all is well. Every catalogue is checked
 * by a test CI runs (libs/web/i18n/src/catalogues.test.ts, libs/messages/src/catalogue.spec.ts).
 */
export function catalogueProblems(
  catalogue: string,
  languages: Readonly<Record<string, Catalogue>>,
  reference = 'en',
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const said = (locale: string, key: string, problem: string) =>
    problems.push({ catalogue, locale, key, problem });
  const own = (messages: Catalogue, key: string): MessageSource | undefined =>
    Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : undefined;
  const base = languages[reference];
  if (!base) return [{ catalogue, locale: reference, key: '', problem: 'no reference language' }];
  for (const [key, text] of Object.entries(base)) {
    const problem = messageProblem(text);
    if (problem) said(reference, key, problem);
  }
  for (const [locale, messages] of Object.entries(languages)) {
    if (locale === reference) continue;
    for (const key of Object.keys(base))
      if (own(messages, key) === undefined)
        said(locale, key, `missing (the ${reference} text has it)`);
    for (const [key, text] of Object.entries(messages)) {
      const original = own(base, key);
      if (original === undefined) said(locale, key, `not a key of the ${reference} text`);
      else {
        const problem = messageProblem(text, original);
        if (problem) said(locale, key, problem);
      }
    }
  }
  return problems;
}

/** One line per problem, for a test's failure or a build's error. */
export function describeProblems(problems: readonly CatalogueProblem[]): string {
  return problems
    .map(({ catalogue, locale, key, problem }) => `${catalogue} ${locale} ${key}: ${problem}`)
    .join('\n');
}
