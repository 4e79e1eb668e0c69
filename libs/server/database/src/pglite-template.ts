import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

/**
 * A new in-memory PGlite spends most of its start in initdb (3 s on an idle two-core machine,
 * 10 to 20 s on a busy one), and a test run or the browser suite starts hundreds of them. The
 * data directory initdb leaves is the same every time for one PGlite release, so it is made
 * once and kept, dumped, in a folder of the caller's (`PGLITE_TEMPLATE`); every later in-memory
 * database of that release starts from the dump (about a second). Only an empty cluster is
 * kept: the dump is taken before anything is written.
 */

/** The PGlite release installed: the template of one release is never loaded by another. */
function pgliteRelease(): string {
  // The package's exports do not include its package.json: read beside its entry point.
  const entry = require.resolve('@electric-sql/pglite');
  for (let folder = dirname(entry); folder !== dirname(folder); folder = dirname(folder)) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    } catch {
      // Not this folder: go up.
    }
  }
  return 'unknown';
}

/** The file of the template for the installed release, in `folder`. */
export function pgliteTemplateFile(folder: string): string {
  return join(folder, `pglite-${pgliteRelease()}.tar`);
}

type Create = (options: PGliteOptions) => Promise<PGlite>;

/**
 * An in-memory PGlite made by `create`, from the template in `folder` when there is one; without
 * one it is made as usual (initdb) and, before anything is written, dumped there for the next.
 * A template that cannot be loaded (cut short, damaged) is removed and made again.
 */
export async function createFromTemplate(
  folder: string,
  options: PGliteOptions,
  create: Create,
): Promise<PGlite> {
  const file = pgliteTemplateFile(folder);
  let dump: Buffer | undefined;
  try {
    dump = readFileSync(file);
  } catch {
    dump = undefined;
  }
  if (dump) {
    try {
      return await create({ ...options, loadDataDir: new Blob([new Uint8Array(dump)]) });
    } catch {
      rmSync(file, { force: true });
    }
  }
  const pglite = await create(options);
  const made = await pglite.dumpDataDir('none');
  mkdirSync(folder, { recursive: true });
  // Written aside and renamed: a process starting meanwhile never reads half a template, and of
  // two processes making one at once the last rename wins with a whole file.
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    writeFileSync(aside, new Uint8Array(await made.arrayBuffer()));
    renameSync(aside, file);
  } catch {
    // A folder that cannot be written: this database is still good, the next makes its own.
    rmSync(aside, { force: true });
  }
  return pglite;
}
