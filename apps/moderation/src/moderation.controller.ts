import { Controller } from '@nestjs/common';
import { moderationRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, CurrentMember, type Identity } from '@mepedia/server-identity';
import { ModerationService } from './moderation.service';

type Member = Extract<Identity, { kind: 'member' }>;

/**
 * Trust and safety: `/api/moderation/` (our addition, docs/api/moderation.md). Who may call
 * each route is the route table's (`auth`): members report, anyone sends a notice, moderators
 * decide, admins read the audit log. The reporter, author or moderator is always the caller.
 */
@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @Endpoint(routes.report)
  report(@Input('body') body: In<typeof routes.report, 'body'>, @CurrentMember() member: Member) {
    return this.moderation.report({ userId: member.userId, language: member.language }, body);
  }

  @Endpoint(routes.notice)
  notice(
    @Input('body') body: In<typeof routes.notice, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    const member = identity.kind === 'member' ? identity : undefined;
    return this.moderation.notice(
      { userId: member?.userId ?? null, language: body.language ?? member?.language ?? 'en' },
      body,
    );
  }

  @Endpoint(routes.getMyReports)
  getMyReports(
    @Input('body') body: In<typeof routes.getMyReports, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.moderation.myReports(member.userId, body.cursor, body.limit);
  }

  @Endpoint(routes.getMyDecisions)
  getMyDecisions(
    @Input('body') body: In<typeof routes.getMyDecisions, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.moderation.myDecisions(member.userId, body.cursor, body.limit);
  }

  @Endpoint(routes.appeal)
  appeal(@Input('body') body: In<typeof routes.appeal, 'body'>, @CurrentMember() member: Member) {
    return this.moderation.appeal(member.userId, body.decisionId, body.words);
  }

  @Endpoint(routes.getQueue)
  getQueue(@Input('body') body: In<typeof routes.getQueue, 'body'>) {
    return this.moderation.queuePage(body.status, body.cursor, body.limit);
  }

  @Endpoint(routes.getCase)
  getCase(@Input('body') body: In<typeof routes.getCase, 'body'>) {
    return this.moderation.caseDetail(body.caseId);
  }

  @Endpoint(routes.decide)
  decide(@Input('body') body: In<typeof routes.decide, 'body'>, @CurrentMember() member: Member) {
    return this.moderation.decide(member.userId, body);
  }

  @Endpoint(routes.getAppeals)
  getAppeals(@Input('body') body: In<typeof routes.getAppeals, 'body'>) {
    return this.moderation.openAppeals(body.cursor, body.limit);
  }

  @Endpoint(routes.decideAppeal)
  decideAppeal(
    @Input('body') body: In<typeof routes.decideAppeal, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.moderation.decideAppeal(member.userId, body);
  }

  @Endpoint(routes.getAuditLog)
  getAuditLog(@Input('body') body: In<typeof routes.getAuditLog, 'body'>) {
    return this.moderation.auditLog(body.cursor, body.limit);
  }

  @Endpoint(routes.getTransparency)
  getTransparency() {
    return this.moderation.transparency();
  }
}
