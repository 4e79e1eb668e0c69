import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { notificationsService } from './notifications.app';

// The notifications service (follows; notifications to come) as its own process (services mode, Kubernetes).
serveService(notificationsService);
