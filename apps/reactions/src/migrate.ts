import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { REACTIONS_MIGRATIONS } from './reactions.app';

// The reactions schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('reactions', REACTIONS_MIGRATIONS));
