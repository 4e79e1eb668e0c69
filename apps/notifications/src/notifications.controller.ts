import { Controller, Req, Res } from '@nestjs/common';
import { notificationsRoutes as routes } from '@mepedia/contracts';
import { Endpoint, EventStream, Input, requestLanguage, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotificationStreams } from './notification-streams';
import { NotificationsService } from './notifications.service';

type Member = Extract<Identity, { kind: 'member' }>;

/**
 * The member's notifications: `/api/notifications/` (our addition, docs/api/notifications.md).
 * Always the signed-in member's own: no call names a recipient.
 */
@Controller()
export class NotificationsController {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly streams: NotificationStreams,
  ) {}

  @Endpoint(routes.getNotifications)
  getNotifications(
    @Input('body') body: In<typeof routes.getNotifications, 'body'>,
    @Req() request: FastifyRequest,
    @CurrentMember() member: Member,
  ) {
    return this.notifications.list(
      member.userId,
      requestLanguage(request, member.language),
      body.cursor,
      body.limit,
    );
  }

  @Endpoint(routes.getUnreadCount)
  getUnreadCount(@CurrentMember() member: Member) {
    return this.notifications.unreadCount(member.userId);
  }

  @Endpoint(routes.markRead)
  markRead(
    @Input('body') body: In<typeof routes.markRead, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.notifications.markRead(member.userId, body.id);
  }

  @Endpoint(routes.markAllRead)
  markAllRead(
    @Input('body') body: In<typeof routes.markAllRead, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.notifications.markAllRead(member.userId, body.upTo);
  }

  /**
   * Server-sent events: the answer stays open until the member leaves or its lifetime ends. Once
   * the stream is ready, `respond` takes the answer from Fastify (EventStream says why); until
   * then a failure is answered as any other.
   */
  @Endpoint(routes.notificationStream)
  async notificationStream(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentMember() member: Member,
  ): Promise<void> {
    const stream = new EventStream(request, reply);
    try {
      await this.streams.open(member.userId, requestLanguage(request, member.language), stream);
    } catch (error) {
      stream.close();
      throw error;
    }
    // Whatever happens to the connection now ends the stream, never the process.
    stream.respond();
  }
}
