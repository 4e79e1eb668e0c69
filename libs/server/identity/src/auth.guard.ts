import {
  type CanActivate,
  type ExecutionContext,
  Injectable,
  createParamDecorator,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { holdsRole, refusedWhileSuspended, type GuestErrorCode } from '@mepedia/contracts';
import {
  AUTH_DECISION,
  AppError,
  GUEST_ERROR,
  routeOfHandler,
  type AuthDecision,
} from '@mepedia/server-http';
import type { FastifyRequest } from 'fastify';
import {
  IDENTITY_HEADER,
  IdentityVerifier,
  InvalidAssertionError,
  suspendedUntil,
  type Identity,
  type MemberIdentity,
  type VerifiedAssertion,
} from './assertion';

/** Methods that never write, for a members' handler bound without a catalogue entry. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * On members' routes (moderators' and admins' too), it also enforces a suspension, in every
 * service alike: a suspended member's call that writes is 403 ACCOUNT_SUSPENDED unless the route
 * is marked `whileSuspended` (`refusedWhileSuspended`, from the route table).
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
        this.checkSuspension(context, request, this.member(context, identity));
        return true;
      case 'moderator':
      case 'admin': {
        const member = this.member(context, identity);
        if (!holdsRole(member.roles, decision)) throw new AppError('ROLE_REQUIRED');
        this.checkSuspension(context, request, member);
        return true;
      }
      case 'service':
        // Hidden, not merely forbidden: outsiders learn nothing about internal routes.
        if (identity.kind !== 'service') throw new AppError('ROUTE_NOT_FOUND');
        return true;
      case undefined:
        // Unreachable after the boot audit; refuse rather than guess.
        throw new AppError('FORBIDDEN');
    }
  }

  /** The signed-in member, or the route's guest error (AUTH_REQUIRED unless it names one). */
  private member(context: ExecutionContext, identity: Identity): MemberIdentity {
    if (identity.kind === 'member') return identity;
    const guestError = this.reflector.getAllAndOverride<GuestErrorCode | undefined>(GUEST_ERROR, [
      context.getHandler(),
      context.getClass(),
    ]);
    throw new AppError(guestError ?? 'AUTH_REQUIRED');
  }

  /**
   * A suspended member may read, and write only where the route allows it while suspended. A
   * handler bound without a catalogue entry counts as a write unless its method is a read's.
   */
  private checkSuspension(
    context: ExecutionContext,
    request: FastifyRequest,
    member: MemberIdentity,
  ): void {
    const until = suspendedUntil(member);
    if (until === undefined) return;
    const route = routeOfHandler(context.getHandler());
    const refused = route ? refusedWhileSuspended(route) : !READ_METHODS.has(request.method);
    if (refused) throw new AppError('ACCOUNT_SUSPENDED', { until });
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

/** The signed-in member (only on members', moderators' and admins' routes). */
export const CurrentMember = createParamDecorator(
  (_: unknown, context: ExecutionContext): MemberIdentity => {
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
