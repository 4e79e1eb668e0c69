import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { UserRow } from './users.schema';
import { UsersService } from './users.service';

/** passport-local: email + password -> the member, or a domain error. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly users: UsersService) {
    super({ usernameField: 'email', passwordField: 'password', session: false });
  }

  validate(email: string, password: string): Promise<UserRow> {
    return this.users.authenticate(email, password);
  }
}
