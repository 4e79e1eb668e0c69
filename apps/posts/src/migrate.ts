import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { postsService } from './posts.app';

// The posts schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(postsService);
