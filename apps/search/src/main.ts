import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { searchService } from './search.app';

// The search service as its own process (services mode, Kubernetes).
serveService(searchService);
