import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runMigrationProcess } from '@mepedia/server-platform';
import { FEED_MESSAGES_MIGRATIONS } from './feed-messages.app';

// The feed-messages schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
runMain(() => runMigrationProcess('feed-messages', FEED_MESSAGES_MIGRATIONS));
