import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { reactionsService } from './reactions.app';

// The reactions service (likes, views, lotties) as its own process (services mode, Kubernetes).
serveService(reactionsService);
