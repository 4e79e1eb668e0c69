import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { circlesService } from './circles.app';

// The circles service as its own process (services mode, Kubernetes).
serveService(circlesService);
