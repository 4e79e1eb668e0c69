import { Controller } from '@nestjs/common';
import { feedMessagesRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import { FeedMessagesService } from './feed-messages.service';

type Member = Extract<Identity, { kind: 'member' }>;

// Anyone reads a discussion, except a private post's or answer's, which is its owner's alone;
// writing, liking, editing and deleting need a member, and editing and deleting only the
// member's own messages (the service checks both).
@Controller()
export class FeedMessagesController {
  constructor(private readonly messages: FeedMessagesService) {}

  /** `randomIdentifier` is accepted and ignored: a message is the signed-in member's. */
  @Endpoint(routes.sendMessage)
  sendMessage(
    @Input('body') body: In<typeof routes.sendMessage, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.messages.send(member.userId, body);
  }

  @Endpoint(routes.editMessage)
  editMessage(
    @Input('body') body: In<typeof routes.editMessage, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.messages.edit(member.userId, body);
  }

  @Endpoint(routes.getMessages)
  getMessages(
    @Input('body') body: In<typeof routes.getMessages, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.messages.page(body, identity.kind === 'member' ? identity.userId : undefined);
  }

  @Endpoint(routes.getNumberOfMessages)
  getNumberOfMessages(
    @Input('params', 'id') id: In<typeof routes.getNumberOfMessages, 'params'>['id'],
    @CurrentIdentity() identity: Identity,
  ) {
    return this.messages.count(id, identity.kind === 'member' ? identity.userId : undefined);
  }

  @Endpoint(routes.getMessageCounts)
  getMessageCounts(
    @Input('body') body: In<typeof routes.getMessageCounts, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.messages.counts(body.ids, identity.kind === 'member' ? identity.userId : undefined);
  }

  @Endpoint(routes.like)
  like(@Input('body') body: In<typeof routes.like, 'body'>, @CurrentMember() member: Member) {
    return this.messages.like(body.id, member.userId);
  }

  /** `id` is the message, `id2` its room (or post) id: a mismatch is MESSAGE_NOT_FOUND. */
  @Endpoint(routes.deleteMessage)
  deleteMessage(
    @Input('params', 'id') id: In<typeof routes.deleteMessage, 'params'>['id'],
    @Input('params', 'id2') id2: In<typeof routes.deleteMessage, 'params'>['id2'],
    @CurrentMember() member: Member,
  ) {
    return this.messages.delete(member.userId, id, id2);
  }
}
