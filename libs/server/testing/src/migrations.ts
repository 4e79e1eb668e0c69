import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A service's migrations as they stood before `tag`, copied to a folder of their own: migrate
 * a test database with it, add rows as an older release wrote them, then migrate with the real
 * folder to test the upgrade. `remove()` deletes the copy.
 */
export function migrationsBefore(
  folder: string,
  tag: string,
): { folder: string; remove: () => void } {
  const copy = mkdtempSync(join(tmpdir(), 'mepedia-migrations-'));
  mkdirSync(join(copy, 'meta'));
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`No migration ${tag} in ${folder}`);
  const entries = journal.entries.slice(0, at);
  for (const entry of entries)
    copyFileSync(join(folder, `${entry.tag}.sql`), join(copy, `${entry.tag}.sql`));
  writeFileSync(join(copy, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return { folder: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}
