import {
  POST_CREDIT_MAX,
  POST_DESTINATIONS,
  POST_DRAFTS_MAX,
  POST_TITLE_MAX,
  type Post,
  type PostDestination,
  type PostDraft,
  type PostPrivacy,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { postDraftQueries, postEdits, postQueries } from '@mepedia/web-api/queries';
import {
  QueryClient,
  dehydrate,
  useMutation,
  useQuery,
  useQueryClient,
  type DehydratedState,
} from '@tanstack/react-query';
import {
  localizePath,
  registerMessages,
  writePostMessages,
  type MessageKey,
} from '@mepedia/web-i18n';
import { FileText, Lock } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { data, useNavigate } from 'react-router';
import { remainingCharacters } from '../components/editor/content';
import { draftFieldsOf, isDraftError, type DraftState } from '../components/editor/draft-autosave';
import { useDraftAutosave } from '../components/editor/use-draft-autosave';
import { ImagePicker } from '../components/editor/image-picker';
import { RichTextEditor } from '../components/editor/rich-text-editor';
import { EmptyState } from '../components/empty-state';
import { Field, FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { useToasts } from '../components/toasts';
import { Dialog } from '../components/ui/dialog';
import { Icon } from '../components/icon';
import { RadioGroup } from '../components/ui/radio-group';
import { AudiencePicker } from '../components/audience/audience-picker';
import { rememberAudience, useLastAudience } from '../components/audience/last-audience';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useFocusFirstError } from '../lib/focus-first-error';
import { useContractForm } from '../lib/contract-form';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { useLeaveGuard, type LeaveWords } from '../lib/leave-guard';
import { editPostResolver, newPostResolver, type SentPost } from '../lib/post-forms';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import { useRootData } from '../root';
import type { Route } from './+types/write-post';
import '../styles/write-post.css';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(writePostMessages);

/** The member's other drafts, said on a new post's page (how many, and the latest to go on with). */
type OtherDrafts = { count: number; more: boolean; latest: { draftId: string; title: string } };

type Loaded = {
  postId: string | null;
  notYours: boolean;
  dehydrated: DehydratedState | null;
  /** A new post's draft, opened at its own address (`?draft=<id>`). */
  draft: PostDraft | null;
  otherDrafts: OtherDrafts | null;
  /** This load's own mark: the form starts afresh for each (another draft, a new post). */
  opened: string;
};

/** How many drafts the new post's page counts before it says "more than". */
const DRAFTS_COUNTED = 50;

/**
 * A post to edit, read as its author (the guard has sent guests to sign in already) into a query
 * cache handed to the browser's with the page, so nothing is asked again there. Someone else's
 * post answers 403 with a page that says so and offers to read it instead. A draft's address
 * (`?draft=<id>`) opens it in the form; a draft that is not the member's is the 404 page, as an
 * unknown one is. A new post's page says how many drafts the member already has.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const opened = crypto.randomUUID();
  const none = { postId: null, notYours: false, dehydrated: null, draft: null, otherDrafts: null };
  const api = serverApi(context, request);
  if (!params.postId) {
    const draftId = new URL(request.url).searchParams.get('draft');
    if (draftId !== null) {
      try {
        return { ...none, draft: await api.posts.getDraft(draftId), opened } as Loaded;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          throw data(null, { status: 404 });
        throw error;
      }
    }
    // Said only when it can be: the page opens whatever this answers.
    const page = await api.posts.getDrafts({ limit: DRAFTS_COUNTED }).catch(() => null);
    const latest = page?.drafts[0];
    return {
      ...none,
      otherDrafts: latest
        ? {
            count: page.drafts.length,
            more: page.hasMore,
            latest: { draftId: latest.draftId, title: latest.title },
          }
        : null,
      opened,
    } as Loaded;
  }
  const queryClient = new QueryClient();
  try {
    const [post, session] = await Promise.all([
      queryClient.fetchQuery(postQueries.detail(api, params.postId)),
      api.users.session(),
    ]);
    const memberId = session === 'NoSession' ? null : session.id;
    if (post.publisherId !== memberId)
      return data<Loaded>(
        { ...none, postId: post.postId, notYours: true, opened },
        { status: 403 },
      );
    return { ...none, postId: post.postId, dehydrated: dehydrate(queryClient), opened } as Loaded;
  } catch (error) {
    // Missing, someone else's private post, or an id that is not one: nothing to edit here.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ location, matches, params }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title: params.postId ? 'writePost.title.edit' : 'writePost.title.new',
  });

export default function WritePost({ loaderData }: Route.ComponentProps) {
  const { postId, notYours, dehydrated, draft, otherDrafts, opened } = loaderData;
  if (postId && notYours) return <NotYours postId={postId} />;
  return (
    <QueryProvider state={dehydrated ?? undefined}>
      {/* A new form for each post or draft opened: moving from one to another starts afresh. */}
      <Editing key={opened} postId={postId} draft={draft} otherDrafts={otherDrafts} />
    </QueryProvider>
  );
}

/**
 * The post as the cache holds it (the loader put it there), or none for a new one; a draft
 * loaded again (another tab's newer version) draws the form afresh with it.
 */
function Editing({
  postId,
  draft: opened,
  otherDrafts,
}: {
  postId: string | null;
  draft: PostDraft | null;
  otherDrafts: OtherDrafts | null;
}) {
  const api = useApi();
  const userId = useRootData()?.user?.id ?? null;
  const { data: post } = useQuery({
    ...postQueries.detail(api, postId ?? ''),
    enabled: postId !== null,
    // What the author edits is what they opened: nothing is read again behind their typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [draft, setDraft] = useState(opened);
  const [loads, setLoads] = useState(0);
  if (postId && !post) return null;
  return (
    <PostForm
      key={loads}
      post={post ?? null}
      draft={draft}
      otherDrafts={otherDrafts}
      reloaded={loads > 0}
      onReload={(newer) => {
        setDraft(newer);
        setLoads(loads + 1);
      }}
      userId={userId}
    />
  );
}

function NotYours({ postId }: { postId: string }) {
  const { t } = useI18n();
  return (
    <section className="page page-narrow">
      <EmptyState
        icon={Lock}
        headingLevel={1}
        title={t('writePost.notYours.title')}
        action={
          <>
            <LocalizedLink className="button" to={`/post/${postId}`}>
              {t('writePost.notYours.read')}
            </LocalizedLink>
            <LocalizedLink className="button button-secondary" to="/profile/write-post">
              {t('writePost.notYours.write')}
            </LocalizedLink>
          </>
        }
      >
        <p>{t('writePost.notYours.text')}</p>
      </EmptyState>
    </section>
  );
}

/** What the saved post's panel says of its audience, and the toast once it has changed. */
const AUDIENCE_STATUS: Record<PostPrivacy, MessageKey> = {
  public: 'writePost.status.public',
  members: 'writePost.status.members',
  circle: 'writePost.status.circle',
  private: 'writePost.status.private',
};
const AUDIENCE_CHANGED: Record<PostPrivacy, MessageKey> = {
  public: 'writePost.nowPublic',
  members: 'writePost.nowMembers',
  circle: 'writePost.nowCircle',
  private: 'writePost.nowPrivate',
};
const DESTINATION_LABELS: Record<PostDestination, MessageKey> = {
  profile: 'writePost.destination.profile',
  magazine: 'writePost.destination.magazine',
};

type Busy = null | 'saving' | 'privacy' | 'deleting' | 'discarding' | 'reloading';

/** Leaving while the draft's last changes are not on the server yet (or could not be saved). */
const DRAFT_LEAVE: LeaveWords = {
  title: 'writePost.draft.leave.title',
  text: 'writePost.draft.leave.text',
  stay: 'leave.stay',
  go: 'writePost.draft.leave.go',
};

/** The draft's address: the page's own, with `?draft=<id>` (the history entry is replaced). */
function showDraftAddress(draftId: string) {
  const url = new URL(window.location.href);
  url.searchParams.set('draft', draftId);
  window.history.replaceState(window.history.state, '', url);
}

function PostForm({
  post,
  draft,
  otherDrafts,
  reloaded,
  onReload,
  userId,
}: {
  post: Post | null;
  draft: PostDraft | null;
  otherDrafts: OtherDrafts | null;
  /** Drawn again with another tab's newer draft: the title takes the focus. */
  reloaded: boolean;
  onReload: (newer: PostDraft) => void;
  userId: string | null;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const navigate = useNavigate();
  const { formRef, focusFirstError } = useFocusFirstError();
  const editorId = useId();
  const [imageBusy, setImageBusy] = useState(false);
  // A saved post's privacy changes apart from the form (the panel below it), in the cache; the
  // panel's picker holds the audience chosen there until "Change who can read it".
  const privacy: PostPrivacy = post?.privacy ?? 'public';
  const [audience, setAudience] = useState<PostPrivacy>(privacy);
  // Saved or deleted: the page is on its way elsewhere, and its buttons stay busy until it goes.
  const [leaving, setLeaving] = useState<Busy>(null);
  const start = draft ? draftFieldsOf(draft) : null;
  const form = useContractForm(post ? editPostResolver(post.postId) : newPostResolver, {
    defaultValues: {
      title: post?.title ?? start?.title ?? '',
      content: post?.content ?? start?.content ?? '',
      image: post?.image ?? start?.image ?? '',
      credit: post?.credit ?? start?.credit ?? '',
      privacy: post?.privacy ?? start?.privacy ?? 'public',
      destination: post?.destination ?? start?.destination ?? 'profile',
    },
    fixErrors: t('writePost.fixErrors'),
  });
  const [title, content, image, credit, destination, newPrivacy] = form.watch([
    'title',
    'content',
    'image',
    'credit',
    'destination',
    'privacy',
  ]);
  // A new post, or a draft whose audience was never chosen, starts from the member's last choice
  // once the page is up (the server drew it with the default).
  const choseAudience = useLastAudience({
    kind: 'post',
    memberId: userId,
    fresh: post === null && (draft === null || draft.privacy === null),
    apply: (last) => form.setValue('privacy', last),
  });
  // A new post is kept as a draft on the server as it is written (issue 33); a published one is
  // saved by its own button only.
  const { autosave, state: draftState } = useDraftAutosave({
    enabled: post === null,
    initial: draft,
    fields: { title, content, image, credit, privacy: newPrivacy, destination },
    save: (request) => api.posts.saveDraft(request),
    loadLatest: (draftId) => api.posts.getDraft(draftId).catch(() => null),
    onCreated: (draftId) => {
      showDraftAddress(draftId);
      void queryClient.invalidateQueries({ queryKey: postDraftQueries.all });
    },
  });
  const draftId = draftState.draftId;
  const saving = useMutation({
    mutationFn: async ({ privacy: chosen, ...fields }: SentPost): Promise<Post> => {
      if (post) return api.posts.update({ ...fields, postId: post.postId });
      // The last changes go to the draft first, and the draft is published as it is then. No
      // draft could be made (the most a member keeps, or none yet): the post is made directly.
      let committed: { draftId: string; version: number } | null = null;
      try {
        committed = await autosave.commit();
      } catch (error) {
        if (autosave.getState().draftId !== null) throw error;
      }
      return committed
        ? api.posts.publishDraft(committed.draftId, committed.version)
        : api.posts.create({ ...fields, privacy: chosen ?? 'public' });
    },
  });
  const privacyChange = useMutation(postEdits.privacy(api, queryClient, post?.postId ?? ''));
  const deleting = useMutation({
    mutationFn: (postId: string) => api.posts.deletePost(postId),
  });
  const [draftBusy, setDraftBusy] = useState<Busy>(null);
  const busy: Busy =
    leaving ??
    draftBusy ??
    (saving.isPending
      ? 'saving'
      : privacyChange.isPending
        ? 'privacy'
        : deleting.isPending
          ? 'deleting'
          : null);
  // The editor and the picture are no inputs of the form's: their values are set, and checked
  // again as they change once a submit has shown the errors.
  const setOutside = (name: 'content' | 'image', value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.submitCount > 0 });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  // A published post: anything typed or chosen since the page opened is asked about before
  // leaving. A new post: only what is not yet in its draft (a save waiting, on its way, failed),
  // or a picture still uploading.
  const dirty =
    busy !== 'deleting' &&
    busy !== 'discarding' &&
    (post
      ? title !== post.title ||
        content !== post.content ||
        image !== post.image ||
        credit !== post.credit ||
        destination !== post.destination
      : leaving === null && (autosave.unsaved || imageBusy));
  const leaveGuard = useLeaveGuard(dirty, post ? undefined : DRAFT_LEAVE);

  const { setFocus } = form;
  useEffect(() => {
    if (reloaded) setFocus('title');
  }, [reloaded, setFocus]);

  const remaining = remainingCharacters(content);

  /** Said above the form and as a toast; focus to the first field in error, editor included. */
  const showFailure = (message: string) => {
    form.setFormError(message);
    toasts.error(message);
    focusFirstError();
  };

  const send = async (sent: SentPost) => {
    if (busy) return;
    try {
      const saved = await saving.mutateAsync(sent);
      setLeaving('saving');
      autosave.dispose();
      postEdits.saved(api, queryClient, saved);
      if (!post) void queryClient.invalidateQueries({ queryKey: postDraftQueries.all });
      toasts.success(t(post ? 'writePost.saved' : 'writePost.published'));
      leaveGuard.allowLeave();
      void navigate(localizePath(`/post/${saved.postId}`, locale));
    } catch (error) {
      if (!post) {
        // Another tab saved a newer version in between: the member chooses first (below).
        if (isDraftError(error, 'DRAFT_STALE')) autosave.conflict(error);
        autosave.release();
      }
      if (isDraftError(error, 'DRAFT_STALE') || isDraftError(error, 'DRAFT_NOT_FOUND')) {
        const message = t('writePost.draft.publishStopped');
        form.setFormError(message);
        toasts.error(message);
        return;
      }
      const fieldsInError = Object.keys(describeApiError(error, locale).fields).length > 0;
      form.refused(error);
      showFailure(
        t(
          fieldsInError
            ? 'writePost.fixErrors'
            : post
              ? 'writePost.updateFailed'
              : 'writePost.createFailed',
        ),
      );
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.setFormError(null);
    void form.handleSubmit(send, () => {
      toasts.error(t('writePost.fixErrors'));
      focusFirstError();
    })(event);
  };

  // The new audience shows at once; a refusal puts the old one back (postEdits.privacy), and the
  // picker keeps the member's choice to try again.
  const changePrivacy = () => {
    if (!post || busy || audience === privacy) return;
    privacyChange.mutate(audience, {
      onSuccess: (changed) => {
        form.setFormError(null);
        if (userId) rememberAudience('post', userId, changed.privacy);
        toasts.success(t(AUDIENCE_CHANGED[changed.privacy]));
      },
      onError: () => showFailure(t('writePost.privacyFailed')),
    });
  };

  const deletePost = async () => {
    if (!post || busy) return;
    try {
      await deleting.mutateAsync(post.postId);
      setLeaving('deleting');
      postEdits.deleted(queryClient);
      setConfirmDelete(false);
      toasts.success(t('writePost.deleted'));
      leaveGuard.allowLeave();
      void navigate(localizePath(userId ? `/profile/${userId}` : '/', locale));
    } catch {
      setConfirmDelete(false);
      showFailure(t('writePost.deleteFailed'));
    }
  };

  /** Discard: the draft is deleted, and the member goes to their drafts. */
  const discardDraft = async () => {
    if (busy) return;
    setDraftBusy('discarding');
    try {
      const { draftId: id } = await autosave.hold();
      if (id) await api.posts.deleteDraft(id);
      autosave.dispose();
      setLeaving('discarding');
      setConfirmDiscard(false);
      void queryClient.invalidateQueries({ queryKey: postDraftQueries.all });
      toasts.success(t('writePost.draft.discarded'));
      leaveGuard.allowLeave();
      void navigate(
        localizePath(userId ? `/profile/${userId}?tab=drafts` : '/profile/write-post', locale),
      );
    } catch {
      autosave.release();
      setConfirmDiscard(false);
      showFailure(t('writePost.draft.discardFailed'));
    } finally {
      setDraftBusy(null);
    }
  };

  /** After DRAFT_STALE: another tab's version replaces this one, or this one is saved over it. */
  const resolveStale = async (choice: 'theirs' | 'mine') => {
    if (!draftId || busy) return;
    setDraftBusy('reloading');
    form.setFormError(null);
    try {
      const theirs = await api.posts.getDraft(draftId);
      if (choice === 'theirs') {
        autosave.dispose();
        toasts.success(t('writePost.draft.loaded'));
        onReload(theirs);
      } else {
        await autosave.keepMine(theirs);
      }
    } catch (error) {
      if (isDraftError(error, 'DRAFT_NOT_FOUND')) autosave.conflict(error);
      else showFailure(t('writePost.draft.loadFailed'));
    } finally {
      setDraftBusy(null);
    }
  };

  const contentError = form.errorOf('content');
  const counterId = `${editorId}-counter`;
  return (
    <section className="page page-narrow write-post">
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-labelledby="write-post-title"
        onSubmit={onSubmit}
      >
        <h1 id="write-post-title">{t(post ? 'writePost.title.edit' : 'writePost.title.new')}</h1>
        <p className="lead">{t('writePost.intro')}</p>
        {!post && !draftId && otherDrafts && userId && (
          <OtherDraftsNotice drafts={otherDrafts} userId={userId} />
        )}
        <FormError message={form.formError} />
        {draftState.status === 'stale' && (
          <div className="write-post-conflict" role="alert">
            <h2>{t('writePost.draft.stale.title')}</h2>
            <p>{t('writePost.draft.stale.text')}</p>
            <p className="actions">
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                aria-busy={busy === 'reloading' ? true : undefined}
                onClick={() => void resolveStale('theirs')}
              >
                {t('writePost.draft.stale.load')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy !== null}
                onClick={() => void resolveStale('mine')}
              >
                {t('writePost.draft.stale.keep')}
              </button>
            </p>
          </div>
        )}
        {draftState.status === 'gone' && (
          <div className="write-post-conflict" role="alert">
            <h2>{t('writePost.draft.gone.title')}</h2>
            <p>{t('writePost.draft.gone.text')}</p>
            <p className="actions">
              <button type="button" className="button" onClick={() => void autosave.startOver()}>
                {t('writePost.draft.gone.keep')}
              </button>
            </p>
          </div>
        )}
        <Field
          label={t('writePost.field.title')}
          dir="auto"
          maxLength={POST_TITLE_MAX}
          required
          {...form.register('title')}
          error={form.errorOf('title')}
        />
        <div className={`field${contentError ? ' has-error' : ''}`}>
          <span
            className="rich-editor-label"
            id={`${editorId}-label`}
            onClick={() => document.getElementById(editorId)?.focus()}
          >
            {t('writePost.field.content')}
          </span>
          <RichTextEditor
            id={editorId}
            labelId={`${editorId}-label`}
            describedBy={[counterId, contentError ? `${editorId}-error` : '']
              .filter(Boolean)
              .join(' ')}
            invalid={Boolean(contentError)}
            initialHtml={post?.content ?? start?.content ?? ''}
            onChange={(html) => setOutside('content', html)}
          />
          <p className="hint write-post-counter" id={counterId} data-remaining={remaining}>
            {remaining > 0 ? t('writePost.remaining', { count: remaining }) : t('writePost.enough')}
          </p>
          {contentError && (
            <p className="error" id={`${editorId}-error`}>
              {contentError}
            </p>
          )}
        </div>
        <ImagePicker
          label={t('writePost.image')}
          current={post?.image ?? (start?.image || null)}
          // A picture still uploading when the form was checked: it is on its way.
          error={
            form.errorOf('image') && (imageBusy ? t('writePost.image.wait') : form.errorOf('image'))
          }
          onUploaded={(url) => setOutside('image', url)}
          onBusy={setImageBusy}
        />
        <Field
          label={t('writePost.credit')}
          hint={t('writePost.credit.hint')}
          dir="auto"
          maxLength={POST_CREDIT_MAX}
          required
          {...form.register('credit')}
          error={form.errorOf('credit')}
        />
        {!post && (
          <AudiencePicker
            legend={t('writePost.privacy')}
            name="privacy"
            value={newPrivacy}
            magazine={destination === 'magazine'}
            onChange={(value) => {
              choseAudience(value);
              form.setValue('privacy', value);
            }}
          />
        )}
        <RadioGroup
          legend={t('writePost.destination')}
          name="destination"
          options={POST_DESTINATIONS.map((value) => ({
            value,
            label: t(DESTINATION_LABELS[value]),
          }))}
          value={destination}
          onChange={(value) => form.setValue('destination', value)}
        />
        <div className="actions">
          <button
            type="submit"
            className="button"
            disabled={busy !== null || imageBusy}
            aria-busy={busy === 'saving' ? true : undefined}
          >
            {busy === 'saving'
              ? t('writePost.sending')
              : t(post ? 'writePost.save' : 'writePost.publish')}
          </button>
          {post && (
            <LocalizedLink className="button button-ghost" to={`/post/${post.postId}`}>
              {t('writePost.view')}
            </LocalizedLink>
          )}
          {!post && draftId && draftState.status !== 'gone' && (
            <button
              type="button"
              className="button button-ghost"
              disabled={busy !== null}
              onClick={() => setConfirmDiscard(true)}
            >
              {t('writePost.draft.discard')}
            </button>
          )}
        </div>
        {!post && <DraftStatus state={draftState} />}
      </form>
      {!post && (
        <Dialog
          open={confirmDiscard}
          title={t('writePost.draft.discard.title')}
          onClose={() => setConfirmDiscard(false)}
          actions={
            <>
              <button
                type="button"
                className="button button-danger"
                disabled={busy === 'discarding'}
                aria-busy={busy === 'discarding' ? true : undefined}
                onClick={() => void discardDraft()}
              >
                {t('writePost.draft.discard.confirm')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirmDiscard(false)}
              >
                {t('writePost.cancel')}
              </button>
            </>
          }
        >
          <p>{t('writePost.draft.discard.text')}</p>
        </Dialog>
      )}
      {post && (
        <section className="write-post-manage" aria-labelledby="write-post-manage">
          <h2 id="write-post-manage" className="visually-hidden">
            {t('writePost.privacy')}
          </h2>
          <p role="status" className="write-post-privacy">
            {t(AUDIENCE_STATUS[privacy])}
          </p>
          <AudiencePicker
            legend={t('writePost.privacy')}
            name="audience"
            value={audience}
            magazine={destination === 'magazine'}
            onChange={setAudience}
          />
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              // Focusable while it cannot act: focus stays on it once the change is made.
              aria-disabled={busy !== null || audience === privacy}
              aria-busy={busy === 'privacy' ? true : undefined}
              onClick={changePrivacy}
            >
              {t('writePost.changeAudience')}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy !== null}
              onClick={() => setConfirmDelete(true)}
            >
              {t('writePost.delete')}
            </button>
          </div>
          <Dialog
            open={confirmDelete}
            title={t('writePost.delete.title')}
            onClose={() => setConfirmDelete(false)}
            actions={
              <>
                <button
                  type="button"
                  className="button button-danger"
                  disabled={busy === 'deleting'}
                  aria-busy={busy === 'deleting' ? true : undefined}
                  onClick={() => void deletePost()}
                >
                  {t('writePost.delete.confirm')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setConfirmDelete(false)}
                >
                  {t('writePost.cancel')}
                </button>
              </>
            }
          >
            <p>{t('writePost.delete.text')}</p>
          </Dialog>
        </section>
      )}
      {leaveGuard.dialog}
    </section>
  );
}

/** The member's other drafts, on a new post's page: so a closed tab's text is not begun again. */
function OtherDraftsNotice({ drafts, userId }: { drafts: OtherDrafts; userId: string }) {
  const { t } = useI18n();
  const title = drafts.latest.title.trim();
  return (
    <section className="notice write-post-drafts" aria-labelledby="write-post-drafts">
      <Icon icon={FileText} />
      <div>
        <h2 id="write-post-drafts" className="write-post-drafts-title">
          {t(drafts.more ? 'writePost.drafts.many' : 'writePost.drafts.count', {
            count: drafts.count,
          })}
        </h2>
        <p className="write-post-drafts-links">
          <LocalizedLink
            to={`/profile/write-post?draft=${encodeURIComponent(drafts.latest.draftId)}`}
          >
            {title
              ? richMessage(t, 'writePost.drafts.continue', {
                  title: (
                    <bdi dir="auto" lang={textLang(title)}>
                      {title}
                    </bdi>
                  ),
                })
              : t('writePost.drafts.continueUntitled')}
          </LocalizedLink>
          <LocalizedLink to={`/profile/${userId}?tab=drafts`}>
            {t('writePost.drafts.all')}
          </LocalizedLink>
        </p>
      </div>
    </section>
  );
}

type Announcement = 'saved' | 'retrying' | 'failed' | 'limit' | 'stale' | 'gone';

/** What a state of the draft says: null for typing and saving, which keep the last words. */
function announcementOf(state: DraftState): Announcement | null {
  switch (state.status) {
    case 'saved':
      return 'saved';
    case 'error':
      return isDraftError(state.error, 'DRAFTS_LIMIT')
        ? 'limit'
        : state.error instanceof ApiError && state.error.status < 500 && state.error.status !== 429
          ? 'failed'
          : 'retrying';
    case 'stale':
    case 'gone':
      return state.status;
    case 'idle':
    case 'pending':
    case 'saving':
      return null;
  }
}

const ANNOUNCED: Record<Announcement, MessageKey> = {
  saved: 'writePost.draft.status.saved',
  retrying: 'writePost.draft.status.retrying',
  failed: 'writePost.draft.status.failed',
  limit: 'writePost.draft.status.limit',
  stale: 'writePost.draft.stale.title',
  gone: 'writePost.draft.gone.title',
};

/**
 * Where the draft is: "Saving…" while typing and sending, then "Saved", or that saving failed.
 * Seen as it goes; heard (a polite live region) only when that changes: a member typing in
 * bursts hears "Saved" once, then only when saving fails, or works again.
 */
function DraftStatus({ state }: { state: DraftState }) {
  const { t } = useI18n();
  const announcement = announcementOf(state);
  const [announced, setAnnounced] = useState<Announcement | null>(null);
  useEffect(() => {
    if (announcement) setAnnounced(announcement);
  }, [announcement]);
  const shown: MessageKey | null =
    state.status === 'pending' || state.status === 'saving'
      ? 'writePost.draft.status.saving'
      : state.status === 'idle'
        ? state.draftId
          ? 'writePost.draft.status.saved'
          : null
        : announcement === 'saved' ||
            announcement === 'retrying' ||
            announcement === 'failed' ||
            announcement === 'limit'
          ? ANNOUNCED[announcement]
          : null;
  return (
    <div className="write-post-draft-status">
      <p
        className={`write-post-draft-state${state.status === 'error' ? ' is-error' : ''}`}
        data-status={state.status}
      >
        {shown && t(shown, { count: POST_DRAFTS_MAX })}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced && t(ANNOUNCED[announced], { count: POST_DRAFTS_MAX })}
      </p>
    </div>
  );
}
