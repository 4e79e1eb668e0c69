import type { CurrentUser } from '@mepedia/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { codeMessage } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { Field, FormError } from '../field';
import { LocalizedLink } from '../localized-link';
import { mottoResolver, socialResolver, videoResolver, type SOCIAL_LINKS } from './resolvers';
import { MOTTO_MAX, mottoLength, youtubeEmbedUrl, youtubeId } from './rules';
import { useSaveProfile, useSettingsContractForm } from './use-settings-form';

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
  const form = useSettingsContractForm(mottoResolver);
  const motto = useWatch({ control: form.control, name: 'moto', defaultValue: user.moto ?? '' });
  const length = mottoLength(motto);
  const over = length - MOTTO_MAX;

  return (
    <form
      className="form"
      noValidate
      onSubmit={form.submit(async (body) => {
        await save(body);
      })}
    >
      <FormError message={form.formError} />
      <Field
        label={t('settings.motto.label')}
        dir="auto"
        defaultValue={user.moto ?? ''}
        {...form.register('moto')}
        error={form.errorOf('moto')}
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
  const { t } = useI18n();
  const save = useSaveProfile();
  const form = useSettingsContractForm(videoResolver);
  const url = useWatch({
    control: form.control,
    name: 'videoUrl',
    defaultValue: user.videoUrl ?? '',
  });
  const id = youtubeId(url);

  return (
    <form
      className="form"
      noValidate
      onSubmit={form.submit(async (body) => {
        await save(body);
      })}
    >
      <FormError message={form.formError} />
      <Field
        label={t('settings.video.label')}
        type="url"
        dir="ltr"
        inputMode="url"
        autoComplete="url"
        defaultValue={user.videoUrl ?? ''}
        {...form.register('videoUrl')}
        error={form.errorOf('videoUrl')}
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
] as const satisfies ReadonlyArray<{
  name: (typeof SOCIAL_LINKS)[number];
  label: string;
  autoComplete: string;
}>;

/** Website and social networks: valid links, or empty to remove one. */
export function SocialForm({ user }: { user: CurrentUser }) {
  const { t } = useI18n();
  const save = useSaveProfile();
  const form = useSettingsContractForm(socialResolver);

  return (
    <form
      className="form"
      noValidate
      onSubmit={form.submit(async (body) => {
        await save(body);
      })}
    >
      <p className="muted">{t('settings.social.hint')}</p>
      <FormError message={form.formError} />
      {SOCIAL_FIELDS.map(({ name, label, autoComplete }) => (
        <Field
          key={name}
          label={t(label)}
          type="url"
          dir="ltr"
          inputMode="url"
          autoComplete={autoComplete}
          defaultValue={user[name] ?? ''}
          {...form.register(name)}
          error={form.errorOf(name)}
        />
      ))}
      <SubmitButton busy={form.busy} />
      <p>
        <LocalizedLink to={`/profile/${user.id}`}>{t('settings.viewProfile')}</LocalizedLink>
      </p>
    </form>
  );
}
