import type { MyBlocks } from '@mepedia/contracts';
import { blockEdits, blockQueries, type BlockChange } from '@mepedia/web-api/queries';
import { blocksMessages, registerMessages, type MessageKey } from '@mepedia/web-i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useApi } from '../../lib/api';
import { absoluteDate } from '../../lib/dates';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { EmptyState } from '../empty-state';
import { FormError } from '../field';
import { LocalizedLink } from '../localized-link';
import { Skeleton } from '../ui/skeleton';

registerMessages(blocksMessages);

type Which = 'blocked' | 'muted';

const WORDS: Record<
  Which,
  {
    title: MessageKey;
    empty: MessageKey;
    since: MessageKey;
    undo: MessageKey;
    undoNamed: MessageKey;
    said: MessageKey;
    change: BlockChange;
  }
> = {
  blocked: {
    title: 'blocks.blocked.title',
    empty: 'blocks.blocked.empty',
    since: 'blocks.blocked.since',
    undo: 'blocks.unblock',
    undoNamed: 'blocks.unblockNamed',
    said: 'blocks.said.unblocked',
    change: 'unblock',
  },
  muted: {
    title: 'blocks.muted.title',
    empty: 'blocks.muted.empty',
    since: 'blocks.muted.since',
    undo: 'blocks.unmute',
    undoNamed: 'blocks.unmuteNamed',
    said: 'blocks.said.unmuted',
    change: 'unmute',
  },
};

/**
 * The settings' "Blocked and muted" tab (issue 35): the people the member blocks, then those they
 * mute, newest first, each with their name (a link to their profile), since when, and Unblock or
 * Unmute (done at once: nothing is lost, and it can be done again from their profile). What was
 * done is said in each list's polite live region; a refusal is the error catalogue's words for its
 * code in the page's language; the row's button going with the row, focus goes to the list's
 * heading. Reads `blockQueries.mine`; each change goes through `blockEdits.change`, which takes
 * the row out at once and reads the lists again behind.
 */
export function BlocksSection({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const api = useApi();
  const lists = useQuery(blockQueries.mine(api, memberId));
  return (
    <div className="blocks-settings">
      <p className="muted">{t('blocks.intro')}</p>
      {lists.isPending ? (
        <div aria-busy="true" className="circle-loading">
          <p className="visually-hidden" role="status">
            {t('blocks.loading')}
          </p>
          <Skeleton />
          <Skeleton shape="short" />
        </div>
      ) : lists.isError ? (
        <EmptyState
          icon={AlertCircle}
          title={t('blocks.loadFailed')}
          headingLevel={3}
          action={
            <button type="button" className="button" onClick={() => void lists.refetch()}>
              {t('blocks.retry')}
            </button>
          }
        />
      ) : (
        <>
          <BlockList memberId={memberId} which="blocked" lists={lists.data} />
          <BlockList memberId={memberId} which="muted" lists={lists.data} />
        </>
      )}
    </div>
  );
}

function BlockList({
  memberId,
  which,
  lists,
}: {
  memberId: string;
  which: Which;
  lists: MyBlocks;
}) {
  const { t, locale } = useI18n();
  const words = WORDS[which];
  const [said, setSaid] = useState<ReactNode>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // After the render that took the row out (its button with it).
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) heading.current?.focus();
  }, [refocus]);
  const members = lists[which];
  const titleId = `blocks-${which}-title`;
  return (
    <section className="circle-part" aria-labelledby={titleId}>
      <h3 id={titleId} ref={heading} tabIndex={-1}>
        {t(words.title)}
      </h3>
      <p className="circle-said" role="status">
        {said}
      </p>
      <FormError message={failure} />
      {members.length === 0 ? (
        <p className="muted">{t(words.empty)}</p>
      ) : (
        <ul className="circle-list">
          {members.map((member) => (
            <li key={member.userId} className="circle-row">
              <LocalizedLink className="circle-person" to={`/profile/${member.userId}`}>
                <bdi dir="auto" className="circle-row-name">
                  {member.fullname}
                </bdi>
              </LocalizedLink>
              <p className="circle-row-meta muted">
                {t(words.since, { date: absoluteDate(member.since, locale) })}
              </p>
              <UndoButton
                memberId={memberId}
                userId={member.userId}
                label={t(words.undo)}
                name={t(words.undoNamed, { name: member.fullname })}
                change={words.change}
                onStart={() => {
                  setSaid(null);
                  setFailure(null);
                }}
                onDone={() => {
                  setSaid(
                    richMessage(t, words.said, { name: <bdi dir="auto">{member.fullname}</bdi> }),
                  );
                  setRefocus((turn) => turn + 1);
                }}
                onRefused={(error) => setFailure(describeApiError(error, locale).message)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Unblock or Unmute one member: its own call, so two rows may be undone one after the other. */
function UndoButton({
  memberId,
  userId,
  label,
  name,
  change,
  onStart,
  onDone,
  onRefused,
}: {
  memberId: string;
  userId: string;
  label: string;
  name: string;
  change: BlockChange;
  onStart: () => void;
  onDone: () => void;
  onRefused: (error: unknown) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const undo = useMutation(blockEdits.change(api, queryClient, memberId, userId));
  return (
    <button
      type="button"
      className="button button-secondary"
      aria-label={name}
      aria-disabled={undo.isPending || undefined}
      aria-busy={undo.isPending || undefined}
      onClick={() => {
        if (undo.isPending) return;
        onStart();
        // Its promise, not mutate's callbacks: the row (and this button) goes with the answer.
        void undo.mutateAsync(change).then(onDone, onRefused);
      }}
    >
      {label}
    </button>
  );
}
