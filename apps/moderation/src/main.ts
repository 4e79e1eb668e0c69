import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { moderationService } from './moderation.app';

// The moderation service as its own process (services mode, Kubernetes).
serveService(moderationService);
