import { createHash, randomBytes } from 'node:crypto';
import { newId } from '@mepedia/server-database';
import { AppError, parseCookies, serializeCookie } from '@mepedia/server-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VerificationTicketsRepository } from './verification-tickets.repository';

/**
 * How long a pending account lives. Until its phone is verified, an hour from registration (or
 * from a reclaim): long enough for a late SMS, short enough that nobody can hold someone else's
 * number for long. With the phone verified, a day for the email link (its own lifetime).
 * Past its deadline the account is deleted and its email and phone are free again.
 */
export const PENDING_PHONE_SECONDS = 60 * 60;
export const PENDING_EMAIL_SECONDS = 24 * 60 * 60;

export function verificationCookieName(production: boolean): string {
  return production ? '__Host-mepedia_verification' : 'mepedia_verification';
}

const hash = (token: string) => createHash('sha256').update(`ticket:${token}`).digest('hex');

/**
 * The pending-verification calls (send or check a code, change the phone, read the state) act
 * only on the account whose ticket the browser holds: register hands one out, and so does a
 * password-proven login or reset of a pending account. Nobody else can touch or even see it.
 */
export class VerificationTickets {
  constructor(
    private readonly repository: VerificationTicketsRepository,
    private readonly production: boolean,
  ) {}

  /** A new ticket for the member, valid until `until` (the account's deadline), as a cookie. */
  async hand(reply: FastifyReply, userId: string, until: Date, now = new Date()): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await this.repository.insert({
      id: newId(now.getTime()),
      userId,
      tokenHash: hash(token),
      createdAt: now,
      expiresAt: until,
    });
    const seconds = Math.max(1, Math.floor((until.getTime() - now.getTime()) / 1000));
    void reply.header('set-cookie', this.cookie(token, seconds));
  }

  /** The member whose ticket came with the request; VERIFICATION_SESSION_REQUIRED otherwise. */
  async userOf(request: FastifyRequest, now = new Date()): Promise<string> {
    const userId = await this.peek(request, now);
    if (!userId) throw new AppError('VERIFICATION_SESSION_REQUIRED');
    return userId;
  }

  /** The account of the request's live ticket, if it carries one. */
  async peek(request: FastifyRequest, now = new Date()): Promise<string | undefined> {
    // Node joins repeated Cookie headers into one string.
    const cookie = request.headers.cookie;
    const token = parseCookies(typeof cookie === 'string' ? cookie : undefined).get(
      verificationCookieName(this.production),
    );
    return token && /^[\w-]{43}$/.test(token)
      ? await this.repository.userOf(hash(token), now)
      : undefined;
  }

  /** Every ticket of the member ends (the account was reclaimed through its email). */
  async revokeAll(userId: string): Promise<void> {
    await this.repository.deleteOf(userId);
  }

  private cookie(token: string, maxAgeSeconds: number): string {
    return serializeCookie(verificationCookieName(this.production), token, {
      maxAgeSeconds,
      httpOnly: true,
      secure: this.production,
      sameSite: 'Lax',
      path: '/',
    });
  }
}
