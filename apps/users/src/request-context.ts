import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { RequestContext } from './audit-log';

/** The client address (as the gateway vouched) and request id, for audit records and messages. */
export const Context = createParamDecorator(
  (_: unknown, execution: ExecutionContext): RequestContext => {
    const request = execution.switchToHttp().getRequest<FastifyRequest>();
    return { ip: request.clientIp ?? request.ip, requestId: String(request.id) };
  },
);
