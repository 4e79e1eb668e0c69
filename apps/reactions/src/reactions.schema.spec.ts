import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REACTION_COLLECTIONS, REACTION_NAMES, VIEW_PROPERTIES } from '@mepedia/contracts';

const migrations = join(__dirname, 'migrations');

/** The check constraints of the schema as the latest migration leaves it. */
function latestChecks(): Map<string, string> {
  const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number }>;
  };
  const last = journal.entries.at(-1)!.idx.toString().padStart(4, '0');
  const snapshot = JSON.parse(
    readFileSync(join(migrations, 'meta', `${last}_snapshot.json`), 'utf8'),
  ) as { tables: Record<string, { checkConstraints: Record<string, { value: string }> }> };
  return new Map(
    Object.values(snapshot.tables).flatMap((table) =>
      Object.entries(table.checkConstraints).map(([name, { value }]) => [name, value]),
    ),
  );
}

/** `... in ('a', 'b')` -> `['a', 'b']`. */
const listed = (check: string | undefined) =>
  [...(/ in \((.*)\)$/.exec(check ?? '')?.[1] ?? '').matchAll(/'([^']*)'/g)].map(
    (match) => match[1],
  );

// The database refuses what the contracts do not allow: a list changed in the contracts needs
// a migration (`npm run db:generate -- reactions <name>`), or writes of the new value fail.
describe('the reactions schema’s allow-lists', () => {
  const checks = latestChecks();

  it.each(['likes', 'views', 'lotties'])('%s takes exactly the contract’s collections', (table) => {
    expect(listed(checks.get(`${table}_collection_check`))).toEqual([...REACTION_COLLECTIONS]);
  });

  it('lotties take exactly the contract’s reaction names, views its properties', () => {
    expect(listed(checks.get('lotties_name_check'))).toEqual([...REACTION_NAMES]);
    expect(listed(checks.get('views_property_check'))).toEqual([...VIEW_PROPERTIES]);
  });
});
