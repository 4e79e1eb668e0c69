import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { FILES_MIGRATIONS } from './files.app';

// The files schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('files', FILES_MIGRATIONS));
