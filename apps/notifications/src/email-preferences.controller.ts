import { Controller } from '@nestjs/common';
import { emailPreferencesRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import { EmailPreferencesService } from './email-preferences.service';

type Member = Extract<Identity, { kind: 'member' }>;

/**
 * Notifications by email (our addition, docs/api/notifications.md): the member's routes act on
 * the caller's own choices; the unsubscribe routes on the signed token's member and kind.
 */
@Controller()
export class EmailPreferencesController {
  constructor(private readonly preferences: EmailPreferencesService) {}

  @Endpoint(routes.getEmailPreferences)
  get(@CurrentMember() member: Member) {
    return this.preferences.preferences(member.userId);
  }

  @Endpoint(routes.setEmailPreferences)
  set(
    @Input('body') body: In<typeof routes.setEmailPreferences, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.preferences.change(member.userId, body);
  }

  /** RFC 8058's one-click POST: the token in the address, the form body (if any) not read. */
  @Endpoint(routes.unsubscribeOneClick)
  oneClick(@Input('query') query: In<typeof routes.unsubscribeOneClick, 'query'>) {
    return this.preferences.unsubscribe(query.token);
  }

  @Endpoint(routes.unsubscribeByLink)
  byLink(@Input('body') body: In<typeof routes.unsubscribeByLink, 'body'>) {
    return this.preferences.unsubscribe(body.token);
  }
}
