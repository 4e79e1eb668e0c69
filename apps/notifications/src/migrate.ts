import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { notificationsService } from './notifications.app';

// The notifications schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(notificationsService);
