import { Controller } from '@nestjs/common';
import { circlesRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import { CirclesService } from './circles.service';

type Member = Extract<Identity, { kind: 'member' }>;

/**
 * Circles: `/api/circles/` (our addition, docs/api/circles.md). The owner is always the
 * signed-in member; no call names another member's circle but to leave it.
 */
@Controller()
export class CirclesController {
  constructor(private readonly circles: CirclesService) {}

  @Endpoint(routes.getMyCircle)
  getMyCircle(@CurrentMember() member: Member) {
    return this.circles.myCircle(member.userId);
  }

  /** The email is written in the caller's language when the invitee's is not known. */
  @Endpoint(routes.inviteByEmail)
  inviteByEmail(
    @Input('body') body: In<typeof routes.inviteByEmail, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.circles.inviteByEmail(member.userId, body, member.language);
  }

  @Endpoint(routes.createInvitationLink)
  createInvitationLink(
    @Input('body') body: In<typeof routes.createInvitationLink, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.circles.createLink(member.userId, body);
  }

  @Endpoint(routes.revokeInvitation)
  revokeInvitation(
    @Input('body') body: In<typeof routes.revokeInvitation, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.circles.revoke(member.userId, body.invitationId);
  }

  @Endpoint(routes.removeMember)
  removeMember(
    @Input('body') body: In<typeof routes.removeMember, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.circles.removeMember(member.userId, body.userId);
  }

  @Endpoint(routes.getCirclesImIn)
  getCirclesImIn(@CurrentMember() member: Member) {
    return this.circles.circlesImIn(member.userId);
  }

  @Endpoint(routes.leaveCircle)
  leaveCircle(
    @Input('body') body: In<typeof routes.leaveCircle, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.circles.leave(member.userId, body.ownerId);
  }

  /** Guests too: the invitation's page asks them to register or sign in. */
  @Endpoint(routes.getInvitation)
  getInvitation(@Input('body') body: In<typeof routes.getInvitation, 'body'>) {
    return this.circles.preview(body.token);
  }

  @Endpoint(routes.acceptInvitation)
  acceptInvitation(
    @Input('body') body: In<typeof routes.acceptInvitation, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.circles.accept(member.userId, body.token);
  }
}
