import type { EmailJob } from '@mepedia/contracts';
import type { CatalogueFormatter, NotificationKey } from '@mepedia/messages';
import type { Parts } from './templates';

type NotificationJob = Extract<EmailJob, { template: 'notification' }>;
type Item = NotificationJob['data']['items'][number];

/**
 * Member text (a name, a title) set in a sentence of the other direction, isolated (U+2068 …
 * U+2069) so a Hebrew name in an English sentence, or a title ending in a number, reads in its
 * own direction and leaves the sentence's order alone: in the text part and the HTML alike.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

/** A group's sentence as the notifications page says it: "Noa and 3 others reacted to …". */
export function sentenceOf(
  item: Item,
  t: CatalogueFormatter<NotificationKey>,
  wrap: (text: string) => string = isolate,
): string {
  const [first, second] = item.actors;
  const actors = first
    ? t('notifications.actors', {
        others: Math.max(0, item.actorCount - 1),
        first: wrap(first),
        second: second ? wrap(second) : '',
      })
    : t('notifications.someone');
  return t(`notifications.kind.${item.kind}`, {
    actors,
    title: item.title === null ? '' : wrap(item.title),
    count: item.actorCount,
  });
}

/**
 * A notification email (issue 32): one group at once, its sentence the subject; or a digest,
 * its groups each a sentence linking to its place with the words it quotes, then how many more
 * wait on the notifications page. The notifications service chose the groups and wrote the links.
 */
export function notificationParts(
  job: NotificationJob,
  t: CatalogueFormatter<NotificationKey>,
): Parts {
  const { data } = job;
  const items = data.items.map((item) => ({
    text: sentenceOf(item, t),
    quote: item.excerpt,
    link: item.link,
  }));
  const count = data.items.length + data.more;
  const first = data.items[0];
  const subject =
    data.period === 'immediate' && first
      ? // A subject line is shown bare: no isolating marks, which some clients draw as boxes.
        sentenceOf(first, t, (text) => text)
      : t(data.period === 'weekly' ? 'notification.subject.weekly' : 'notification.subject.daily', {
          count,
        });
  return {
    subject,
    greeting: '',
    paragraphs:
      data.period === 'immediate'
        ? []
        : [t(data.period === 'weekly' ? 'notification.intro.weekly' : 'notification.intro.daily')],
    items,
    ...(data.more > 0 ? { after: [t('notification.more', { count: data.more })] } : {}),
    links: [{ label: t('notification.settings'), link: data.settingsLink }],
  };
}
