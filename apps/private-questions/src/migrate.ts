import './instrument';
import 'reflect-metadata';
import { migrateService } from '@mepedia/server-platform';
import { privateQuestionsService } from './private-questions.app';

// The private-questions schema's migrations alone, then exit: Kubernetes' migrations Job (docs/operations.md).
migrateService(privateQuestionsService);
