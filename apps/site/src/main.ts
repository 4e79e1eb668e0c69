import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { siteService } from './site.app';

// The site service as its own process (services mode, Kubernetes).
serveService(siteService);
