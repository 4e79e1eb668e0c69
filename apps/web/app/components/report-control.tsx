import type { ModeratedItemKind } from '@mepedia/contracts';
import { Flag } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n';
import { useRootData } from '../root';
import { Icon } from './icon';
import { LocalizedLink } from './localized-link';

// A shared part, so in the shell with its three strings (the interface's `report.*`): a post, a
// profile and the self-interview show it without one script more. The dialog, its form
// (react-hook-form and the contract's schema, so zod) and its strings are fetched when a member
// first asks to report, never with the reading page that shows the button.
const ReportDialog = lazy(() => import('./moderation/report-dialog'));

export type ReportTarget = {
  kind: ModeratedItemKind;
  itemId: string;
  /** Whose it is (a post's author, a comment's, the profile's member); null when unknown. */
  ownerId: string | null;
  /** The author's name, for the control's name ("Report the comment by Noa"). */
  name?: string;
};

/** Where a guest's notice of illegal content about an item is sent from (routes/moderation-notice.tsx). */
export function noticePath(kind: ModeratedItemKind, itemId: string): string {
  return `/moderation/notice?kind=${kind}&id=${encodeURIComponent(itemId)}`;
}

/**
 * Report a post, a comment, an answer or a profile (issue 35). A member who is not its owner gets
 * a Report button that opens the dialog; a guest a quiet link to the notice of illegal content,
 * which anyone may send. Nothing for the owner (reporting one's own is refused), nor for a
 * suspended member (the banner says why): never a control that cannot work.
 */
export function ReportControl({
  target,
  className = 'button button-secondary',
  linkClassName = 'report-link',
}: {
  target: ReportTarget;
  className?: string;
  linkClassName?: string;
}) {
  const { t } = useI18n();
  const user = useRootData()?.user ?? null;
  const [open, setOpen] = useState(false);
  // Once asked for, the dialog stays drawn: closing it then hands focus back to this button.
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  if (!user)
    return (
      <LocalizedLink
        className={linkClassName}
        to={noticePath(target.kind, target.itemId)}
        rel="nofollow"
      >
        {t('report.illegal')}
      </LocalizedLink>
    );
  if (user.id === target.ownerId || user.suspendedUntil) return null;
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={t('report.actionOf', { kind: target.kind, name: target.name ?? '' })}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Icon icon={Flag} size={18} />
        <span aria-hidden="true">{t('report.action')}</span>
      </button>
      {asked && (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            kind={target.kind}
            itemId={target.itemId}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
