import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { USERS_MIGRATIONS } from './users.app';

// The users schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('users', USERS_MIGRATIONS));
