import './instrument';
import 'reflect-metadata';
import { serveService } from '@mepedia/server-platform';
import { usersService } from './users.app';

// The users service as its own process (services mode, Kubernetes).
serveService(usersService);
