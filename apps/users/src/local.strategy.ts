import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import type { UserRow } from './users.schema';
import { UsersService } from './users.service';

/** passport-local: email + password -> the member, or a domain error. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly users: UsersService) {
    super({
      usernameField: 'email',
      passwordField: 'password',
      session: false,
      passReqToCallback: true,
    });
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<UserRow> {
    return this.users.authenticate(email, password, {
      ip: request.clientIp ?? request.ip,
      requestId: String(request.id),
    });
  }
}
