import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { feedMessagesService } from './feed-messages.app';

// The feed-messages schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(feedMessagesService);
