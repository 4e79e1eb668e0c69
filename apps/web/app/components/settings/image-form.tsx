import type { CurrentUser } from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';
import { useEffect, useState, type FormEvent } from 'react';
import { useApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { Avatar } from '../avatar';
import { FormError } from '../field';
import { PicturePicker } from '../picture-picker';
import { ImageCropper } from './image-cropper';
import { cropFractions, initialCrop, type Crop } from './rules';
import { useSaveProfile, useSettingsForm } from './use-settings-form';

// What is wrong with the file is said at the file input too, not only above the form.
const FILE_ERRORS = { IMAGE_TOO_BIG: 'file', IMAGE_NOT_SUPPORTED: 'file' };

type Chosen = { file: File; url: string; width: number; height: number };

/** The picture's upright size, as the browser draws it (EXIF orientation applied). */
function measure(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () =>
      image.naturalWidth > 0
        ? resolve({ width: image.naturalWidth, height: image.naturalHeight })
        : reject(new Error('empty image'));
    image.onerror = () => reject(new Error('unreadable image'));
    image.src = url;
  });
}

/**
 * Choose a picture, crop a square of it, upload both (the files service stores the picture and
 * its crop) and point the profile at them.
 */
export function ImageForm({ user }: { user: CurrentUser }) {
  const { t } = useI18n();
  const api = useApi();
  const save = useSaveProfile();
  const form = useSettingsForm();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [crop, setCrop] = useState<Crop>({ x: 0, y: 0, size: 1 });
  const [inputKey, setInputKey] = useState(0);
  const current = resolveProfileImage(user);

  // The preview's object URL lives as long as the choice.
  useEffect(() => {
    if (!chosen) return;
    const { url } = chosen;
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const reset = () => {
    setChosen(null);
    setInputKey((key) => key + 1);
  };

  // The picker refused what the files service would (size, type): said at the picker.
  const onRefused = (message: string) => {
    setChosen(null);
    form.fail({ file: message }, null);
  };

  const onChoose = async (file: File) => {
    setChosen(null);
    const url = URL.createObjectURL(file);
    try {
      const size = await measure(url);
      form.setErrors({});
      setCrop(initialCrop(size.width, size.height));
      setChosen({ file, url, ...size });
    } catch {
      URL.revokeObjectURL(url);
      form.fail({ file: t('settings.image.unreadable') }, null);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The submit button shows only with a picture chosen.
    if (!chosen) return;
    await form.submit(
      {},
      async () => {
        const uploaded = await api.files.upload(
          chosen.file,
          'profile',
          cropFractions(crop, chosen.width, chosen.height),
        );
        await save({
          profileImage: uploaded.url,
          croppedProfileImage: uploaded.cropped?.url ?? uploaded.url,
        });
        reset();
      },
      t('settings.image.saved'),
      FILE_ERRORS,
    );
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <div className="settings-current-image">
        <Avatar name={user.fullname} image={current} size="lg" loading="eager" />
        <p>{current ? t('settings.image.current') : t('settings.image.none')}</p>
      </div>
      <FormError message={form.formError} />
      <PicturePicker
        key={inputKey}
        label={t('settings.image.choose')}
        chosen={chosen !== null}
        error={form.errors['file']}
        disabled={form.busy}
        onFile={(file) => void onChoose(file)}
        onRefused={onRefused}
      />
      {chosen && (
        <section className="settings-crop" aria-labelledby="settings-crop-title">
          <h3 id="settings-crop-title">{t('settings.image.crop')}</h3>
          <ImageCropper
            src={chosen.url}
            width={chosen.width}
            height={chosen.height}
            crop={crop}
            onChange={setCrop}
          />
          <div className="actions">
            <button type="submit" className="button" disabled={form.busy}>
              {form.busy ? t('settings.image.uploading') : t('settings.image.save')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={form.busy}
              onClick={reset}
            >
              {t('settings.image.cancel')}
            </button>
          </div>
        </section>
      )}
    </form>
  );
}
