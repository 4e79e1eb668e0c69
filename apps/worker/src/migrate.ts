import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { WORKER_MIGRATIONS } from './worker.app';

// The worker schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('worker', WORKER_MIGRATIONS));
