import { AlertCircle } from 'lucide-react';
import { absoluteDateTime } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { Icon } from './icon';
import { LocalizedLink } from './localized-link';

/**
 * Across every page while the member is suspended (issue 35): until when they cannot write, and
 * the way to their decisions (the statement of reasons, the appeal). The write controls that
 * would fail are hidden or say the same (the header's Write, the comment box, Report). Not a
 * live region: it is there when the page is, and says nothing new while it stays.
 */
export function SuspensionBanner({ until }: { until: string }) {
  const { t } = useI18n();
  return (
    <aside className="suspension-banner" aria-label={t('suspension.label')}>
      <Icon icon={AlertCircle} size={20} />
      <p>
        <SuspendedUntil until={until} />{' '}
        <LocalizedLink to="/moderation/decisions">{t('suspension.link')}</LocalizedLink>
      </p>
    </aside>
  );
}

/** "You cannot write until 3 Dec 2026, 14:05.": the banner's words, and a hidden control's. */
export function SuspendedUntil({ until }: { until: string }) {
  const { t, locale } = useI18n();
  return (
    <>
      {richMessage(t, 'suspension.until', {
        // The server and the browser may be in different zones: the browser's is the reader's.
        date: (
          <time dateTime={until} suppressHydrationWarning>
            {absoluteDateTime(until, locale)}
          </time>
        ),
      })}
    </>
  );
}
