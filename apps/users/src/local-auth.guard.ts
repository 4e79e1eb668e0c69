import { type ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { LoginRequest } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import type { FastifyRequest } from 'fastify';

/**
 * Validates the login body with the contract first (so a malformed request
 * gets VALIDATION_FAILED, not a bare 401), then runs passport-local on the
 * normalised email.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override canActivate(context: ExecutionContext) {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.body = LoginRequest.parse(request.body ?? {});
    return super.canActivate(context);
  }

  override handleRequest<TUser>(error: unknown, user: TUser | false): TUser {
    // The strategy's own errors are AppErrors (INVALID_CREDENTIALS, USER_NOT_VERIFIED).
    if (error instanceof Error) throw error;
    if (!user) throw new AppError('INVALID_CREDENTIALS');
    return user;
  }
}
