// Each policy passes each of its passing fixtures and fails each failing one for its own reason
// (the fixture's `# expect:` line): tools/k8s/fixtures/<policy>/pass*.yaml and fail*.yaml, or, for
// a tree policy, the trees pass/ and fail/ (with fail/expect.txt).
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './k8s.mjs';
import { policies, treePolicies } from './policies/index.mjs';
import { knownMetrics } from './services.mjs';
import { parseYaml, readTree } from './tree.mjs';

const fixtures = join(import.meta.dirname, 'fixtures');
const read = (...path) => readFileSync(join(fixtures, ...path), 'utf8');
const expected = (text) => new RegExp(/^# expect: (.*)$/m.exec(text)[1]);
const context = async () => ({
  services: new Set(['users']),
  workerQueues: new Set(['email']),
  metrics: await knownMetrics(),
  templateSecrets: new Map(),
  images: [],
});
const expectFailure = (messages, text) => {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) expect(message).toMatch(expected(text));
};

it('has fixtures for every policy, and only for them', () => {
  expect(readdirSync(fixtures).sort()).toEqual(
    Object.keys({ ...policies, ...treePolicies }).sort(),
  );
});

describe.each(Object.entries(policies))('policy %s', (name, policy) => {
  const files = (kind) => readdirSync(join(fixtures, name)).filter((f) => f.startsWith(kind));
  const check = async (file) =>
    run(policy, parseYaml(read(name, file)).docs, await context()).map((p) => p.message);
  it.each(files('pass'))('passes %s', async (file) => {
    expect(await check(file)).toEqual([]);
  });
  it.each(files('fail'))('fails %s, for its own reason', async (file) => {
    expectFailure(await check(file), read(name, file));
  });
});

describe.each(Object.entries(treePolicies))('tree policy %s', (name, policy) => {
  const check = async (dir) => {
    const messages = [];
    policy(readTree(join(fixtures, name, dir)), await context(), (_, message) =>
      messages.push(message),
    );
    return messages;
  };
  it('passes its passing tree', async () => {
    expect(await check('pass')).toEqual([]);
  });
  it('fails its failing tree, for its own reason', async () => {
    expectFailure(await check('fail'), read(name, 'fail', 'expect.txt'));
  });
});

it('reports each of a dashboard’s problems, not only the first', async () => {
  const messages = [];
  treePolicies.dashboards(
    readTree(join(fixtures, 'dashboards', 'fail')),
    await context(),
    (_, message) => messages.push(message),
  );
  for (const problem of [
    /http_requests_total is not a metric/,
    /schemaVersion: must be a number/,
    /id 1 is used twice/,
    /select metrics by name, not __name__/,
  ])
    expect(messages.some((message) => problem.test(message))).toBe(true);
});

it('refuses a kustomization that lists a remote resource, which kubectl would fetch', async () => {
  const messages = [];
  treePolicies.kustomizations(
    readTree(join(fixtures, 'kustomizations', 'fail')),
    await context(),
    (_, message) => messages.push(message),
  );
  expect(messages).toContain(
    'https://github.com/example/manifests/base?ref=v1: a remote resource; vendor it into the tree instead',
  );
});
