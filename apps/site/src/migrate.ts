import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { siteService } from './site.app';

// The site schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(siteService);
