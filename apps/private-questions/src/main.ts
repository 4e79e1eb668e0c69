import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { privateQuestionsService } from './private-questions.app';

// The private-questions service as its own process (services mode, Kubernetes).
serveService(privateQuestionsService);
