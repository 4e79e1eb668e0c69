import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, SERVICE_APPS, serviceUrlVariable, type ServiceApp } from '@mepedia/contracts';
import { SERVICE_DEFINITIONS } from './services';

// The service registry (libs/contracts/src/services.json) against the world it describes: the
// apps' folders, their definitions, the Docker image's entries and the Kubernetes manifests.
const root = join(__dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const byName = (a: string, b: string) => a.localeCompare(b);

describe('the service registry', () => {
  it('lists every app that defines a service, and only those', () => {
    const defining = readdirSync(join(root, 'apps')).filter((app) => {
      const file = join(root, 'apps', app, 'src', `${app}.app.ts`);
      return existsSync(file) && /\bdefineService\b/.test(readFileSync(file, 'utf8'));
    });
    expect([...defining].sort(byName)).toEqual([...SERVICE_APPS].sort(byName));
  });

  it('has each definition composed under its own name, migrating the registry’s schema', () => {
    expect(Object.keys(SERVICE_DEFINITIONS).sort(byName)).toEqual([...SERVICE_APPS].sort(byName));
    for (const [name, definition] of Object.entries(SERVICE_DEFINITIONS)) {
      const { schema } = SERVICES[name as ServiceApp];
      expect({ name: definition.name, schema: definition.migrations.schema }).toEqual({
        name,
        schema,
      });
      expect(existsSync(definition.migrations.folder)).toBe(true);
      // Its Drizzle tables live in that schema, and drizzle-kit generates for it alone.
      expect(read(`apps/${name}/src/${name}.schema.ts`)).toContain(`pgSchema('${schema}')`);
      expect(read(`apps/${name}/drizzle.config.ts`)).toContain(`schemaFilter: ['${schema}']`);
    }
  });

  it('gives every service the entries its image starts: the process and the migrations Job', () => {
    for (const name of SERVICE_APPS) {
      for (const entry of ['main.ts', 'migrate.ts', 'instrument.ts'])
        expect(existsSync(join(root, 'apps', name, 'src', entry))).toBe(true);
    }
  });

  it('gives every service its Deployment and migrations Job in k8s, and the gateway its URL', () => {
    // Written by tools/k8s/generate.mjs from the registry; `--check` names a file out of date.
    const resources = read('k8s/base/services/kustomization.yaml');
    const configMap = read('k8s/base/services/service-urls.yaml');
    for (const name of SERVICE_APPS) {
      expect(resources).toMatch(new RegExp(`^ {2}- \\.\\./apps/${name}$`, 'm'));
      expect(read(`k8s/base/apps/${name}/deployment.yaml`)).toMatch(
        new RegExp(`^ {2}name: ${name}$`, 'm'),
      );
      expect(existsSync(join(root, 'k8s/base/apps', name, 'migrations-job.yaml'))).toBe(true);
      expect(configMap).toMatch(
        new RegExp(`^ {2}${serviceUrlVariable(name)}: http://${name}$`, 'm'),
      );
    }
  });

  it('reads the same in the tools’ scripts (tools/services.mjs)', () => {
    const script =
      "import('./tools/services.mjs').then((m) => process.stdout.write(JSON.stringify(m.services)))";
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(
      SERVICE_APPS.map((name) => ({
        name,
        schema: SERVICES[name].schema,
        prefixes: SERVICES[name].prefixes,
        urlVariable: serviceUrlVariable(name),
      })),
    );
  });
});
