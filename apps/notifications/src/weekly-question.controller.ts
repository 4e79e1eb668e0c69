import { Controller } from '@nestjs/common';
import { weeklyQuestionRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentMember, type Identity } from '@mepedia/server-identity';
import { WeeklyQuestionService } from './weekly-question.service';

type Member = Extract<Identity, { kind: 'member' }>;

/**
 * The weekly question: `/api/weeklyQuestion/` (our addition, docs/api/notifications.md). Every
 * member route acts on the caller's own settings; `byLink` on the signed token's member.
 */
@Controller()
export class WeeklyQuestionController {
  constructor(private readonly weekly: WeeklyQuestionService) {}

  @Endpoint(routes.getWeeklyQuestion)
  get(@CurrentMember() member: Member) {
    return this.weekly.settings(member.userId);
  }

  @Endpoint(routes.scheduleWeeklyQuestion)
  schedule(
    @Input('body') body: In<typeof routes.scheduleWeeklyQuestion, 'body'>,
    @CurrentMember() member: Member,
  ) {
    return this.weekly.schedule(member.userId, body, member.language);
  }

  @Endpoint(routes.pauseWeeklyQuestion)
  pause(@CurrentMember() member: Member) {
    return this.weekly.pause(member.userId);
  }

  @Endpoint(routes.resumeWeeklyQuestion)
  resume(@CurrentMember() member: Member) {
    return this.weekly.resume(member.userId);
  }

  @Endpoint(routes.skipWeeklyQuestion)
  skip(@CurrentMember() member: Member) {
    return this.weekly.skip(member.userId);
  }

  @Endpoint(routes.stopWeeklyQuestion)
  stop(@CurrentMember() member: Member) {
    return this.weekly.stop(member.userId);
  }

  @Endpoint(routes.weeklyQuestionByLink)
  byLink(@Input('body') body: In<typeof routes.weeklyQuestionByLink, 'body'>) {
    return this.weekly.byLink(body.token);
  }
}
