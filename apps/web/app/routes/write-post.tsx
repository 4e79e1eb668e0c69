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

/**
 * A post to edit, read as its author (the guard has sent guests to sign in already). Someone
 * else's post answers 403 with a page that says so and offers to read it instead.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!params.postId) return { post: null, notYours: false };
  const api = serverApi(context, request);
  try {
    const [post, session] = await Promise.all([
      api.posts.getPostById(params.postId),
      api.users.session(),
    ]);
    const memberId = session === 'NoSession' ? null : session.id;
    if (post.publisherId !== memberId) return data({ post, notYours: true }, { status: 403 });
    return { post, notYours: false };
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
  const { post, notYours } = loaderData;
  const userId = useRootData()?.user?.id ?? null;
  if (post && notYours) return <NotYours post={post} />;
  // A new form for each post: moving from editing one to writing another starts afresh.
  return <PostForm key={post?.postId ?? 'new'} post={post} userId={userId} />;
}

function NotYours({ post }: { post: Post }) {
  const { t } = useI18n();
  return (
    <section className="page page-narrow">
      <EmptyState
        icon={Lock}
        headingLevel={1}
        title={t('writePost.notYours.title')}
        action={
          <>
            <LocalizedLink className="button" to={`/post/${post.postId}`}>
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
  const toasts = useToasts();
  const navigate = useNavigate();
  const { formRef, focusFirstError } = useFocusFirstError();
  const editorId = useId();
  const [imageBusy, setImageBusy] = useState(false);
  // A saved post's privacy changes apart from the form (the buttons below it).
  const [privacy, setPrivacy] = useState<PostPrivacy>(post?.privacy ?? 'public');
  const [busy, setBusy] = useState<Busy>(null);
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

  const send = async ({ privacy: chosen, ...fields }: SentPost) => {
    if (busy) return;
    setBusy('saving');
    try {
      const saved = post
        ? await api.posts.update({ ...fields, postId: post.postId })
        : await api.posts.create({ ...fields, privacy: chosen ?? 'public' });
      toasts.success(t(post ? 'writePost.saved' : 'writePost.published'));
      leaveGuard.allowLeave();
      void navigate(localizePath(`/post/${saved.postId}`, locale));
    } catch (error) {
      setBusy(null);
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

  const changePrivacy = async () => {
    if (!post || busy) return;
    const next: PostPrivacy = privacy === 'public' ? 'private' : 'public';
    setBusy('privacy');
    try {
      const changed = await api.posts.updatePostPrivacy(post.postId, next);
      setPrivacy(changed.privacy);
      form.setFormError(null);
      toasts.success(
        t(changed.privacy === 'public' ? 'writePost.nowPublic' : 'writePost.nowPrivate'),
      );
    } catch {
      showFailure(t('writePost.privacyFailed'));
    } finally {
      setBusy(null);
    }
  };

  const deletePost = async () => {
    if (!post || busy) return;
    setBusy('deleting');
    try {
      await api.posts.deletePost(post.postId);
      setConfirmDelete(false);
      toasts.success(t('writePost.deleted'));
      leaveGuard.allowLeave();
      void navigate(localizePath(userId ? `/profile/${userId}` : '/', locale));
    } catch {
      setBusy(null);
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
              onClick={() => void changePrivacy()}
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
