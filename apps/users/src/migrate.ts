import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { usersService } from './users.app';

// The users schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(usersService);
