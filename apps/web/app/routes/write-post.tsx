import {
  POST_CREDIT_MAX,
  POST_DESTINATIONS,
  POST_PRIVACIES,
  POST_TITLE_MAX,
  type Post,
  type PostDestination,
  type PostPrivacy,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { postEdits, postQueries } from '@mepedia/web-api/queries';
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
import { Lock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { data, useNavigate } from 'react-router';
import { remainingCharacters } from '../components/editor/content';
import { ImagePicker } from '../components/editor/image-picker';
import { RichTextEditor } from '../components/editor/rich-text-editor';
import { EmptyState } from '../components/empty-state';
import { Field, FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { useToasts } from '../components/toasts';
import { Dialog } from '../components/ui/dialog';
import { RadioGroup } from '../components/ui/radio-group';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useFocusFirstError } from '../lib/focus-first-error';
import { useContractForm } from '../lib/contract-form';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { useLeaveGuard } from '../lib/leave-guard';
import { editPostResolver, newPostResolver, type SentPost } from '../lib/post-forms';
import { pageMeta } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/write-post';
import '../styles/write-post.css';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(writePostMessages);

type Loaded = { postId: string | null; notYours: boolean; dehydrated: DehydratedState | null };

/**
 * A post to edit, read as its author (the guard has sent guests to sign in already) into a query
 * cache handed to the browser's with the page, so nothing is asked again there. Someone else's
 * post answers 403 with a page that says so and offers to read it instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.postId) return { postId: null, notYours: false, dehydrated: null } as Loaded;
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  try {
    const [post, session] = await Promise.all([
      queryClient.fetchQuery(postQueries.detail(api, params.postId)),
      api.users.session(),
    ]);
    const memberId = session === 'NoSession' ? null : session.id;
    if (post.publisherId !== memberId)
      return data<Loaded>(
        { postId: post.postId, notYours: true, dehydrated: null },
        { status: 403 },
      );
    return { postId: post.postId, notYours: false, dehydrated: dehydrate(queryClient) } as Loaded;
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
  const { postId, notYours, dehydrated } = loaderData;
  if (postId && notYours) return <NotYours postId={postId} />;
  return (
    <QueryProvider state={dehydrated ?? undefined}>
      {/* A new form for each post: moving from editing one to writing another starts afresh. */}
      <Editing key={postId ?? 'new'} postId={postId} />
    </QueryProvider>
  );
}

/** The post as the cache holds it (the loader put it there), or none for a new one. */
function Editing({ postId }: { postId: string | null }) {
  const api = useApi();
  const userId = useRootData()?.user?.id ?? null;
  const { data: post } = useQuery({
    ...postQueries.detail(api, postId ?? ''),
    enabled: postId !== null,
    // What the author edits is what they opened: nothing is read again behind their typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  if (postId && !post) return null;
  return <PostForm post={post ?? null} userId={userId} />;
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

const PRIVACY_LABELS: Record<PostPrivacy, MessageKey> = {
  public: 'writePost.privacy.public',
  private: 'writePost.privacy.private',
};
const DESTINATION_LABELS: Record<PostDestination, MessageKey> = {
  profile: 'writePost.destination.profile',
  magazine: 'writePost.destination.magazine',
};

type Busy = null | 'saving' | 'privacy' | 'deleting';

function PostForm({ post, userId }: { post: Post | null; userId: string | null }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const navigate = useNavigate();
  const { formRef, focusFirstError } = useFocusFirstError();
  const editorId = useId();
  const [imageBusy, setImageBusy] = useState(false);
  // A saved post's privacy changes apart from the form (the buttons below it), in the cache.
  const privacy: PostPrivacy = post?.privacy ?? 'public';
  // Saved or deleted: the page is on its way elsewhere, and its buttons stay busy until it goes.
  const [leaving, setLeaving] = useState<Busy>(null);
  const saving = useMutation({
    mutationFn: ({ privacy: chosen, ...fields }: SentPost) =>
      post
        ? api.posts.update({ ...fields, postId: post.postId })
        : api.posts.create({ ...fields, privacy: chosen ?? 'public' }),
  });
  const privacyChange = useMutation(postEdits.privacy(api, queryClient, post?.postId ?? ''));
  const deleting = useMutation({
    mutationFn: (postId: string) => api.posts.deletePost(postId),
  });
  const busy: Busy =
    leaving ??
    (saving.isPending
      ? 'saving'
      : privacyChange.isPending
        ? 'privacy'
        : deleting.isPending
          ? 'deleting'
          : null);
  const form = useContractForm(post ? editPostResolver(post.postId) : newPostResolver, {
    defaultValues: {
      title: post?.title ?? '',
      content: post?.content ?? '',
      image: post?.image ?? '',
      credit: post?.credit ?? '',
      privacy: post?.privacy ?? 'public',
      destination: post?.destination ?? 'profile',
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
  // The editor and the picture are no inputs of the form's: their values are set, and checked
  // again as they change once a submit has shown the errors.
  const setOutside = (name: 'content' | 'image', value: string) =>
    form.setValue(name, value, { shouldValidate: form.formState.submitCount > 0 });
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Anything typed or chosen since the page opened (or the post was last saved) is asked about
  // before leaving.
  const dirty =
    busy !== 'deleting' &&
    (title !== (post?.title ?? '') ||
      content !== (post?.content ?? '') ||
      image !== (post?.image ?? '') ||
      credit !== (post?.credit ?? '') ||
      destination !== (post?.destination ?? 'profile'));
  const leaveGuard = useLeaveGuard(dirty);

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
      postEdits.saved(api, queryClient, saved);
      toasts.success(t(post ? 'writePost.saved' : 'writePost.published'));
      leaveGuard.allowLeave();
      void navigate(localizePath(`/post/${saved.postId}`, locale));
    } catch (error) {
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

  // The new privacy shows at once; a refusal puts the old one back (postEdits.privacy).
  const changePrivacy = () => {
    if (!post || busy) return;
    privacyChange.mutate(privacy === 'public' ? 'private' : 'public', {
      onSuccess: (changed) => {
        form.setFormError(null);
        toasts.success(
          t(changed.privacy === 'public' ? 'writePost.nowPublic' : 'writePost.nowPrivate'),
        );
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
        <FormError message={form.formError} />
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
            initialHtml={post?.content ?? ''}
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
          current={post?.image ?? null}
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
          <RadioGroup
            legend={t('writePost.privacy')}
            name="privacy"
            options={POST_PRIVACIES.map((value) => ({ value, label: t(PRIVACY_LABELS[value]) }))}
            value={newPrivacy}
            onChange={(value) => form.setValue('privacy', value)}
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
        </div>
      </form>
      {post && (
        <section className="write-post-manage" aria-labelledby="write-post-manage">
          <h2 id="write-post-manage" className="visually-hidden">
            {t('writePost.privacy')}
          </h2>
          <p role="status" className="write-post-privacy">
            {t(privacy === 'public' ? 'writePost.status.public' : 'writePost.status.private')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              disabled={busy !== null}
              aria-busy={busy === 'privacy' ? true : undefined}
              onClick={changePrivacy}
            >
              {t(privacy === 'public' ? 'writePost.makePrivate' : 'writePost.makePublic')}
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
