import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { searchService } from './search.app';

// The search schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(searchService);
