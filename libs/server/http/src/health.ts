import { processLifecycle } from '@mepedia/server-config';
import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from './route-metadata';

/** Something the service needs before it can take traffic (its database, say). */
export type ReadinessCheck = { name: string; check: () => Promise<void> };
export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

@Controller('health')
export class HealthController {
  constructor(@Inject(READINESS_CHECKS) private readonly checks: ReadinessCheck[]) {}

  @Public()
  @Get('live')
  @HttpCode(200)
  live() {
    return { status: 'ok' };
  }

  @Public()
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    const results = await Promise.all(
      this.checks.map(async ({ name, check }) => {
        try {
          await check();
          return { name, ok: true };
        } catch {
          return { name, ok: false };
        }
      }),
    );
    // From a SIGTERM on, the process is leaving: not ready, whatever its dependencies say.
    results.push({ name: 'shutdown', ok: !processLifecycle.isStopping });
    const ok = results.every((result) => result.ok);
    void reply.status(ok ? 200 : 503);
    return { status: ok ? 'ok' : 'unavailable', checks: results };
  }
}
