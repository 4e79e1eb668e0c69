// The generator on the repository as it is (its output is what is committed) and on copies of
// k8s/ and docker/compose.yaml: a registry with one more service, one with one less, files edited
// by hand, and the command line's --check.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import { COMMAND, differences, generate, write } from './generate.mjs';
import { render } from './render.mjs';
import { readTree } from './tree.mjs';

const repoRoot = join(import.meta.dirname, '../..');
// A path, not an import: tools/ is no Nx project to import from.
const { services } = await import(pathToFileURL(join(repoRoot, 'tools/services.mjs')).href);
const bookmarks = { name: 'bookmarks', schema: 'bookmarks' };
let scratch;
beforeAll(() => (scratch = mkdtempSync(join(tmpdir(), 'mepedia-generate-'))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A root holding a copy of k8s/ and docker/compose.yaml (and, for the CLI, what it runs with). */
function copy({ cli = false } = {}) {
  const root = mkdtempSync(join(scratch, 'repo-'));
  const paths = ['k8s', 'docker/compose.yaml'];
  if (cli)
    paths.push(
      'tools/k8s/generate.mjs',
      'tools/k8s/service-template',
      'tools/services.mjs',
      'libs/contracts/src/services.json',
    );
  for (const path of paths) cpSync(join(repoRoot, path), join(root, path), { recursive: true });
  if (cli) symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  return root;
}
const text = (root, path) => readFileSync(join(root, path), 'utf8');
const rendered = (root, overlay) => {
  const dir = join(root, 'k8s');
  const result = render(join(dir, 'overlays', overlay), readTree(dir), { kubectl: false });
  expect(result.error).toBeUndefined();
  return result.objects;
};
const find = (objects, kind, name) =>
  objects.find((o) => o.kind === kind && o.metadata?.name === name);

it('writes what is committed, for the registry as it is', () => {
  expect(differences(repoRoot, generate(repoRoot, services))).toEqual([]);
});

describe('a service added to the registry', () => {
  let root;
  beforeAll(() => {
    root = copy();
    write(root, generate(root, [...services, bookmarks]));
  });

  it('gets its folder of manifests from the template, under its own names', () => {
    const folder = 'k8s/base/apps/bookmarks';
    expect(text(root, `${folder}/deployment.yaml`)).toMatch(/^ {2}name: bookmarks$/m);
    expect(text(root, `${folder}/deployment.yaml`)).toContain('key: bookmarks-database-url');
    expect(text(root, `${folder}/migrations-job.yaml`)).toContain(
      "command: ['node', 'dist/apps/bookmarks/src/migrate.js']",
    );
    expect(parse(text(root, `${folder}/kustomization.yaml`)).resources).toEqual([
      'deployment.yaml',
      'hpa.yaml',
      'migrations-job.yaml',
      'networkpolicy.yaml',
      'pdb.yaml',
      'service.yaml',
    ]);
    expect(text(root, `${folder}/deployment.yaml`)).not.toContain('__name__');
  });

  it('is listed, reached by the gateway, and given its Secret key and its images', () => {
    expect(parse(text(root, 'k8s/base/services/kustomization.yaml')).resources).toContain(
      '../apps/bookmarks',
    );
    expect(text(root, 'k8s/base/shared/secret.template.yaml')).toMatch(
      /^ {2}bookmarks-database-url: postgres:/m,
    );
    for (const [overlay, tag] of [
      ['dev', 'dev'],
      ['production', '0.1.0'],
    ])
      expect(parse(text(root, `k8s/overlays/${overlay}/kustomization.yaml`)).images).toContainEqual(
        {
          name: 'mepedia-bookmarks',
          newName: 'registry.example.com/mepedia/bookmarks',
          newTag: tag,
        },
      );
  });

  it('renders in both overlays with its image, URL and HPA bounds', () => {
    for (const [overlay, tag, replicas] of [
      ['dev', 'dev', [1, 2]],
      ['production', '0.1.0', [3, 8]],
    ]) {
      const objects = rendered(root, overlay);
      const deployment = find(objects, 'Deployment', 'bookmarks');
      expect(deployment.spec.template.spec.containers[0].image).toBe(
        `registry.example.com/mepedia/bookmarks:${tag}`,
      );
      expect(find(objects, 'Job', 'bookmarks-migrations')).toBeDefined();
      expect(find(objects, 'ConfigMap', 'mepedia-config').data.BOOKMARKS_SERVICE_URL).toBe(
        'http://bookmarks',
      );
      const { minReplicas, maxReplicas } = find(
        objects,
        'HorizontalPodAutoscaler',
        'bookmarks',
      ).spec;
      expect([minReplicas, maxReplicas]).toEqual(replicas);
    }
  });

  it('gets its compose block, and the gateway its URL and waits for it', () => {
    const compose = parse(text(root, 'docker/compose.yaml'), { merge: true });
    expect(compose.services.bookmarks).toMatchObject({
      build: { dockerfile: 'docker/Dockerfile', args: { APP: 'bookmarks' } },
      image: 'mepedia-bookmarks:local',
      environment: { DATABASE_URL: expect.any(String), NODE_ENV: 'development' },
      depends_on: { postgres: { condition: 'service_healthy' } },
    });
    expect(compose.services.gateway.environment.BOOKMARKS_SERVICE_URL).toBe(
      'http://bookmarks:3000',
    );
    expect(compose.services.gateway.depends_on.bookmarks).toEqual({
      condition: 'service_healthy',
    });
  });

  it('is written once: a second run changes nothing', () => {
    expect(differences(root, generate(root, [...services, bookmarks]))).toEqual([]);
  });
});

it('keeps what one service has of its own: its compose fragments and its *.patch.yaml', () => {
  const root = copy();
  writeFileSync(join(root, 'k8s/base/apps/reactions/service.patch.yaml'), 'kind: Service\n');
  const files = generate(root, services);
  expect(parse(files.get('k8s/base/apps/reactions/kustomization.yaml')).patches).toEqual([
    { path: 'service.patch.yaml' },
  ]);
  expect(parse(files.get('k8s/base/apps/posts/kustomization.yaml')).patches).toEqual([
    { path: 'deployment.patch.yaml' },
    { path: 'networkpolicy.patch.yaml' },
  ]);
  const compose = parse(files.get('docker/compose.yaml'), { merge: true });
  expect(compose.services.posts.environment.TRANSLATION_PROVIDER).toBeDefined();
  expect(compose.services.files.volumes).toEqual(['files-data:/app/.data/files']);
  expect(compose.services.users.environment.EMAIL_LINK_SECRET).toBeDefined();
  expect(compose.services.reactions.environment.EMAIL_LINK_SECRET).toBeUndefined();
});

it('names each file that differs: edited by hand, or of a service the registry lost', () => {
  const root = copy();
  const edit = (path, from, to) =>
    writeFileSync(join(root, path), text(root, path).replace(from, to));
  edit('k8s/base/apps/posts/deployment.yaml', 'cpu: 100m', 'cpu: 150m');
  edit('docker/compose.yaml', 'http://users:3000', 'http://users:3001');
  const withoutSite = services.filter((s) => s.name !== 'site');
  const files = generate(root, withoutSite);
  expect(differences(root, files).sort()).toEqual(
    [
      'docker/compose.yaml',
      'k8s/base/apps/posts/deployment.yaml',
      'k8s/base/services/kustomization.yaml',
      'k8s/base/services/service-urls.yaml',
      'k8s/base/shared/secret.template.yaml',
      ...[
        'deployment',
        'hpa',
        'kustomization',
        'migrations-job',
        'networkpolicy',
        'pdb',
        'service',
      ].map((file) => `k8s/base/apps/site/${file}.yaml`),
    ].sort(),
  );
  write(root, files);
  expect(existsSync(join(root, 'k8s/base/apps/site'))).toBe(false);
  expect(text(root, 'docker/compose.yaml')).not.toMatch(/^ {2}site:$/m);
});

it('refuses a compose file without its marks, naming them', () => {
  const root = copy();
  writeFileSync(
    join(root, 'docker/compose.yaml'),
    text(root, 'docker/compose.yaml').replace(/^# <<< gateway$/m, ''),
  );
  expect(() => generate(root, services)).toThrow(/docker\/compose\.yaml: no "# >>> gateway/);
});

it('fails --check naming the command to run, which writes the files; then passes', () => {
  const root = copy({ cli: true });
  const registry = JSON.parse(text(root, 'libs/contracts/src/services.json'));
  registry.bookmarks = { schema: 'bookmarks', prefixes: ['bookmarks'] };
  writeFileSync(join(root, 'libs/contracts/src/services.json'), JSON.stringify(registry));
  const run = (...args) =>
    spawnSync(process.execPath, [join(root, 'tools/k8s/generate.mjs'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });
  const stale = run('--check');
  expect(stale.status).toBe(1);
  expect(stale.stderr).toContain('✗ k8s/base/apps/bookmarks/deployment.yaml');
  expect(stale.stderr).toContain(`run ${COMMAND} and commit what it writes`);
  expect(run().status).toBe(0);
  const fresh = run('--check');
  expect({ status: fresh.status, stderr: fresh.stderr }).toEqual({ status: 0, stderr: '' });
});
