import type { Decision, ModeratedItem } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { AlertCircle, type LucideIcon } from 'lucide-react';
import { Fragment, useRef, type ReactNode } from 'react';
import { data, useLocation } from 'react-router';
import {
  moderationMessages,
  registerMessages,
  reportMessages,
  splitLocale,
} from '@mepedia/web-i18n';
import { absoluteDate, absoluteDateTime } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import { mayModerate } from '../../lib/navigation';
import { useRootData } from '../../root';
import { EmptyState } from '../empty-state';
import { LocalizedLink } from '../localized-link';
import { useFocusOnNew } from '../show-more';

// Its words: the reasons' names are the Report dialog's (report.*), the rest moderation's.
registerMessages(reportMessages);
registerMessages(moderationMessages);

// The parts the moderation pages share (issue 35): the moderators' navigation, an item as the
// service last heard of it, a decision with its statement, and how a loader reads as a moderator.

/**
 * A loader's read of a moderator's (or a member's own) page: a guest's 401 stays 401 (the root's
 * guard sends them to sign in), a member without the role gets the 404 page (the page does not
 * exist for them), an id that cannot be one or names nothing is 404 too. Any other failure is
 * left to the page, which asks again in the browser (false).
 */
export async function readAsModerator(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 401) throw data(null, { status: 401 });
    if (error.status === 403 || error.status === 404 || error.status === 400)
      throw data(null, { status: 404 });
    return false;
  }
}

/** The moderators' pages: the queue, appeals, and for admins the audit log. */
export function ModerationNav() {
  const { t } = useI18n();
  const roles = useRootData()?.user?.roles ?? [];
  const path = splitLocale(useLocation().pathname).path;
  const links = [
    { to: '/moderation', label: t('moderation.nav.queue'), current: path === '/moderation' },
    {
      to: '/moderation/appeals',
      label: t('moderation.nav.appeals'),
      current: path === '/moderation/appeals',
    },
    ...(roles.includes('admin')
      ? [
          {
            to: '/moderation/audit',
            label: t('moderation.nav.audit'),
            current: path === '/moderation/audit',
          },
        ]
      : []),
  ];
  if (!mayModerate(roles)) return null;
  return (
    <nav className="moderation-nav" aria-label={t('moderation.nav')}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <LocalizedLink to={link.to} aria-current={link.current ? 'page' : undefined}>
              {link.label}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Where an item is read on this site, when it has an address of its own. */
export function itemPath(item: Pick<ModeratedItem, 'kind' | 'itemId' | 'ownerId' | 'subjectId'>) {
  if (item.kind === 'post') return `/post/${item.itemId}`;
  if (item.kind === 'profile') return `/profile/${item.itemId}`;
  // A comment on a post is read on the post's page, at the comment.
  if (item.kind === 'comment' && item.subjectId) return `/post/${item.subjectId}`;
  return null;
}

/**
 * An item's words as the service last heard of them: its title and the start of its text, each
 * plain text in its own direction (member text: `dir="auto"`), never HTML.
 */
export function ItemText({ item }: { item: ModeratedItem }) {
  const { t } = useI18n();
  return (
    <div className="moderation-item-text">
      {item.title && (
        <p className="moderation-item-title" dir="auto">
          {item.title}
        </p>
      )}
      {item.excerpt ? (
        <p className="moderation-excerpt" dir="auto">
          {item.excerpt}
        </p>
      ) : (
        !item.title && <p className="muted">{t('moderation.noText')}</p>
      )}
    </div>
  );
}

/** The owner's name, in its own direction (a member who left has none). */
export function OwnerName({ item }: { item: Pick<ModeratedItem, 'ownerName'> }) {
  const { t } = useI18n();
  return item.ownerName ? (
    <bdi dir="auto">{item.ownerName}</bdi>
  ) : (
    <>{t('moderation.formerMember')}</>
  );
}

/** A list's description terms and details, in a grid that reads well in both directions. */
export function Facts({ rows }: { rows: ReadonlyArray<[label: string, value: ReactNode] | null> }) {
  return (
    <dl className="moderation-facts">
      {rows.map((row) =>
        row ? (
          <div key={row[0]}>
            <dt>{row[0]}</dt>
            <dd>{row[1]}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/**
 * A decision as its author and the moderators read it: what, under which rule, how it was
 * decided, when, the moderator's statement (their own words, in their direction), and the end of
 * a suspension.
 */
export function DecisionFacts({ decision }: { decision: Decision }) {
  const { t, locale } = useI18n();
  return (
    <Facts
      rows={[
        [
          t('moderation.decision.rule'),
          decision.rule ? t(`report.reason.${decision.rule}`) : t('moderation.decision.noRule'),
        ],
        [
          t('moderation.decision.how'),
          decision.automatic
            ? t('moderation.decision.automatic', { heldFor: decision.heldFor ?? 'reports' })
            : t('moderation.decision.byModerator'),
        ],
        [
          t('moderation.decision.date'),
          <time key="date" dateTime={decision.decidedAt}>
            {absoluteDate(decision.decidedAt, locale)}
          </time>,
        ],
        decision.suspendedUntil
          ? [
              t('moderation.decision.until'),
              <time key="until" dateTime={decision.suspendedUntil} suppressHydrationWarning>
                {absoluteDateTime(decision.suspendedUntil, locale)}
              </time>,
            ]
          : null,
        [
          t('moderation.decision.statement'),
          <span key="statement" className="moderation-statement" dir="auto">
            {decision.statement}
          </span>,
        ],
      ]}
    />
  );
}

/** A list that could not be read: says so, with a way to try again. */
export function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useI18n();
  return (
    <EmptyState
      icon={AlertCircle}
      title={t('moderation.loadFailed')}
      action={
        <button type="button" className="button" onClick={retry}>
          {t('moderation.retry')}
        </button>
      }
    />
  );
}

/** "Show more" under a list read by cursor. */
export function ShowMore({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useI18n();
  return (
    <p className="actions">
      <button
        type="button"
        className="button button-secondary"
        aria-busy={busy}
        // Not disabled while busy: the button keeps the focus until the new rows take it.
        onClick={() => {
          if (!busy) onClick();
        }}
      >
        {t('moderation.more')}
      </button>
    </p>
  );
}

/** A page's items, each once (a row that moved between pages while paging is shown once). */
function itemsOfPages<P, T>(
  pages: readonly P[] | undefined,
  itemsOf: (page: P) => readonly T[],
  keyOf: (item: T) => string,
): T[] {
  return [...new Map((pages ?? []).flatMap(itemsOf).map((item) => [keyOf(item), item])).values()];
}

/**
 * A list the moderation pages read by cursor: its rows, what it says when it is empty or could
 * not be read, and "Show more", which hands the focus to the first new row.
 */
export function PagedList<P, T>({
  list,
  itemsOf,
  keyOf,
  render,
  empty,
}: {
  list: UseInfiniteQueryResult<InfiniteData<P>>;
  itemsOf: (page: P) => readonly T[];
  keyOf: (item: T) => string;
  /** One row: an `<li>`. */
  render: (item: T) => ReactNode;
  empty: { icon: LucideIcon; title: string };
}) {
  const items = itemsOfPages(list.data?.pages, itemsOf, keyOf);
  const listRef = useRef<HTMLOListElement>(null);
  const focusOnNew = useFocusOnNew(listRef, items.length);
  return (
    <>
      {list.isError && !list.data ? (
        <LoadFailed retry={() => void list.refetch()} />
      ) : list.data && items.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} />
      ) : (
        <ol className="moderation-list" ref={listRef}>
          {items.map((item) => (
            <Fragment key={keyOf(item)}>{render(item)}</Fragment>
          ))}
        </ol>
      )}
      {list.hasNextPage && (
        <ShowMore
          busy={list.isFetchingNextPage}
          onClick={() =>
            void focusOnNew(
              items.length,
              list
                .fetchNextPage()
                .then((result) => itemsOfPages(result.data?.pages, itemsOf, keyOf).length),
            )
          }
        />
      )}
    </>
  );
}
