import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { openDatabase, pgliteTemplateFile, type DatabaseHandle } from '../src';
import { createFromTemplate } from '../src/pglite-template';

// An in-memory PGlite started from the kept copy of an empty data directory (PGLITE_TEMPLATE):
// made by the first, loaded by the next, never carrying one database's rows into another.
describe('in-memory PGlite from a template', () => {
  let folder: string;
  const opened: DatabaseHandle[] = [];
  const open = async () => {
    const handle = await openDatabase({ dataDir: 'memory://', template: folder });
    opened.push(handle);
    return handle;
  };
  const rows = async (handle: DatabaseHandle, text: string) =>
    handle.kind === 'pglite' ? (await handle.pglite.query<Record<string, unknown>>(text)).rows : [];

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'mepedia-pglite-template-'));
  });
  afterAll(async () => {
    await Promise.all(opened.map((handle) => handle.close()));
    rmSync(folder, { recursive: true, force: true });
  });

  it('is made by the first database, named for the PGlite release installed', async () => {
    const first = await open();
    const file = pgliteTemplateFile(folder);
    const release = (
      JSON.parse(
        readFileSync(
          join(require.resolve('@electric-sql/pglite'), '..', '..', 'package.json'),
          'utf8',
        ),
      ) as { version: string }
    ).version;
    expect(file).toBe(join(folder, `pglite-${release}.tar`));
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
    // The database itself works as any, the trigram extension included.
    await rows(first, 'create extension if not exists pg_trgm');
    await rows(first, 'create table kept (word text)');
    await rows(first, "insert into kept values ('bread')");
    expect(await rows(first, "select similarity('bread', 'bred') > 0.3 as near")).toEqual([
      { near: true },
    ]);
  });

  it('starts the next from the template, empty: nothing of another database is in it', async () => {
    const file = pgliteTemplateFile(folder);
    const before = readFileSync(file);
    const loaded: PGliteOptions[] = [];
    const next = await createFromTemplate(folder, {}, (options) => {
      loaded.push(options);
      return PGlite.create('memory://', options);
    });
    try {
      expect(loaded).toHaveLength(1);
      expect(loaded[0]?.loadDataDir).toBeInstanceOf(Blob);
      expect(
        (await next.query("select to_regclass('public.kept') is null as absent")).rows,
      ).toEqual([{ absent: true }]);
      await next.query('create table mine (n int)');
    } finally {
      await next.close();
    }
    // Writing into a database started from it leaves the template as it was.
    expect(readFileSync(file).equals(before)).toBe(true);
    const again = await open();
    expect(await rows(again, "select to_regclass('public.mine') is null as absent")).toEqual([
      { absent: true },
    ]);
  });

  it('makes a damaged template again and still opens the database', async () => {
    const file = pgliteTemplateFile(folder);
    writeFileSync(file, 'not a data directory');
    const tried: PGliteOptions[] = [];
    const made = await createFromTemplate(folder, {}, (options) => {
      tried.push(options);
      return PGlite.create('memory://', options);
    });
    try {
      expect((await made.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await made.close();
    }
    // Tried the damaged one, then made a database from scratch, and kept a whole template.
    expect(tried.map((options) => options.loadDataDir instanceof Blob)).toEqual([true, false]);
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
    const next = await open();
    expect(await rows(next, 'select 1 as one')).toEqual([{ one: 1 }]);
  });
});
