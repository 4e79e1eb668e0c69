// Writes the questionnaire into a migration file, after the questionnaire data changed:
//   npm run db:generate -- me-answers questionnaire_<what changed> --custom   (an empty, journaled file)
//   npx tsx apps/me-answers/src/questionnaire/write-migration.ts apps/me-answers/src/migrations/<that file>.sql
import { writeFileSync } from 'node:fs';
import { questionnaireSql } from './questionnaire-sql';
import { QUESTIONNAIRE } from './questions';

const [file] = process.argv.slice(2);
if (!file?.endsWith('.sql')) {
  console.error(
    'usage: npx tsx apps/me-answers/src/questionnaire/write-migration.ts <migration.sql>',
  );
  process.exit(2);
}
writeFileSync(file, questionnaireSql(QUESTIONNAIRE));
console.log(`wrote ${QUESTIONNAIRE.length} questions to ${file}`);
