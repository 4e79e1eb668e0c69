import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { postsService } from './posts.app';

// The posts service as its own process (services mode, Kubernetes).
serveService(postsService);
