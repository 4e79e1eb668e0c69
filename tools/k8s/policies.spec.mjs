// Each policy passes its passing fixture and fails its failing one for its own reason (the
// fixture's `# expect:` line); tools/k8s/fixtures/<policy>/.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { policies, treePolicies } from './policies/index.mjs';
import { knownMetrics } from './services.mjs';
import { parseYaml, readTree } from './tree.mjs';

const fixtures = join(import.meta.dirname, 'fixtures');
const expected = (text) => new RegExp(/^# expect: (.*)$/m.exec(text)[1]);
const context = async () => ({
  services: new Set(['users']),
  workerQueues: new Set(['email']),
  metrics: await knownMetrics(),
  templateSecrets: new Map(),
  images: [],
});

describe.each(policies.map((p) => [p.name, p]))('policy %s', (name, policy) => {
  const read = (file) => readFileSync(join(fixtures, name, file), 'utf8');
  it('passes its passing fixture', async () => {
    expect(policy.check(parseYaml(read('pass.yaml')).docs, await context())).toEqual([]);
  });
  it('fails its failing fixture, for its own reason', async () => {
    const messages = policy
      .check(parseYaml(read('fail.yaml')).docs, await context())
      .map((p) => p.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(expected(read('fail.yaml')));
  });
});

describe.each(treePolicies.map((p) => [p.name, p]))('tree policy %s', (name, policy) => {
  it('passes its passing tree', async () => {
    expect(policy.checkTree(readTree(join(fixtures, name, 'pass')), await context())).toEqual([]);
  });
  it('fails its failing tree, for its own reason', async () => {
    const messages = policy
      .checkTree(readTree(join(fixtures, name, 'fail')), await context())
      .map((p) => p.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages)
      expect(message).toMatch(
        expected(readFileSync(join(fixtures, name, 'fail', 'expect.txt'), 'utf8')),
      );
  });
});
