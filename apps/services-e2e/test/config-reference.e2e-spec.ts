import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '@mepedia/server-testing';

const check = (...args: string[]) =>
  spawnSync(process.execPath, ['tools/config-reference.mjs', '--check', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });

// docs/configuration.md's tables are generated from the apps' configuration schemas.
describe('the configuration reference', () => {
  it('matches every app’s configuration schema', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('is reported stale when a schema says something the document does not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mepedia-config-doc-'));
    try {
      const copy = join(dir, 'configuration.md');
      const current = readFileSync(join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
      // As if SHUTDOWN_TIMEOUT_MS's default had changed in the schema but not here.
      const stale = current.replace(/(\| `SHUTDOWN_TIMEOUT_MS` *\| )`25000`/, '$1`20000`');
      expect(stale).not.toBe(current);
      writeFileSync(copy, stale);
      const result = check('--doc', copy);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('is stale');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
