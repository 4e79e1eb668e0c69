import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { GuestErrorCode } from '@mepedia/contracts';
import { AUTH_DECISION, AppError, GUEST_ERROR, type AuthDecision } from '@mepedia/server-http';
import type { FastifyRequest } from 'fastify';
import {
  IDENTITY_HEADER,
  IdentityVerifier,
  InvalidAssertionError,
  type Identity,
  type VerifiedAssertion,
} from './assertion';

declare module 'fastify' {
  interface FastifyRequest {
    identity?: Identity;
    /** The client's address: the gateway's word when it vouched, else the socket's. */
    clientIp?: string;
    /** The browser's visitor id (the gateway's cookie), when the gateway vouched for one. */
    visitorId?: string;
  }
}

/**
 * Reads the gateway's assertion and applies the route's auth decision.
 * No assertion: a guest. A forged, expired or misdirected one: 401.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: IdentityVerifier,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const { identity, ip, visitorId } = this.identify(request);
    request.identity = identity;
    request.clientIp = ip ?? request.ip;
    if (visitorId) request.visitorId = visitorId;
    const decision = this.reflector.getAllAndOverride<AuthDecision | undefined>(AUTH_DECISION, [
      context.getHandler(),
      context.getClass(),
    ]);
    switch (decision) {
      case 'public':
        return true;
      case 'member':
        if (identity.kind !== 'member') {
          const guestError = this.reflector.getAllAndOverride<GuestErrorCode | undefined>(
            GUEST_ERROR,
            [context.getHandler(), context.getClass()],
          );
          throw new AppError(guestError ?? 'AUTH_REQUIRED');
        }
        return true;
      case 'service':
        // Hidden, not merely forbidden: outsiders learn nothing about internal routes.
        if (identity.kind !== 'service') throw new AppError('ROUTE_NOT_FOUND');
        return true;
      case undefined:
        // Unreachable after the boot audit; refuse rather than guess.
        throw new AppError('FORBIDDEN');
    }
  }

  private identify(request: FastifyRequest): VerifiedAssertion {
    const header = request.headers[IDENTITY_HEADER];
    if (header === undefined)
      return { identity: { kind: 'guest' }, ip: undefined, visitorId: undefined };
    if (typeof header !== 'string') throw new AppError('INVALID_IDENTITY');
    try {
      return this.verifier.verifyAssertion(header);
    } catch (error) {
      if (error instanceof InvalidAssertionError) throw new AppError('INVALID_IDENTITY');
      throw error;
    }
  }
}

/** The caller's identity, as the guard established it. */
export const CurrentIdentity = createParamDecorator(
  (_: unknown, context: ExecutionContext): Identity => {
    return context.switchToHttp().getRequest<FastifyRequest>().identity ?? { kind: 'guest' };
  },
);

/** The signed-in member's id (only on MembersOnly routes). */
export const CurrentMember = createParamDecorator(
  (_: unknown, context: ExecutionContext): Extract<Identity, { kind: 'member' }> => {
    const identity = context.switchToHttp().getRequest<FastifyRequest>().identity;
    if (identity?.kind !== 'member') throw new AppError('AUTH_REQUIRED');
    return identity;
  },
);

/**
 * Who is looking, for counting views and shares once each: the member, else the browser's
 * visitor id from the gateway's cookie; undefined when neither is known (then nothing counts).
 */
export const ViewerKey = createParamDecorator(
  (_: unknown, context: ExecutionContext): string | undefined => {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (request.identity?.kind === 'member') return `member:${request.identity.userId}`;
    return request.visitorId ? `visitor:${request.visitorId}` : undefined;
  },
);
