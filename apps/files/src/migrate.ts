import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { filesService } from './files.app';

// The files schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(filesService);
