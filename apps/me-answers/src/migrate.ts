import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { ME_ANSWERS_MIGRATIONS } from './me-answers.app';

// The me-answers schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('me-answers', ME_ANSWERS_MIGRATIONS));
