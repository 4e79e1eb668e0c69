import { OptionalVideoUrl, OptionalWebUrl, type CurrentUser } from '@mepedia/contracts';
import { useState, type FormEvent } from 'react';
import { codeMessage, formText, type FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { Field, FormError } from '../field';
import { LocalizedLink } from '../localized-link';
import { MOTTO_MAX, mottoLength, mottoProblem, youtubeEmbedUrl, youtubeId } from './rules';
import { useSaveProfile, useSettingsForm } from './use-settings-form';

function SubmitButton({ busy }: { busy: boolean }) {
  const { t } = useI18n();
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('settings.saving') : t('settings.save')}
      </button>
    </div>
  );
}

/** The motto: at most 50 characters, with a counter that says when it is over. */
export function MottoForm({ user }: { user: CurrentUser }) {
  const { t, locale } = useI18n();
  const save = useSaveProfile();
  const form = useSettingsForm();
  const [motto, setMotto] = useState(user.moto ?? '');
  const length = mottoLength(motto);
  const over = length - MOTTO_MAX;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = mottoProblem(motto);
    await form.submit(problem ? { moto: codeMessage(problem, locale) } : {}, async () => {
      await save({ moto: motto });
    });
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormError message={form.formError} />
      <Field
        label={t('settings.motto.label')}
        name="moto"
        dir="auto"
        value={motto}
        onChange={(event) => setMotto(event.currentTarget.value)}
        error={form.errors['moto']}
        hint={
          <>
            {t('settings.motto.hint')}{' '}
            <span
              className={over > 0 ? 'settings-counter settings-counter-over' : 'settings-counter'}
            >
              {over > 0
                ? t('settings.motto.over', { count: over, max: MOTTO_MAX })
                : t('settings.motto.count', { count: length, max: MOTTO_MAX })}
            </span>
          </>
        }
      />
      {/* Said once when the motto goes over the limit, not at every keystroke (the counter is
          in the field's description, read with it). */}
      <p className="visually-hidden" role="status">
        {over > 0 ? codeMessage('MAX_50_CHARACTERS', locale) : ''}
      </p>
      <SubmitButton busy={form.busy} />
    </form>
  );
}

/**
 * The video preview. Nothing is asked of YouTube until the member presses play: opening their
 * settings tells Google nothing. Then an embed from youtube-nocookie.com (YouTube's
 * privacy-enhanced mode), the one frame source the page policy allows (server/csp.ts), sandboxed
 * to what the player needs; it cannot navigate this page.
 */
function VideoPreview({ id }: { id: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState<string | null>(null);
  const watch = `https://www.youtube.com/watch?v=${encodeURIComponent(id)}`;
  return (
    <figure className="settings-video" data-video-id={id}>
      <figcaption className="settings-video-caption">{t('settings.video.preview')}</figcaption>
      {playing === id ? (
        <iframe
          className="settings-video-frame"
          src={youtubeEmbedUrl(id)}
          title={t('settings.video.frameTitle')}
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
        />
      ) : (
        <div className="settings-video-facade">
          <p>{richMessage(t, 'settings.video.previewOf', { id: <bdi dir="ltr">{id}</bdi> })}</p>
          <p className="muted">{t('settings.video.playHint')}</p>
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setPlaying(id)}
            >
              {t('settings.video.play')}
            </button>
            <a
              className="button button-ghost"
              href={watch}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('settings.video.open')}{' '}
              <span className="visually-hidden">{t('settings.newTab')}</span>
            </a>
          </div>
        </div>
      )}
    </figure>
  );
}

/** The personal video: a YouTube link only, previewed as it is typed. */
export function VideoForm({ user }: { user: CurrentUser }) {
  const { t, locale } = useI18n();
  const save = useSaveProfile();
  const form = useSettingsForm();
  const [url, setUrl] = useState(user.videoUrl ?? '');
  const id = youtubeId(url);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = OptionalVideoUrl.safeParse(url);
    const found: FieldErrors = parsed.success
      ? {}
      : { videoUrl: codeMessage(parsed.error.issues[0]?.message ?? '', locale) };
    await form.submit(found, async () => {
      await save({ videoUrl: url });
    });
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormError message={form.formError} />
      <Field
        label={t('settings.video.label')}
        name="videoUrl"
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        value={url}
        onChange={(event) => setUrl(event.currentTarget.value)}
        error={form.errors['videoUrl']}
        hint={t('settings.video.hint')}
      />
      {id && <VideoPreview id={id} />}
      <SubmitButton busy={form.busy} />
    </form>
  );
}

const SOCIAL_FIELDS = [
  { name: 'websiteLink', label: 'settings.social.website', autoComplete: 'url' },
  { name: 'facebookLink', label: 'settings.social.facebook', autoComplete: 'off' },
  { name: 'instagramLink', label: 'settings.social.instagram', autoComplete: 'off' },
  { name: 'linkedinLink', label: 'settings.social.linkedin', autoComplete: 'off' },
] as const;

/** Website and social networks: valid links, or empty to remove one. */
export function SocialForm({ user }: { user: CurrentUser }) {
  const { t, locale } = useI18n();
  const save = useSaveProfile();
  const form = useSettingsForm();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      SOCIAL_FIELDS.map(({ name }) => [name, formText(data, name)]),
    ) as Record<(typeof SOCIAL_FIELDS)[number]['name'], string>;
    const found: FieldErrors = {};
    for (const { name } of SOCIAL_FIELDS) {
      const parsed = OptionalWebUrl.safeParse(values[name]);
      if (!parsed.success) found[name] = codeMessage(parsed.error.issues[0]?.message ?? '', locale);
    }
    await form.submit(found, async () => {
      await save(values);
    });
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="muted">{t('settings.social.hint')}</p>
      <FormError message={form.formError} />
      {SOCIAL_FIELDS.map(({ name, label, autoComplete }) => (
        <Field
          key={name}
          label={t(label)}
          name={name}
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete={autoComplete}
          defaultValue={user[name] ?? ''}
          error={form.errors[name]}
        />
      ))}
      <SubmitButton busy={form.busy} />
      <p>
        <LocalizedLink to={`/profile/${user.id}`}>{t('settings.viewProfile')}</LocalizedLink>
      </p>
    </form>
  );
}
