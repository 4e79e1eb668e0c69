import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { filesService } from './files.app';

// The files service (members' images) as its own process (services mode, Kubernetes).
serveService(filesService);
