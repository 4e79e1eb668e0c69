import { type DynamicModule, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import {
  APP_GUARD,
  DiscoveryModule,
  DiscoveryService,
  MetadataScanner,
  Reflector,
} from '@nestjs/core';
import { AUTH_DECISION } from '@mepedia/server-http';
import type { KeyObject } from 'node:crypto';
import { IdentityVerifier } from './assertion';
import { AuthGuard } from './auth.guard';

const ROUTE_PATH = 'path';
const ROUTE_METHOD = 'method';

/** Lists every route handler that states no auth decision. */
export function routesWithoutAuthDecision(
  discovery: DiscoveryService,
  scanner: MetadataScanner,
  reflector: Reflector,
): string[] {
  const missing: string[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name];
      if (typeof handler !== 'function') continue;
      if (Reflect.getMetadata(ROUTE_PATH, handler) === undefined) continue;
      if (Reflect.getMetadata(ROUTE_METHOD, handler) === undefined) continue;
      const decision = reflector.getAllAndOverride<unknown>(AUTH_DECISION, [
        handler,
        instance.constructor,
      ]);
      if (decision === undefined) missing.push(`${instance.constructor.name}.${name}`);
    }
  }
  return missing;
}

@Injectable()
class AuthDecisionAudit implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit() {
    const missing = routesWithoutAuthDecision(this.discovery, this.scanner, this.reflector);
    if (missing.length > 0) {
      throw new Error(
        `Routes without an auth decision (add @Public(), @MembersOnly(), @ModeratorsOnly(), @AdminsOnly() or @ServiceOnly(), or bind it with @Endpoint): ${missing.join(', ')}`,
      );
    }
  }
}

/** Installs the identity guard for a service and audits every route for an auth decision at boot. */
@Module({})
export class IdentityModule {
  static forService(service: string, publicKey: KeyObject): DynamicModule {
    return {
      module: IdentityModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: IdentityVerifier, useValue: new IdentityVerifier(publicKey, service) },
        { provide: APP_GUARD, useClass: AuthGuard },
        AuthDecisionAudit,
      ],
      exports: [IdentityVerifier],
    };
  }
}
