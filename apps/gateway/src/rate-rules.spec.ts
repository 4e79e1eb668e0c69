import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueRoutes } from '@mepedia/contracts';
import { exportIdentityKeys, generateIdentityKeys } from '@mepedia/server-identity';
import { loadGatewayConfig } from './gateway.config';
import { READS_WITH_A_BODY, RATE_RULE_SETS, RATE_RULES, rateRulesOf } from './rate-rules';

const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('rate rules', () => {
  const routes = catalogueRoutes();

  it('limit every call that writes: each route but GETs and the listed reads has rules', () => {
    const unlimited = routes
      .filter((route) => route.method !== 'GET' && !READS_WITH_A_BODY.has(key(route)))
      .filter((route) => !RATE_RULES[route.path])
      .map(key);
    expect(unlimited).toEqual([]);
  });

  it('name only catalogued routes, and no route both limited and listed as a read', () => {
    const paths = new Set(routes.map((route) => route.path));
    expect(Object.keys(RATE_RULES).filter((path) => !paths.has(path))).toEqual([]);
    const keys = new Set(routes.map(key));
    expect([...READS_WITH_A_BODY].filter((read) => !keys.has(read))).toEqual([]);
    expect(
      routes.filter((route) => READS_WITH_A_BODY.has(key(route)) && RATE_RULES[route.path]),
    ).toEqual([]);
  });

  it('limit each address on every limited call, and each member on every members’ write', () => {
    const missing = routes
      .filter((route) => RATE_RULES[route.path])
      .flatMap((route) => {
        const by = new Set(RATE_RULES[route.path]!.map((rule) => rule.by));
        const gaps = [];
        if (!by.has('ip')) gaps.push(`${key(route)}: per IP`);
        if (route.auth !== 'anyone' && !by.has('member')) gaps.push(`${key(route)}: per member`);
        return gaps;
      });
    expect(missing).toEqual([]);
  });

  it('come from the catalogue: a route’s rules are the sets it names, in order', () => {
    const changeEmail = routes.find((route) => route.path === '/api/users/changeEmail');
    expect(changeEmail?.rate).toEqual(['verify', 'messages', 'account']);
    expect(RATE_RULES['/api/users/changeEmail']).toEqual([
      ...RATE_RULE_SETS.verify,
      ...RATE_RULE_SETS.messages,
      ...RATE_RULE_SETS.account,
    ]);
    expect(Object.keys(RATE_RULES).sort()).toEqual(
      [...new Set(routes.filter((route) => route.rate?.length).map((route) => route.path))].sort(),
    );
  });

  it('refuse two methods of one path that name different rules: every method of a path counts', () => {
    const path = '/api/things/{id}';
    expect(() =>
      rateRulesOf([
        { method: 'GET', path },
        { method: 'DELETE', path, rate: ['posts'] },
      ]),
    ).toThrow(/DELETE \/api\/things\/\{id\}/);
    expect(
      rateRulesOf([
        { method: 'PUT', path, rate: ['posts'] },
        { method: 'DELETE', path, rate: ['posts'] },
      ])[path],
    ).toEqual(RATE_RULE_SETS.posts);
  });

  it('are each set by a variable, and a member’s limit is never above their address’s', () => {
    const defaults = loadGatewayConfig({
      IDENTITY_PRIVATE_KEY: exportIdentityKeys(generateIdentityKeys()).privateKey,
    }).rateLimits;
    for (const rules of Object.values(RATE_RULES)) {
      const ip = rules.find((rule) => rule.by === 'ip');
      const member = rules.find((rule) => rule.by === 'member' && rule.bucket === ip?.bucket);
      if (ip && member) expect(member.limit(defaults)).toBeLessThanOrEqual(ip.limit(defaults));
      for (const rule of rules) expect(rule.limit(defaults)).toBeGreaterThan(0);
    }
  });

  it('are the ones docs/security.md lists, every limited call by name', () => {
    const doc = readFileSync(join(__dirname, '../../../docs/security.md'), 'utf8');
    const section = doc.slice(
      doc.indexOf('## Rate limits'),
      doc.indexOf('\n## ', doc.indexOf('## Rate limits') + 3),
    );
    const absent = Object.keys(RATE_RULES)
      .map((path) => path.replace(/^\/api\//, '').replace(/\/\{.*$/, ''))
      .filter((name) => {
        const [service, call] = name.split('/');
        return !section.includes(`\`${name}\``) && !section.includes(`\`${call}\``) && service;
      });
    expect(absent).toEqual([]);
  });
});
