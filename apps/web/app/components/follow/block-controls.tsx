import type { BlockState } from '@mepedia/contracts';
import { blockEdits, blockQueries, type BlockChange } from '@mepedia/web-api/queries';
import { blocksMessages, registerMessages, type MessageKey } from '@mepedia/web-i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, BellOff, Bell, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refusalWords } from '../../lib/refusal';
import { richMessage } from '../../lib/rich-message';
import { useRootData } from '../../root';
import { FormError } from '../field';
import { Icon } from '../icon';

// With the `follow` chunk (apps/web/vite.config.ts), which a profile loads already.
registerMessages(blocksMessages);

// The confirmation is fetched when a member first asks to block, never with the profile.
const BlockDialog = lazy(() => import('../blocks/block-dialog'));

type Member = { id: string; name: string };

/** What each change says once it is done. */
const SAID: Record<BlockChange, MessageKey> = {
  block: 'blocks.said.blocked',
  unblock: 'blocks.said.unblocked',
  mute: 'blocks.said.muted',
  unmute: 'blocks.said.unmuted',
};

/**
 * Where the signed-in reader stands with `memberId` (blocked, muted), or undefined while it is
 * not known and for anyone it does not concern (a guest, the member themselves). Read from the
 * reader's lists (`blockQueries.state`; the profile's loader puts it in the cache).
 */
export function useBlockState(memberId: string): BlockState | undefined {
  const api = useApi();
  const readerId = useRootData()?.user?.id ?? null;
  return useQuery({
    ...blockQueries.state(api, readerId ?? '', memberId),
    enabled: readerId !== null && readerId !== memberId,
  }).data;
}

/**
 * Block and Mute on another member's profile (issue 35), for a signed-in reader only: "Block" /
 * "Unblock" and "Mute" / "Unmute", each named with the member (the visible word first). Blocking
 * asks first, saying what it does (the dialog is its own import); the rest is done at once.
 * What was done is said in a polite live region under the buttons; a refusal is the error
 * catalogue's words for its code in the page's language, as an alert. Neither is told to the
 * member. The buttons wait while the reader's state is not known, and while a change is on its
 * way (focusable, so focus stays on them).
 */
export function BlockControls({ member }: { member: Member }) {
  const readerId = useRootData()?.user?.id ?? null;
  if (!readerId || readerId === member.id) return null;
  return <Toggles member={member} readerId={readerId} />;
}

function Toggles({ member, readerId }: { member: Member; readerId: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const state = useQuery(blockQueries.state(api, readerId, member.id)).data;
  const change = useMutation(blockEdits.change(api, queryClient, readerId, member.id));
  const [said, setSaid] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The confirmation: asked for once, then kept drawn, so closing it hands focus back.
  const [asked, setAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [dialogFailure, setDialogFailure] = useState<string | null>(null);
  const blockButton = useRef<HTMLButtonElement>(null);
  const name = <bdi dir="auto">{member.name}</bdi>;

  /** Sends one change; says what it did, or why not (`into`: where the refusal is said). */
  async function run(kind: BlockChange, into: (words: string) => void): Promise<boolean> {
    setSaid(null);
    setFailure(null);
    setDialogFailure(null);
    try {
      await change.mutateAsync(kind);
      setSaid(richMessage(t, SAID[kind], { name }));
      return true;
    } catch (error) {
      into(await refusalWords(error, locale, t('blocks.failed')));
      return false;
    }
  }

  const onBlock = () => {
    if (!state || change.isPending) return;
    if (state.blocked) {
      void run('unblock', setFailure);
      return;
    }
    setSaid(null);
    setFailure(null);
    setDialogFailure(null);
    setAsked(true);
    setConfirming(true);
  };
  const onMute = () => {
    if (!state || change.isPending) return;
    void run(state.muted ? 'unmute' : 'mute', setFailure);
  };

  return (
    <div className="block-controls">
      <div className="block-buttons">
        <button
          type="button"
          className="button button-ghost"
          aria-label={t(state?.muted ? 'blocks.unmuteNamed' : 'blocks.muteNamed', {
            name: member.name,
          })}
          disabled={!state}
          aria-disabled={change.isPending || undefined}
          onClick={onMute}
        >
          <Icon icon={state?.muted ? Bell : BellOff} size={18} />
          <span aria-hidden="true">{t(state?.muted ? 'blocks.unmute' : 'blocks.mute')}</span>
        </button>
        <button
          ref={blockButton}
          type="button"
          className="button button-ghost"
          aria-label={t(state?.blocked ? 'blocks.unblockNamed' : 'blocks.blockNamed', {
            name: member.name,
          })}
          aria-haspopup={state?.blocked ? undefined : 'dialog'}
          disabled={!state}
          aria-disabled={change.isPending || undefined}
          onClick={onBlock}
        >
          <Icon icon={state?.blocked ? ShieldCheck : Ban} size={18} />
          <span aria-hidden="true">{t(state?.blocked ? 'blocks.unblock' : 'blocks.block')}</span>
        </button>
      </div>
      <p className="block-said muted" role="status">
        {said}
      </p>
      <FormError message={failure} />
      {asked && (
        <Suspense fallback={null}>
          <BlockDialog
            open={confirming}
            name={member.name}
            busy={change.isPending}
            failure={dialogFailure}
            onConfirm={() => {
              if (change.isPending) return;
              void run('block', setDialogFailure).then((done) => {
                if (done) setConfirming(false);
              });
            }}
            onClose={() => {
              setConfirming(false);
              blockButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
