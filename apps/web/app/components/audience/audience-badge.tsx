import type { Audience } from '@mepedia/contracts';
import type { MessageKey } from '@mepedia/web-i18n';
import { Lock, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import { Icon } from '../icon';

type Narrower = Exclude<Audience, 'public'>;

const ICONS: Record<Narrower, LucideIcon> = { private: Lock, circle: Users, members: UserCheck };

/** The reader's own item says "Only me", "My circle"; someone else's says whose it is. */
const OWN: Record<Narrower, MessageKey> = {
  private: 'audience.badge.private',
  circle: 'audience.badge.circle',
  members: 'audience.badge.members',
};
const THEIRS: Record<Narrower, MessageKey> = {
  private: 'audience.badge.theirPrivate',
  circle: 'audience.badge.theirCircle',
  members: 'audience.badge.members',
};

/**
 * Who may read a post or an answer, when that is not everyone (issue 34): a small chip with an
 * icon and a word ("Only me", "My circle", "Members"), read as "Who can read it: My circle".
 * Nothing for a public item, the usual case. `own`: the reader wrote it (a circle member reading
 * someone else's circle post reads "Circle only", not "My circle").
 */
export function AudienceBadge({ audience, own }: { audience: Audience; own: boolean }) {
  const { t } = useI18n();
  if (audience === 'public') return null;
  return (
    <span className={`audience-badge audience-badge-${audience}`}>
      <Icon icon={ICONS[audience]} size={14} />
      <span className="visually-hidden">{t('audience.badge.label')} </span>
      {t((own ? OWN : THEIRS)[audience])}
    </span>
  );
}
