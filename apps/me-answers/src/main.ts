import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { meAnswersService } from './me-answers.app';

// The me-answers service (the questionnaire and members' answers) as its own process (services mode, Kubernetes).
serveService(meAnswersService);
