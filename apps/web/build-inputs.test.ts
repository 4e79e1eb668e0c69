import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webInputs } from './build-inputs.mjs';

// tools/build.mjs skips the web build while these files are unchanged: what the build writes
// itself must not be among them, or every first build invalidates its own stamp.
describe('the web build inputs', () => {
  let root: string;
  const write = (path: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), path);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mepedia-inputs-'));
    write('apps/web/app/root.tsx');
    write('apps/web/app/fonts.css');
    write('apps/web/vite.config.ts');
    write('apps/web/vite-fonts.ts');
    write('libs/web/i18n/src/en.ts');
    write('libs/contracts/src/posts.ts');
    write('package-lock.json');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('count the sources and what the generated fonts are made from', () => {
    const inputs = webInputs(root).map((file) => file.slice(root.length + 1));
    expect(inputs).toEqual(
      expect.arrayContaining([
        'apps/web/app/root.tsx',
        'apps/web/app/fonts.css',
        'apps/web/vite-fonts.ts',
        'libs/web/i18n/src/en.ts',
        'libs/contracts/src/posts.ts',
        'package-lock.json',
      ]),
    );
  });

  it('leave out the fonts the build cuts into the app folder', () => {
    const before = webInputs(root);
    write('apps/web/app/fonts/generated/rubik-signs-wght-normal.woff2');
    expect(webInputs(root)).toEqual(before);
    write('apps/web/app/fonts/other.woff2');
    expect(webInputs(root)).toContain(join(root, 'apps/web/app/fonts/other.woff2'));
  });
});
