import { serializeCookie } from '@mepedia/server-http';
import { SESSION_TTL_SECONDS, sessionCookieName } from '@mepedia/server-identity';
import type { FastifyReply } from 'fastify';

/** Sets and clears the session cookie (HttpOnly, Lax; Secure and __Host- in production). */
export class SessionCookies {
  constructor(private readonly production: boolean) {}

  set(reply: FastifyReply, token: string): void {
    void reply.header('set-cookie', this.serialize(token, SESSION_TTL_SECONDS));
  }

  clear(reply: FastifyReply): void {
    void reply.header('set-cookie', this.serialize('', 0));
  }

  private serialize(token: string, maxAgeSeconds: number): string {
    return serializeCookie(sessionCookieName(this.production), token, {
      maxAgeSeconds,
      httpOnly: true,
      secure: this.production,
      sameSite: 'Lax',
      path: '/',
    });
  }
}
