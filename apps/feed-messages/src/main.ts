import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { feedMessagesService } from './feed-messages.app';

// The feed-messages service (comments and replies) as its own process (services mode, Kubernetes).
serveService(feedMessagesService);
