import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { reactionsService } from './reactions.app';

// The reactions schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(reactionsService);
