import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { FormError } from '../field';
import { Dialog } from '../ui/dialog';

/**
 * "Block Noa Cohen?" (issue 35): what a block does before it is done. They can no longer comment
 * on or react to the member's stories or follow them; neither sees the other in people, feeds,
 * comments or notifications, and any follow between them ends; they are not told; it can be
 * undone. The native dialog keeps focus inside and Escape cancels; a refusal is said inside, and
 * the dialog stays. Fetched when a member first asks to block (components/follow/block-controls.tsx
 * keeps the state and the call); its strings are the `follow` chunk's, loaded with the profile.
 */
export default function BlockDialog({
  open,
  name,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  open: boolean;
  name: string;
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      title={richMessage(t, 'blocks.confirm.title', { name: <bdi dir="auto">{name}</bdi> })}
      onClose={onClose}
      actions={
        <>
          {/* Not `disabled` while sending: a disabled button loses focus to the page's <body>. */}
          <button
            type="button"
            className="button button-danger"
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {busy ? t('blocks.confirm.blocking') : t('blocks.confirm.block')}
          </button>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('blocks.cancel')}
          </button>
        </>
      }
    >
      <FormError message={failure} />
      <ul className="block-dialog-list">
        <li>{t('blocks.confirm.reach')}</li>
        <li>{t('blocks.confirm.see')}</li>
        <li>{t('blocks.confirm.told')}</li>
      </ul>
      <p className="muted">{t('blocks.confirm.undo')}</p>
    </Dialog>
  );
}
