import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { moderationService } from './moderation.app';

// The moderation schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(moderationService);
