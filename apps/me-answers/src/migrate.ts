import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { meAnswersService } from './me-answers.app';

// The me-answers schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(meAnswersService);
