import {
  POST_CONTENT_MAX,
  POST_CREDIT_MAX,
  POST_DESTINATIONS,
  POST_PRIVACIES,
  POST_TITLE_MAX,
  withoutInvisibleControls,
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
import { contentTextLength, remainingCharacters } from '../components/editor/content';
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
import { codeMessage, describeApiError, type FieldErrors } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { useLeaveGuard } from '../lib/leave-guard';
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
  const [title, setTitle] = useState(post?.title ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [image, setImage] = useState<string | null>(post?.image ?? null);
  const [imageBusy, setImageBusy] = useState(false);
  const [credit, setCredit] = useState(post?.credit ?? '');
  const [privacy, setPrivacy] = useState<PostPrivacy>(post?.privacy ?? 'public');
  const [destination, setDestination] = useState<PostDestination>(post?.destination ?? 'profile');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // Anything typed or chosen since the page opened (or the post was last saved) is asked about
  // before leaving.
  const dirty =
    busy !== 'deleting' &&
    (title !== (post?.title ?? '') ||
      content !== (post?.content ?? '') ||
      image !== (post?.image ?? null) ||
      credit !== (post?.credit ?? '') ||
      destination !== (post?.destination ?? 'profile'));
  const leaveGuard = useLeaveGuard(dirty);

  const remaining = remainingCharacters(content);
  const required = codeMessage('FIELD_REQUIRED', locale);

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const length = contentTextLength(content);
    if (!title.trim()) found['title'] = required;
    else if (title.trim().length > POST_TITLE_MAX) found['title'] = codeMessage('TOO_LONG', locale);
    if (length === 0) found['content'] = required;
    else if (remaining > 0) found['content'] = codeMessage('CONTENT_TOO_SHORT', locale);
    else if (length > POST_CONTENT_MAX) found['content'] = codeMessage('TOO_LONG', locale);
    if (imageBusy) found['image'] = t('writePost.image.wait');
    else if (!image) found['image'] = required;
    if (!credit.trim()) found['credit'] = required;
    else if (credit.trim().length > POST_CREDIT_MAX)
      found['credit'] = codeMessage('TOO_LONG', locale);
    return found;
  };

  const showErrors = (fields: FieldErrors, message: string) => {
    setErrors(fields);
    setFormError(message);
    toasts.error(message);
    focusFirstError();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    if (Object.keys(found).length > 0 || !image) {
      showErrors(found, t('writePost.fixErrors'));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy('saving');
    // What the member sees, without the invisible controls the service refuses (pasted text
    // carries them, and a questionnaire post may hold them from its answer).
    const fields = {
      title: withoutInvisibleControls(title).trim(),
      content: withoutInvisibleControls(content.replace(/\r\n?/g, '\n')),
      image,
      credit: withoutInvisibleControls(credit).trim(),
      destination,
    };
    try {
      const saved = post
        ? await api.posts.update({ postId: post.postId, ...fields })
        : await api.posts.create({ ...fields, privacy });
      toasts.success(t(post ? 'writePost.saved' : 'writePost.published'));
      leaveGuard.allowLeave();
      void navigate(localizePath(`/post/${saved.postId}`, locale));
    } catch (error) {
      setBusy(null);
      const described = describeApiError(error, locale);
      const failed = t(post ? 'writePost.updateFailed' : 'writePost.createFailed');
      const fieldsInError = Object.keys(described.fields).length > 0;
      showErrors(described.fields, fieldsInError ? t('writePost.fixErrors') : failed);
    }
  };

  const changePrivacy = async () => {
    if (!post || busy) return;
    const next: PostPrivacy = privacy === 'public' ? 'private' : 'public';
    setBusy('privacy');
    try {
      const changed = await api.posts.updatePostPrivacy(post.postId, next);
      setPrivacy(changed.privacy);
      setFormError(null);
      toasts.success(
        t(changed.privacy === 'public' ? 'writePost.nowPublic' : 'writePost.nowPrivate'),
      );
    } catch {
      showErrors({}, t('writePost.privacyFailed'));
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
      showErrors({}, t('writePost.deleteFailed'));
    }
  };

  const contentError = errors['content'];
  const counterId = `${editorId}-counter`;
  return (
    <section className="page page-narrow write-post">
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-labelledby="write-post-title"
        onSubmit={(event) => void onSubmit(event)}
      >
        <h1 id="write-post-title">{t(post ? 'writePost.title.edit' : 'writePost.title.new')}</h1>
        <p className="lead">{t('writePost.intro')}</p>
        <FormError message={formError} />
        <Field
          label={t('writePost.field.title')}
          name="title"
          dir="auto"
          maxLength={POST_TITLE_MAX}
          required
          value={title}
          error={errors['title']}
          onChange={(event) => setTitle(event.target.value)}
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
            onChange={setContent}
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
          error={errors['image']}
          onUploaded={(url) => {
            setImage(url);
            setErrors(({ image: _done, ...rest }) => rest);
          }}
          onBusy={setImageBusy}
        />
        <Field
          label={t('writePost.credit')}
          hint={t('writePost.credit.hint')}
          name="credit"
          dir="auto"
          maxLength={POST_CREDIT_MAX}
          required
          value={credit}
          error={errors['credit']}
          onChange={(event) => setCredit(event.target.value)}
        />
        {!post && (
          <RadioGroup
            legend={t('writePost.privacy')}
            name="privacy"
            options={POST_PRIVACIES.map((value) => ({ value, label: t(PRIVACY_LABELS[value]) }))}
            value={privacy}
            onChange={setPrivacy}
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
          onChange={setDestination}
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
