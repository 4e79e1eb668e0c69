import { readFileSync } from 'node:fs';
import { PASSWORD_MIN } from '@mepedia/contracts';

// The list of common passwords zxcvbn ships (about 49,000 from breach corpora, lowercase,
// most common first), read from the installed package, never fetched. Only those long
// enough to pass the length rule matter: about 18,000.
const LIST_PATH = require.resolve('@zxcvbn-ts/language-common/src/passwords.json');

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  if (!common) {
    const list = JSON.parse(readFileSync(LIST_PATH, 'utf8')) as string[];
    common = new Set(list.filter((password) => [...password].length >= PASSWORD_MIN));
  }
  return common;
}

/** How many listed passwords the length rule still lets through (for docs and tests). */
export function commonPasswordCount(): number {
  return commonPasswords().size;
}

/** True for a password on the list, whatever its letter case or Unicode form. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').toLowerCase());
}
