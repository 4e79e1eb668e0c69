import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_PURPOSES, IMAGE_UPLOAD_TYPES } from '@mepedia/contracts';

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

const listed = (check: string | undefined) =>
  [...(/ in \((.*)\)$/.exec(check ?? '')?.[1] ?? '').matchAll(/'([^']*)'/g)].map(
    (match) => match[1],
  );

// A list changed in the contracts needs a migration (`npm run db:generate -- files <name>`), or
// writes of the new value fail.
describe('the files schema’s allow-lists', () => {
  const checks = latestChecks();

  it('images take exactly the contract’s purposes and upload types', () => {
    expect(listed(checks.get('images_purpose_check'))).toEqual([...IMAGE_PURPOSES]);
    expect(listed(checks.get('images_source_type_check'))).toEqual([...IMAGE_UPLOAD_TYPES]);
  });
});
