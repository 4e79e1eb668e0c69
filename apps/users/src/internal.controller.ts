import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ServiceOnly, ZodPipe } from '@mepedia/server-http';
import { z } from 'zod';
import { SessionsService, type ResolvedSession } from './sessions.service';

const ResolveSessionRequest = z.object({ token: z.string().max(256) });

/** Calls from other Mepedia processes. Not under /api, so the gateway never routes a client here. */
@Controller('internal')
export class InternalController {
  constructor(private readonly sessions: SessionsService) {}

  @ServiceOnly()
  @Post('sessions/resolve')
  @HttpCode(200)
  async resolve(
    @Body(new ZodPipe(ResolveSessionRequest)) body: z.infer<typeof ResolveSessionRequest>,
  ): Promise<{ session: ResolvedSession | null }> {
    return { session: await this.sessions.resolve(body.token) };
  }
}
