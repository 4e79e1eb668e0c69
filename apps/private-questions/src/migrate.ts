import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { PRIVATE_QUESTIONS_MIGRATIONS } from './private-questions.app';

// The private-questions schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('private-questions', PRIVATE_QUESTIONS_MIGRATIONS));
