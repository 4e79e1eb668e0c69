import type { FeedMessage, FeedMessagesPage, MemberName } from '@mepedia/contracts';
import { FEED_MESSAGE_MAX, withoutInvisibleControls } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import { Heart, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import {
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useApi } from '../../lib/api';
import { absoluteDate, numberFormat, relativeDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { textLang } from '../../lib/text-lang';
import { useRootData } from '../../root';
import { Avatar } from '../avatar';
import { Icon } from '../icon';
import { TranslateButton, useMachineTranslation } from '../machine-translation';
import { LocalizedLink } from '../localized-link';
import { SignInPrompt } from '../sign-in-prompt';
import { useToasts } from '../toasts';
import { Dialog } from '../ui/dialog';
import { linkify } from './linkify';
import { reduce, repliesSkip, startState, type DiscussionState, type Thread } from './state';

/** What the page's loader read: the first page of comments and their authors (null: it failed). */
export type DiscussionStart = {
  page: FeedMessagesPage;
  authors: MemberName[];
} | null;

/** Codes that mean "sign in first": the prompt, not an error toast. */
const SIGN_IN_FIRST = new Set(['MUST_BE_LOGGED_IN', 'AUTH_REQUIRED']);

/** Code points, as the service counts them: a Hebrew letter or an emoji is one. */
const lengthOf = (text: string) => [...text.trim()].length;

type Actions = {
  me: string | null;
  authorOf: (message: FeedMessage) => MemberName | undefined;
  liked: (messageId: string) => boolean;
  onLike: (message: FeedMessage) => void;
  onEdit: (message: FeedMessage, text: string) => Promise<boolean>;
  onDelete: (message: FeedMessage) => void;
  onReply: (parent: FeedMessage, text: string) => Promise<boolean>;
  onShowReplies: (parent: FeedMessage) => void;
  onHideReplies: (parent: FeedMessage) => void;
  onMoreReplies: (parent: FeedMessage) => void;
  guestPrompt: string | null;
  setGuestPrompt: (messageId: string | null) => void;
  /** A translation provider is configured: comments in another language offer Translate. */
  translatable: boolean;
};

/**
 * A post's comments: the first page server-rendered (readable and crawlable without scripts),
 * then written, replied to, edited, deleted and liked in place. Guests read; when they try to
 * write or like, they are told to sign in or register, right where they tried.
 */
export function Discussion({
  roomId,
  start,
  translatable = false,
}: {
  roomId: string;
  start: DiscussionStart;
  translatable?: boolean;
}) {
  const { t } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const user = useRootData()?.user ?? null;
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [failed, setFailed] = useState(start === null);
  const [state, dispatch] = useReducer(reduce, start, (first): DiscussionState =>
    startState(first?.page ?? { messages: [], total: 0, count: 0, hasMore: false, likedByMe: [] }),
  );
  const [authors, setAuthors] = useState<Record<string, MemberName>>(() =>
    Object.fromEntries((start?.authors ?? []).map((author) => [author.id, author])),
  );
  const [loading, setLoading] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // Which control a guest tried: its prompt shows there ('' for the new-comment box).
  const [guestPrompt, setGuestPrompt] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FeedMessage | null>(null);
  const pendingLikes = useRef(new Set<string>());
  // After a deletion, where the comment was is gone: the discussion's heading is the next sure
  // place for focus. An effect, so it comes after the dialog hands focus back to its opener.
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus > 0) headingRef.current?.focus();
  }, [refocus]);

  // The signed-in member's own name is known without asking.
  useEffect(() => {
    if (!user) return;
    setAuthors((all) =>
      all[user.id]
        ? all
        : {
            ...all,
            [user.id]: {
              id: user.id,
              firstname: user.firstname,
              lastname: user.lastname,
              fullname: user.fullname,
              language: user.language,
              profileImage: user.image,
              croppedProfileImage: null,
            },
          },
    );
  }, [user]);

  /** Names for the authors of messages just loaded, in one call. */
  async function learnAuthors(messages: FeedMessage[]) {
    const unknown = [
      ...new Set(
        messages
          .map((message) => message.authorId)
          .filter((id): id is string => id !== null && !(id in authors)),
      ),
    ];
    if (unknown.length === 0) return;
    try {
      const { members } = await api.users.getMembersByIds(unknown.slice(0, 50));
      setAuthors((all) => ({
        ...all,
        ...Object.fromEntries(members.map((member) => [member.id, member])),
      }));
    } catch {
      // Names are a side dish: the comments show with "a former member" until a later page.
    }
  }

  async function loadMore(first = false) {
    setLoading(true);
    try {
      const page = await api.feedMessages.getMessages(roomId, {
        skip: first ? 0 : state.comments.length,
      });
      await learnAuthors(page.messages);
      if (first) dispatch({ type: 'reset', page });
      else dispatch({ type: 'page', page });
      setFailed(false);
    } catch {
      toasts.error(t('discussion.error.load'));
      if (first) setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  function signInFirst(error: unknown, where: string): boolean {
    if (error instanceof ApiError && SIGN_IN_FIRST.has(error.code)) {
      setGuestPrompt(where);
      return true;
    }
    return false;
  }

  async function send(text: string, parent?: FeedMessage): Promise<boolean> {
    if (!user) {
      setGuestPrompt(parent?.messageId ?? '');
      return false;
    }
    try {
      // Invisible controls pasted with the text are refused by the service: not the member's to find.
      const message = await api.feedMessages.sendMessage(
        roomId,
        withoutInvisibleControls(text),
        parent?.messageId,
      );
      dispatch({ type: 'added', message });
      setAnnouncement(t(parent ? 'discussion.replySent' : 'discussion.sent'));
      return true;
    } catch (error) {
      if (!signInFirst(error, parent?.messageId ?? '')) toasts.error(t('discussion.error.send'));
      return false;
    }
  }

  async function edit(message: FeedMessage, text: string): Promise<boolean> {
    try {
      const changed = await api.feedMessages.editMessage(
        message.messageId,
        withoutInvisibleControls(text),
      );
      dispatch({ type: 'edited', message: changed });
      return true;
    } catch {
      toasts.error(t('discussion.error.edit'));
      return false;
    }
  }

  async function like(message: FeedMessage) {
    if (!user) {
      setGuestPrompt(message.messageId);
      return;
    }
    if (pendingLikes.current.has(message.messageId)) return;
    pendingLikes.current.add(message.messageId);
    const was = state.liked.includes(message.messageId);
    dispatch({
      type: 'liked',
      messageId: message.messageId,
      liked: !was,
      likes: Math.max(0, message.likes + (was ? -1 : 1)),
    });
    try {
      const answer = await api.feedMessages.like(message.messageId);
      dispatch({ type: 'liked', messageId: message.messageId, ...answer });
    } catch (error) {
      dispatch({ type: 'liked', messageId: message.messageId, liked: was, likes: message.likes });
      if (!signInFirst(error, message.messageId)) toasts.error(t('discussion.error.like'));
    } finally {
      pendingLikes.current.delete(message.messageId);
    }
  }

  async function remove(message: FeedMessage) {
    try {
      const { placeholder } = await api.feedMessages.deleteMessage(
        message.messageId,
        message.feedRoomId,
      );
      setDeleting(null);
      dispatch({ type: 'removed', message, placeholder });
      setAnnouncement(t('discussion.removed'));
      setRefocus((times) => times + 1);
    } catch {
      setDeleting(null);
      toasts.error(t('discussion.error.delete'));
    }
  }

  async function loadReplies(parent: FeedMessage) {
    try {
      const page = await api.feedMessages.getMessages(roomId, {
        parentId: parent.messageId,
        skip: repliesSkip(state.threads[parent.messageId]),
      });
      await learnAuthors(page.messages);
      dispatch({ type: 'replies', parentId: parent.messageId, page });
    } catch {
      toasts.error(t('discussion.error.load'));
    }
  }

  const actions: Actions = {
    me: user?.id ?? null,
    authorOf: (message) => (message.authorId ? authors[message.authorId] : undefined),
    liked: (messageId) => state.liked.includes(messageId),
    onLike: (message) => void like(message),
    onEdit: edit,
    onDelete: setDeleting,
    onReply: (parent, text) => send(text, parent),
    onShowReplies: (parent) => {
      if (state.threads[parent.messageId])
        dispatch({ type: 'toggleThread', parentId: parent.messageId, open: true });
      else void loadReplies(parent);
    },
    onHideReplies: (parent) =>
      dispatch({ type: 'toggleThread', parentId: parent.messageId, open: false }),
    onMoreReplies: (parent) => void loadReplies(parent),
    guestPrompt,
    setGuestPrompt,
    translatable,
  };

  return (
    <section className="discussion" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('discussion.heading')}{' '}
        <span className="discussion-count muted">
          ({t('discussion.count', { count: state.count })})
        </span>
      </h2>
      {user ? (
        <Composer
          label={t('discussion.write')}
          placeholder={t('discussion.writePlaceholder')}
          submitLabel={t('discussion.send')}
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
            onClick={() => void loadMore(true)}
          >
            {t('discussion.retry')}
          </button>
        </div>
      ) : state.comments.length === 0 ? (
        <p className="muted">{t(user ? 'discussion.noneMember' : 'discussion.none')}</p>
      ) : (
        <ol className="comments">
          {state.comments.map((message) => (
            <Comment
              key={message.messageId}
              message={message}
              actions={actions}
              thread={state.threads[message.messageId]}
            />
          ))}
        </ol>
      )}
      {state.hasMore && !failed && (
        <button
          type="button"
          className="button button-secondary"
          disabled={loading}
          aria-busy={loading || undefined}
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
              onClick={() => deleting && void remove(deleting)}
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
    </section>
  );
}

/** One comment or reply, with what the reader may do with it. */
function Comment({
  message,
  actions,
  thread,
}: {
  message: FeedMessage;
  actions: Actions;
  thread?: Thread | undefined;
}) {
  const { t, locale } = useI18n();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const number = numberFormat(locale);
  const author = actions.authorOf(message);
  const name = author?.fullname ?? t('discussion.formerMember');
  const mine = actions.me !== null && message.authorId === actions.me;
  const isReply = message.parentMessageId !== null;
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
        <Replies parent={message} name={name} actions={actions} thread={thread} />
      </li>
    );

  return (
    <li className="comment" id={`comment-${message.messageId}`}>
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
            autoFocus
            onCancel={() => {
              setEditing(false);
              editButton.current?.focus();
            }}
            onSubmit={async (text) => {
              const done = await actions.onEdit(message, text);
              if (done) setEditing(false);
              return done;
            }}
          />
        ) : (
          <p className="comment-text" dir="auto" lang={translation.lang(written)}>
            {linkify(text)}
          </p>
        )}
        {translation.showing && (
          <p className="translation-notice muted" role="status">
            {t(locale === 'he' ? 'translate.notice.he' : 'translate.notice.en')}
          </p>
        )}
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
          {!isReply && (
            <button
              ref={replyButton}
              type="button"
              className="comment-action"
              aria-expanded={replying}
              onClick={() => {
                if (!actions.me) {
                  actions.setGuestPrompt(message.messageId);
                  return;
                }
                setReplying(true);
                if (message.repliesCount > 0 && !thread?.open) actions.onShowReplies(message);
              }}
            >
              <Icon icon={MessageCircle} size={18} />
              {t('discussion.reply')}
            </button>
          )}
          {mine && !editing && (
            <button
              ref={editButton}
              type="button"
              className="comment-action"
              onClick={() => setEditing(true)}
            >
              <Icon icon={Pencil} size={18} />
              {t('discussion.edit')}
            </button>
          )}
          {mine && (
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
        </div>
        {translation.prompt && <SignInPrompt message={t('translate.membersOnly')} />}
        {actions.guestPrompt === message.messageId && !actions.me && (
          <SignInPrompt message={t('guest.mustLogin')} />
        )}
      </article>
      {!isReply && (
        <Replies parent={message} name={name} actions={actions} thread={thread}>
          {replying && (
            <Composer
              label={richMessage(t, 'discussion.replyTo', {
                name: <bdi lang={textLang(name)}>{name}</bdi>,
              })}
              submitLabel={t('discussion.sendReply')}
              autoFocus
              onCancel={() => {
                setReplying(false);
                replyButton.current?.focus();
              }}
              onSubmit={async (text) => {
                const done = await actions.onReply(message, text);
                if (done) setReplying(false);
                return done;
              }}
            />
          )}
        </Replies>
      )}
    </li>
  );
}

/** A comment's thread: the button that opens it, its replies, and the reply box when open. */
function Replies({
  parent,
  name,
  actions,
  thread,
  children,
}: {
  parent: FeedMessage;
  name: string;
  actions: Actions;
  thread?: Thread | undefined;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const open = thread?.open ?? false;
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
      {open && thread && thread.replies.length > 0 && (
        <>
          <ol className="comments comment-replies" aria-label={t('discussion.replies', { name })}>
            {thread.replies.map((reply) => (
              <Comment key={reply.messageId} message={reply} actions={actions} />
            ))}
          </ol>
          {thread.hasMore && (
            <button
              type="button"
              className="button button-ghost comment-toggle"
              onClick={() => actions.onMoreReplies(parent)}
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

/** A box to write a comment, a reply or an edit in, with what is left of the 2,000 characters. */
function Composer({
  label,
  placeholder,
  submitLabel,
  initial = '',
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  /** Visible: a member's name in it is isolated (bdi) by the caller. */
  label: ReactNode;
  placeholder?: string;
  submitLabel: string;
  initial?: string;
  autoFocus?: boolean;
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const left = FEED_MESSAGE_MAX - lengthOf(text);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (lengthOf(text) === 0 || left < 0) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    const done = await onSubmit(text);
    setBusy(false);
    if (done) setText('');
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
            <button type="button" className="button button-ghost" onClick={onCancel}>
              {t('discussion.cancel')}
            </button>
          )}
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {submitLabel}
          </button>
        </span>
      </div>
    </form>
  );
}
