// The benchmarks each write their own section of docs/benchmarks.md, between a pair of markers
// (`<!-- <name>:start -->` … `<!-- <name>:end -->`), leaving the rest of the document alone.
import { readFileSync, writeFileSync } from 'node:fs';

export const BENCHMARKS_DOC = 'docs/benchmarks.md';

/**
 * Put `text` between the `name` markers of docs/benchmarks.md, in place of what was there.
 * Answers false (writing nothing) when the document lacks them.
 */
export function rewriteDocSection(name, text) {
  const [opening, closing] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const doc = readFileSync(BENCHMARKS_DOC, 'utf8');
  const from = doc.indexOf(opening);
  const to = doc.indexOf(closing);
  if (from < 0 || to < from) return false;
  writeFileSync(
    BENCHMARKS_DOC,
    `${doc.slice(0, from + opening.length)}\n${text}\n${doc.slice(to)}`,
  );
  return true;
}
