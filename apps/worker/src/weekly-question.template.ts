import type { EmailJob } from '@mepedia/contracts';
import type { CatalogueFormatter, NotificationKey } from '@mepedia/messages';
import type { Parts } from './templates';

type WeeklyQuestionJob = Extract<EmailJob, { template: 'weekly-question' }>;

/**
 * The weekly question's email (issue 32): the question's title and prompt as the member reads
 * them (or the member's own private question and its sub-questions), a button to answer it on its page, and the signed links to skip the next one, pause or
 * stop, then the settings. The notifications service wrote the links; this lays them out.
 */
export function weeklyQuestionParts(
  job: WeeklyQuestionJob,
  t: CatalogueFormatter<NotificationKey>,
): Parts {
  const { data } = job;
  // One of the member's own private questions: its words are theirs, each sub-question a line.
  const own = data.kind === 'private';
  return {
    subject: t('weeklyQuestion.subject', { title: data.title }),
    greeting: '',
    paragraphs: own
      ? [
          t('weeklyQuestion.privateIntro'),
          t('weeklyQuestion.privateHeading', { title: data.title }),
          ...data.prompt.split('\n').filter((line) => line.trim().length > 0),
        ]
      : [
          t('weeklyQuestion.intro'),
          t('weeklyQuestion.heading', { index: data.index, title: data.title }),
          data.prompt,
        ],
    action: { label: t('weeklyQuestion.action'), link: data.link },
    links: [
      { label: t('weeklyQuestion.skip'), link: data.skipLink },
      { label: t('weeklyQuestion.pause'), link: data.pauseLink },
      { label: t('weeklyQuestion.stop'), link: data.stopLink },
      { label: t('weeklyQuestion.settings'), link: data.settingsLink },
    ],
  };
}
