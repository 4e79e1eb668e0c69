import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { circlesService } from './circles.app';

// The circles schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(circlesService);
