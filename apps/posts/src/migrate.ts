import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { POSTS_MIGRATIONS } from './posts.app';

// The posts schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('posts', POSTS_MIGRATIONS));
