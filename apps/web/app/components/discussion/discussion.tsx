import type { FeedMessage, MemberName } from '@mepedia/contracts';
import { FEED_MESSAGE_MAX, withoutInvisibleControls } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import {
  discussionMutations,
  discussionQueries,
  type DiscussionPages,
} from '@mepedia/web-api/queries';
import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useApi } from '../../lib/api';
import { absoluteDate, numberFormat, relativeDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import { useLeaveGuard, type LeaveWords } from '../../lib/leave-guard';
import { isSaidRefusal, refusalWords } from '../../lib/refusal';
import { richMessage } from '../../lib/rich-message';
import { textLang } from '../../lib/text-lang';
import { useRootData } from '../../root';
import { Avatar } from '../avatar';
import { Icon } from '../icon';
import { TranslateButton, useMachineTranslation } from '../machine-translation';
import { LocalizedLink } from '../localized-link';
import { OwnModeration } from '../own-moderation';
import { ReportControl } from '../report-control';
import { SignInPrompt } from '../sign-in-prompt';
import { SuspendedUntil } from '../suspension-banner';
import { useToasts } from '../toasts';
import { Dialog } from '../ui/dialog';
import { commentDrafts, draftKey, type DraftTarget } from './drafts';
import { linkify } from './linkify';
import {
  authorsIn,
  countOf,
  likedIn,
  messagesOf,
  replaced,
  withComment,
  withDeletedComment,
  withDeletedReply,
  withEdited,
  withLike,
  withoutComment,
  withReply,
} from './state';
import { useCommentDraft } from './use-comment-draft';

/** Codes that mean "sign in first": the prompt, not an error toast. */
const SIGN_IN_FIRST = new Set(['MUST_BE_LOGGED_IN', 'AUTH_REQUIRED']);

/** Code points, as the service counts them: a Hebrew letter or an emoji is one. */
const lengthOf = (text: string) => [...text.trim()].length;

/** A comment on its way: shown at once, without actions, until the service has it. */
const STAND_IN = 'sending:';
const isStandIn = (message: FeedMessage) => message.messageId.startsWith(STAND_IN);

/** Leaving with unsent text: its draft is kept, and the question says so. */
const LEAVE_WORDS: LeaveWords = {
  title: 'discussion.leave.title',
  text: 'discussion.leave.text',
  stay: 'discussion.leave.stay',
  go: 'discussion.leave.go',
};

/** How a reply or edit box came to be open: by the member's click (it takes focus) or a draft. */
type Opened = false | 'asked' | 'draft';

type Actions = {
  me: string | null;
  /** The member may not write now (suspended): no reply, edit or delete to offer. */
  suspended: boolean;
  authorOf: (message: FeedMessage) => MemberName | undefined;
  liked: (messageId: string) => boolean;
  onLike: (message: FeedMessage) => void;
  onEdit: (message: FeedMessage, text: string) => Promise<boolean>;
  onDelete: (message: FeedMessage) => void;
  onReply: (parent: FeedMessage, text: string) => Promise<boolean>;
  onShowReplies: (parent: FeedMessage) => void;
  onHideReplies: (parent: FeedMessage) => void;
  /** Whether a comment's thread is open. */
  open: (parentId: string) => boolean;
  guestPrompt: string | null;
  setGuestPrompt: (messageId: string | null) => void;
  /** A translation provider is configured: comments in another language offer Translate. */
  translatable: boolean;
  /** The key a box's draft is kept under (null for a guest: nothing is kept). */
  draftKey: (target: DraftTarget) => string | null;
  /** The keys of the member's drafts found when the discussion opened: their boxes reopen. */
  drafts: ReadonlySet<string>;
  /** A box's draft is sent or cancelled: its box does not open again by itself. */
  forget: (key: string | null) => void;
  /** A box has text not sent yet (`unsent`), or not any more: leaving asks first meanwhile. */
  onUnsent: (key: string, unsent: boolean) => void;
};

type Like = { message: FeedMessage; key: QueryKey };
type Send = { text: string; parent?: FeedMessage; standIn: string };

/** The cache's pages under `key`, changed by `change`. */
function update(
  queryClient: QueryClient,
  key: QueryKey,
  change: (data: DiscussionPages | undefined) => DiscussionPages | undefined,
) {
  queryClient.setQueryData<DiscussionPages>(key, change);
}

let standIns = 0;

/**
 * A post's comments: the first page server-rendered (readable and crawlable without scripts) and
 * handed to the browser's query cache with the page, so nothing is asked twice; then written,
 * replied to, edited, deleted and liked in place. The pages live in the cache
 * (`discussionQueries`: an infinite query for the comments, one for each thread's replies); each
 * change goes through a mutation that changes the cache with the service's rules (`state.ts`); a
 * like and a new comment show before the service answers, and are taken back if it fails. Guests
 * read; when they try to write or like, they are told to sign in or register, right where they
 * tried.
 */
export function Discussion({
  roomId,
  failedAtStart = false,
  translatable = false,
}: {
  roomId: string;
  /** The server could not read the comments for the page: "Try again" until the reader does. */
  failedAtStart?: boolean;
  translatable?: boolean;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const user = useRootData()?.user ?? null;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const commentsQuery = discussionQueries.comments(api, roomId);
  const commentsKey = commentsQuery.queryKey;
  // The loader's pages are in the cache already; after a failure there, only "Try again" asks.
  const comments = useInfiniteQuery({ ...commentsQuery, enabled: !failedAtStart });
  const list = messagesOf(comments.data, 'newest');
  const liked = likedIn(comments.data);
  const authors = new Map(authorsIn(comments.data).map((author) => [author.id, author]));
  // The signed-in member's own name is known without asking.
  if (user && !authors.has(user.id))
    authors.set(user.id, {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      fullname: user.fullname,
      language: user.language,
      profileImage: user.image,
      croppedProfileImage: null,
    });
  const failed = !comments.data && (failedAtStart || comments.isError);
  const [announcement, setAnnouncement] = useState('');
  // Which control a guest tried: its prompt shows there ('' for the new-comment box).
  const [guestPrompt, setGuestPrompt] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FeedMessage | null>(null);
  const [openThreads, setOpenThreads] = useState<Record<string, boolean>>({});
  // After a deletion, where the comment was is gone: the discussion's heading is the next sure
  // place for focus. An effect, so it comes after the dialog hands focus back to its opener.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) headingRef.current?.focus();
  }, [refocus]);

  // Drafts: the member's, in this discussion, read after hydration (the server has no storage);
  // the reply and edit boxes they belong to open again with them.
  const memberId = user?.id ?? null;
  const [drafts, setDrafts] = useState<ReadonlySet<string>>(() => new Set());
  useEffect(() => {
    setDrafts(new Set(memberId ? commentDrafts().keysIn(memberId, roomId) : []));
  }, [memberId, roomId]);
  // The boxes with text not sent yet: leaving the page asks first (the text is kept anyway).
  const [unsent, setUnsent] = useState<ReadonlySet<string>>(() => new Set());
  const onUnsent = useCallback((key: string, now: boolean) => {
    setUnsent((all) => {
      if (all.has(key) === now) return all;
      const next = new Set(all);
      if (now) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const leaveGuard = useLeaveGuard(unsent.size > 0, LEAVE_WORDS);

  const repliesKey = (parentId: string) =>
    discussionQueries.replies(api, roomId, parentId).queryKey;
  const keyOf = (message: FeedMessage) =>
    message.parentMessageId ? repliesKey(message.parentMessageId) : commentsKey;

  function signInFirst(error: unknown, where: string): boolean {
    if (error instanceof ApiError && SIGN_IN_FIRST.has(error.code)) {
      setGuestPrompt(where);
      return true;
    }
    return false;
  }

  /**
   * A failure's toast: the spec's words for it (`failed`), or, for a refusal trying again cannot
   * change (a block between the reader and the author, a suspension: issue 35), the error
   * catalogue's words for its code in the page's language.
   */
  function sayFailure(error: unknown, failed: string) {
    if (isSaidRefusal(error)) void refusalWords(error, locale, failed).then(toasts.error);
    else toasts.error(failed);
  }

  // A comment shows first at once, as sent; a reply when the service has it (its thread may not
  // be loaded yet). A comment that fails is taken back, its text still in the box.
  const sending = useMutation({
    mutationKey: discussionMutations.send,
    mutationFn: ({ text, parent }: Send) =>
      // Invisible controls pasted with the text are refused by the service: not the member's to find.
      api.feedMessages.sendMessage(roomId, withoutInvisibleControls(text), parent?.messageId),
    onMutate: async ({ text, parent, standIn }: Send) => {
      if (parent || !user) return;
      await queryClient.cancelQueries({ queryKey: commentsKey });
      const now = new Date().toISOString();
      update(queryClient, commentsKey, (data) =>
        withComment(data, {
          messageId: standIn,
          feedRoomId: roomId,
          postId: roomId,
          authorId: user.id,
          message: withoutInvisibleControls(text).trim(),
          tag: null,
          parentMessageId: null,
          likes: 0,
          repliesCount: 0,
          deleted: false,
          createdAt: now,
          editedAt: null,
        }),
      );
    },
    onSuccess: (message, { parent, standIn }) => {
      if (parent) {
        const key = repliesKey(parent.messageId);
        const changed = withReply(
          queryClient.getQueryData<DiscussionPages>(commentsKey),
          queryClient.getQueryData<DiscussionPages>(key),
          message,
        );
        queryClient.setQueryData(commentsKey, changed.comments);
        queryClient.setQueryData(key, changed.replies);
        setOpenThreads((all) => ({ ...all, [parent.messageId]: true }));
      } else {
        update(queryClient, commentsKey, (data) =>
          messagesOf(data, 'newest').some((item) => item.messageId === standIn)
            ? replaced(data, standIn, message)
            : withComment(data, message),
        );
      }
      setAnnouncement(t(parent ? 'discussion.replySent' : 'discussion.sent'));
    },
    onError: (error, { parent, standIn }) => {
      if (!parent) update(queryClient, commentsKey, (data) => withoutComment(data, standIn));
      if (!signInFirst(error, parent?.messageId ?? ''))
        sayFailure(error, t('discussion.error.send'));
    },
  });

  async function send(text: string, parent?: FeedMessage): Promise<boolean> {
    if (!user) {
      setGuestPrompt(parent?.messageId ?? '');
      return false;
    }
    standIns += 1;
    try {
      await sending.mutateAsync({ text, parent, standIn: `${STAND_IN}${standIns}` });
      return true;
    } catch {
      return false; // Said by onError.
    }
  }

  const editing = useMutation({
    mutationFn: ({ message, text }: { message: FeedMessage; text: string }) =>
      api.feedMessages.editMessage(message.messageId, withoutInvisibleControls(text)),
    onSuccess: (changed) =>
      update(queryClient, keyOf(changed), (data) => withEdited(data, changed)),
    onError: (error) => sayFailure(error, t('discussion.error.edit')),
  });

  async function edit(message: FeedMessage, text: string): Promise<boolean> {
    try {
      await editing.mutateAsync({ message, text });
      return true;
    } catch {
      return false;
    }
  }

  // A like shows at once; the service's answer sets the count, and a failure takes it back.
  const liking = useMutation({
    mutationKey: discussionMutations.like,
    mutationFn: ({ message }: Like) => api.feedMessages.like(message.messageId),
    onMutate: async ({ message, key }: Like) => {
      await queryClient.cancelQueries({ queryKey: key });
      const was = likedIn(queryClient.getQueryData<DiscussionPages>(key)).has(message.messageId);
      update(queryClient, key, (data) =>
        withLike(data, message.messageId, !was, Math.max(0, message.likes + (was ? -1 : 1))),
      );
      return { was };
    },
    onSuccess: (answer, { message, key }) =>
      update(queryClient, key, (data) =>
        withLike(data, message.messageId, answer.liked, answer.likes),
      ),
    onError: (error, { message, key }, before) => {
      if (before)
        update(queryClient, key, (data) =>
          withLike(data, message.messageId, before.was, message.likes),
        );
      if (!signInFirst(error, message.messageId)) sayFailure(error, t('discussion.error.like'));
    },
  });

  function like(message: FeedMessage) {
    if (!user) {
      setGuestPrompt(message.messageId);
      return;
    }
    // One like of a message at a time: a second click waits for the first's answer.
    const pending = queryClient.isMutating({
      mutationKey: discussionMutations.like,
      predicate: (mutation) =>
        (mutation.state.variables as Like | undefined)?.message.messageId === message.messageId,
    });
    if (pending > 0) return;
    liking.mutate({ message, key: keyOf(message) });
  }

  const removing = useMutation({
    mutationFn: (message: FeedMessage) =>
      api.feedMessages.deleteMessage(message.messageId, message.feedRoomId),
    onSuccess: ({ placeholder }, message) => {
      setDeleting(null);
      if (message.parentMessageId) {
        const key = repliesKey(message.parentMessageId);
        const changed = withDeletedReply(
          queryClient.getQueryData<DiscussionPages>(commentsKey),
          queryClient.getQueryData<DiscussionPages>(key),
          message,
        );
        queryClient.setQueryData(commentsKey, changed.comments);
        queryClient.setQueryData(key, changed.replies);
      } else
        update(queryClient, commentsKey, (data) => withDeletedComment(data, message, placeholder));
      setAnnouncement(t('discussion.removed'));
      setRefocus((times) => times + 1);
    },
    onError: (error) => {
      setDeleting(null);
      sayFailure(error, t('discussion.error.delete'));
    },
  });

  async function loadMore() {
    const result = await comments.fetchNextPage();
    if (result.isError) toasts.error(t('discussion.error.load'));
  }

  async function retry() {
    const result = await comments.refetch();
    if (result.isError) toasts.error(t('discussion.error.load'));
  }

  async function showReplies(parent: FeedMessage) {
    try {
      await queryClient.fetchInfiniteQuery(
        discussionQueries.replies(api, roomId, parent.messageId),
      );
      setOpenThreads((all) => ({ ...all, [parent.messageId]: true }));
    } catch {
      toasts.error(t('discussion.error.load'));
    }
  }

  const actions: Actions = {
    me: user?.id ?? null,
    suspended: Boolean(user?.suspendedUntil),
    authorOf: (message) => (message.authorId ? authors.get(message.authorId) : undefined),
    liked: (messageId) => liked.has(messageId),
    onLike: like,
    onEdit: edit,
    onDelete: setDeleting,
    onReply: (parent, text) => send(text, parent),
    onShowReplies: (parent) => void showReplies(parent),
    onHideReplies: (parent) => setOpenThreads((all) => ({ ...all, [parent.messageId]: false })),
    open: (parentId) => openThreads[parentId] ?? false,
    guestPrompt,
    setGuestPrompt,
    translatable,
    draftKey: (target) => (memberId ? draftKey(memberId, roomId, target) : null),
    drafts,
    forget: (key) =>
      setDrafts((all) => {
        if (key === null || !all.has(key)) return all;
        const next = new Set(all);
        next.delete(key);
        return next;
      }),
    onUnsent,
  };
  const loading = comments.isFetching;
  const loadingMore = comments.isFetchingNextPage;

  return (
    <section className="discussion" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('discussion.heading')}{' '}
        <span className="discussion-count muted">
          ({t('discussion.count', { count: countOf(comments.data) })})
        </span>
      </h2>
      {user?.suspendedUntil ? (
        // Sending would be refused: the box gives way to why, and until when.
        <p className="notice discussion-suspended">
          <SuspendedUntil until={user.suspendedUntil} />{' '}
          <LocalizedLink to="/moderation/decisions">{t('suspension.link')}</LocalizedLink>
        </p>
      ) : user ? (
        <Composer
          // Another story (the same page, new data) is another box, with its own draft.
          key={roomId}
          label={t('discussion.write')}
          placeholder={t('discussion.writePlaceholder')}
          submitLabel={t('discussion.send')}
          draftKey={actions.draftKey({ kind: 'comment' })}
          onUnsent={onUnsent}
          onSubmit={(text) => send(text)}
        />
      ) : (
        <SignInPrompt message={t('guest.mustLogin')} announce={guestPrompt === ''} />
      )}
      {failed ? (
        <div className="discussion-failed">
          <p>{t('discussion.error.load')}</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={loading}
            aria-busy={loading || undefined}
            onClick={() => void retry()}
          >
            {t('discussion.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="muted">{t(user ? 'discussion.noneMember' : 'discussion.none')}</p>
      ) : (
        <ol className="comments">
          {list.map((message) => (
            <Comment key={message.messageId} message={message} actions={actions} roomId={roomId} />
          ))}
        </ol>
      )}
      {comments.hasNextPage && !failed && (
        <button
          type="button"
          className="button button-secondary"
          disabled={loadingMore}
          aria-busy={loadingMore || undefined}
          onClick={() => void loadMore()}
        >
          {t('discussion.more')}
        </button>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <Dialog
        open={deleting !== null}
        title={t('discussion.delete.title')}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <button
              type="button"
              className="button button-danger"
              aria-disabled={removing.isPending || undefined}
              onClick={() => deleting && !removing.isPending && removing.mutate(deleting)}
            >
              {t('discussion.delete')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setDeleting(null)}
            >
              {t('discussion.cancel')}
            </button>
          </>
        }
      >
        <p>
          {t(
            deleting && deleting.repliesCount > 0
              ? 'discussion.delete.withReplies'
              : 'discussion.delete.text',
          )}
        </p>
      </Dialog>
      {leaveGuard.dialog}
    </section>
  );
}

/** One comment or reply, with what the reader may do with it. */
function Comment({
  message,
  actions,
  roomId,
}: {
  message: FeedMessage;
  actions: Actions;
  roomId: string;
}) {
  const { t, locale } = useI18n();
  const [editing, setEditing] = useState<Opened>(false);
  const [replying, setReplying] = useState<Opened>(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  // A box that closes (an edit saved or cancelled, a reply sent or cancelled) hands focus back to
  // the button that opened it, once that is drawn again, never to the page's <body>.
  const [refocus, setRefocus] = useState<'edit' | 'reply' | null>(null);
  useEffect(() => {
    if (refocus === null) return;
    (refocus === 'edit' ? editButton : replyButton).current?.focus();
    setRefocus(null);
  }, [refocus]);
  const pending = isStandIn(message);
  const number = numberFormat(locale);
  const author = actions.authorOf(message);
  const name = author?.fullname ?? t('discussion.formerMember');
  const mine = actions.me !== null && message.authorId === actions.me;
  const isReply = message.parentMessageId !== null;
  // A reply or an edit left unsent on an earlier visit: its box opens again, without taking focus.
  const replyDraft = actions.draftKey({ kind: 'reply', parentId: message.messageId });
  const editDraft = actions.draftKey({ kind: 'edit', messageId: message.messageId });
  const keptReply =
    !isReply &&
    !pending &&
    !message.deleted &&
    replyDraft !== null &&
    actions.drafts.has(replyDraft);
  const keptEdit = mine && !message.deleted && editDraft !== null && actions.drafts.has(editDraft);
  useEffect(() => {
    if (keptReply) setReplying((now) => now || 'draft');
  }, [keptReply]);
  useEffect(() => {
    if (keptEdit) setEditing((now) => now || 'draft');
  }, [keptEdit]);
  const liked = actions.liked(message.messageId);
  // A comment in the other language may be translated into the reader's, by a member. The text
  // goes as the reader sees it (translateOutput takes text, not a comment's id), so nothing they
  // cannot read can be translated; keyed by its edit, so an edited comment is asked anew.
  const written = textLang(message.message ?? '');
  const translation = useMachineTranslation(
    message.message && !message.deleted
      ? { [`${message.messageId}|${message.editedAt ?? ''}`]: message.message }
      : {},
    locale,
    actions.translatable && written !== undefined && written !== locale,
  );
  const text = translation.shown(
    `${message.messageId}|${message.editedAt ?? ''}`,
    message.message ?? '',
  );

  if (message.deleted)
    return (
      <li className="comment comment-deleted" id={`comment-${message.messageId}`}>
        <p className="muted">{t('discussion.deleted')}</p>
        <Replies parent={message} name={name} actions={actions} roomId={roomId} />
      </li>
    );

  return (
    <li className="comment" id={`comment-${message.messageId}`} aria-busy={pending || undefined}>
      <article aria-label={name}>
        <header className="comment-header">
          <Avatar
            name={name}
            image={author?.croppedProfileImage ?? author?.profileImage}
            size="sm"
          />
          <span className="comment-meta">
            <bdi lang={textLang(name)} className="comment-author">
              {author ? <LocalizedLink to={`/profile/${author.id}`}>{name}</LocalizedLink> : name}
            </bdi>
            <span aria-hidden="true">·</span>
            <time dateTime={message.createdAt} title={absoluteDate(message.createdAt, locale)}>
              {/* The text is the bdi's: the warning reaches one level deep (byline.tsx). */}
              <bdi suppressHydrationWarning>{relativeDate(message.createdAt, locale)}</bdi>
            </time>
            {message.editedAt && <span className="muted">({t('discussion.edited')})</span>}
          </span>
        </header>
        {editing ? (
          <Composer
            label={t('discussion.editLabel')}
            initial={message.message ?? ''}
            submitLabel={t('discussion.save')}
            autoFocus={editing === 'asked'}
            draftKey={editDraft}
            onUnsent={actions.onUnsent}
            onCancel={() => {
              setEditing(false);
              setRefocus('edit');
              actions.forget(editDraft);
            }}
            onSubmit={(text) => actions.onEdit(message, text)}
            onSent={() => {
              setEditing(false);
              setRefocus('edit');
              actions.forget(editDraft);
            }}
          />
        ) : (
          <p className="comment-text" dir="auto" lang={translation.lang(written)}>
            {linkify(text)}
          </p>
        )}
        {/* The author's own comment that moderation holds or removed: nobody else reads it. */}
        {mine && (
          <OwnModeration
            moderation={message.moderation}
            kind="comment"
            className="comment-moderation"
          />
        )}
        {translation.showing && (
          <p className="translation-notice muted" role="status">
            {t(locale === 'he' ? 'translate.notice.he' : 'translate.notice.en')}
          </p>
        )}
        {/* A comment on its way has no id yet: nothing can be done with it until it lands. */}
        {!pending && (
          <div className="comment-actions">
            <button
              type="button"
              className="comment-action"
              aria-pressed={liked}
              aria-label={t('discussion.likeOf', { name })}
              onClick={() => actions.onLike(message)}
            >
              <Icon icon={Heart} size={18} />
              <span aria-hidden="true">{t('discussion.like')}</span>
              <span className="comment-likes">{number.format(message.likes)}</span>
            </button>
            {!isReply && !actions.suspended && (
              <button
                ref={replyButton}
                type="button"
                className="comment-action"
                aria-expanded={replying !== false}
                onClick={() => {
                  if (!actions.me) {
                    actions.setGuestPrompt(message.messageId);
                    return;
                  }
                  setReplying('asked');
                  if (message.repliesCount > 0 && !actions.open(message.messageId))
                    actions.onShowReplies(message);
                }}
              >
                <Icon icon={MessageCircle} size={18} />
                {t('discussion.reply')}
              </button>
            )}
            {mine && !editing && !actions.suspended && (
              <button
                ref={editButton}
                type="button"
                className="comment-action"
                onClick={() => setEditing('asked')}
              >
                <Icon icon={Pencil} size={18} />
                {t('discussion.edit')}
              </button>
            )}
            {mine && !actions.suspended && (
              <button
                type="button"
                className="comment-action"
                onClick={() => actions.onDelete(message)}
              >
                <Icon icon={Trash2} size={18} />
                {t('discussion.delete')}
              </button>
            )}
            {translation.offered && !editing && (
              <TranslateButton
                className="comment-action"
                busy={translation.busy}
                showing={translation.showing}
                target={locale}
                onClick={translation.toggle}
              />
            )}
            {!mine && (
              <ReportControl
                target={{
                  kind: 'comment',
                  itemId: message.messageId,
                  ownerId: message.authorId,
                  name,
                }}
                className="comment-action"
                linkClassName="report-link comment-report"
              />
            )}
          </div>
        )}
        {translation.prompt && <SignInPrompt message={t('translate.membersOnly')} />}
        {actions.guestPrompt === message.messageId && !actions.me && (
          <SignInPrompt message={t('guest.mustLogin')} />
        )}
      </article>
      {!isReply && !pending && (
        <Replies parent={message} name={name} actions={actions} roomId={roomId}>
          {replying && (
            <Composer
              label={richMessage(t, 'discussion.replyTo', {
                name: <bdi lang={textLang(name)}>{name}</bdi>,
              })}
              submitLabel={t('discussion.sendReply')}
              autoFocus={replying === 'asked'}
              draftKey={replyDraft}
              onUnsent={actions.onUnsent}
              onCancel={() => {
                setReplying(false);
                setRefocus('reply');
                actions.forget(replyDraft);
              }}
              onSubmit={(text) => actions.onReply(message, text)}
              onSent={() => {
                setReplying(false);
                setRefocus('reply');
                actions.forget(replyDraft);
              }}
            />
          )}
        </Replies>
      )}
    </li>
  );
}

/**
 * A comment's thread: the button that opens it, its replies (their own infinite query, read
 * when the thread is first opened), and the reply box when open.
 */
function Replies({
  parent,
  name,
  actions,
  roomId,
  children,
}: {
  parent: FeedMessage;
  name: string;
  actions: Actions;
  roomId: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const open = actions.open(parent.messageId);
  const thread = useInfiniteQuery({
    ...discussionQueries.replies(api, roomId, parent.messageId),
    // Opened by the reader (showReplies reads the first page before it opens).
    enabled: open,
  });
  const replies = messagesOf(thread.data, 'oldest');
  const liked = likedIn(thread.data);
  const authors = new Map(authorsIn(thread.data).map((author) => [author.id, author]));
  const inThread: Actions = {
    ...actions,
    authorOf: (message) =>
      (message.authorId ? authors.get(message.authorId) : undefined) ?? actions.authorOf(message),
    liked: (messageId) => liked.has(messageId),
  };

  async function more() {
    const result = await thread.fetchNextPage();
    if (result.isError) toasts.error(t('discussion.error.load'));
  }

  return (
    <div className="comment-thread">
      {parent.repliesCount > 0 && !open && (
        <button
          type="button"
          className="button button-ghost comment-toggle"
          aria-expanded={false}
          onClick={() => actions.onShowReplies(parent)}
        >
          {t('discussion.showReplies', { count: parent.repliesCount })}
        </button>
      )}
      {open && replies.length > 0 && (
        <>
          <ol className="comments comment-replies" aria-label={t('discussion.replies', { name })}>
            {replies.map((reply) => (
              <Comment key={reply.messageId} message={reply} actions={inThread} roomId={roomId} />
            ))}
          </ol>
          {thread.hasNextPage && (
            <button
              type="button"
              className="button button-ghost comment-toggle"
              aria-busy={thread.isFetchingNextPage || undefined}
              onClick={() => void more()}
            >
              {t('discussion.moreReplies')}
            </button>
          )}
          <button
            type="button"
            className="button button-ghost comment-toggle"
            aria-expanded={true}
            onClick={() => actions.onHideReplies(parent)}
          >
            {t('discussion.hideReplies')}
          </button>
        </>
      )}
      {children}
    </div>
  );
}

/**
 * A box to write a comment, a reply or an edit in, with what is left of the 2,000 characters.
 * With a `draftKey`, what is typed is kept as a draft until it is sent (use-comment-draft.ts), and
 * `onUnsent` hears whether the box holds text not sent yet.
 */
function Composer({
  label,
  placeholder,
  submitLabel,
  initial = '',
  autoFocus = false,
  draftKey = null,
  onUnsent,
  onSubmit,
  onSent,
  onCancel,
}: {
  /** Visible: a member's name in it is isolated (bdi) by the caller. */
  label: ReactNode;
  placeholder?: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  draftKey?: string | null;
  onUnsent?: (key: string, unsent: boolean) => void;
  /** Whether the service has the text (a failure is told by the caller; the text stays). */
  onSubmit: (text: string) => Promise<boolean>;
  /** After a successful send, once its draft is dropped (a reply or edit box closes here). */
  onSent?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const left = FEED_MESSAGE_MAX - lengthOf(text);
  const draft = useCommentDraft({ key: draftKey, initial, text, setText });
  const unsent = text.trim() !== '' && text.trim() !== initial.trim();
  const report = useRef(onUnsent);
  report.current = onUnsent;
  useEffect(() => {
    if (draftKey !== null) report.current?.(draftKey, unsent);
  }, [draftKey, unsent]);
  useEffect(
    () => () => {
      if (draftKey !== null) report.current?.(draftKey, false);
    },
    [draftKey],
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (lengthOf(text) === 0 || left < 0) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    const sent = text;
    const done = await onSubmit(sent);
    setBusy(false);
    if (done) {
      // The box stays open while it sends: keep what was typed after the sent text, if anything
      // (the box's own value: this function's `text` is from before the send).
      const now = field.current?.value ?? '';
      const remainder = now.startsWith(sent) ? now.slice(sent.length).trimStart() : now;
      draft.sent(remainder);
      // Told with the emptied box, in the same render: leaving right after the send asks nothing.
      if (draftKey !== null) report.current?.(draftKey, remainder.trim() !== '');
      setText(remainder);
      onSent?.();
    }
    // Sent or not, the member stays in the box: ready for the next comment, or to fix this one
    // (a box that closes hands focus to its opener afterwards).
    field.current?.focus();
  }

  return (
    <form className="composer" onSubmit={(event) => void submit(event)}>
      <label htmlFor={id} className={placeholder ? 'visually-hidden' : undefined}>
        {label}
      </label>
      <textarea
        ref={field}
        id={id}
        maxLength={FEED_MESSAGE_MAX * 2}
        dir="auto"
        rows={3}
        value={text}
        placeholder={placeholder}
        // Opened by the reader's own click (reply, edit): the box they asked for takes focus.
        autoFocus={autoFocus}
        aria-describedby={`${id}-left`}
        aria-invalid={left < 0 || undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="composer-footer">
        {/* Counted down only near the end: a number that changes at every key is noise. */}
        <span id={`${id}-left`} className={`muted composer-left${left < 0 ? ' error' : ''}`}>
          {left < 0
            ? t('discussion.tooLong', { count: -left })
            : left < 200
              ? t('discussion.remaining', { count: left })
              : ''}
        </span>
        <span className="composer-buttons">
          {onCancel && (
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                // Cancelled by the member: the text is dropped, its draft too.
                draft.discard();
                onCancel();
              }}
            >
              {t('discussion.cancel')}
            </button>
          )}
          {/* Not `disabled` while sending: a disabled button loses focus to the page's <body>. */}
          <button
            type="submit"
            className="button"
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
          >
            {submitLabel}
          </button>
        </span>
      </div>
    </form>
  );
}
