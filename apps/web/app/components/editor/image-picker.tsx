import { ApiError } from '@mepedia/web-api';
import { ImagePlus } from 'lucide-react';
import type { Locale } from '@mepedia/web-i18n';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useApi } from '../../lib/api';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { Icon } from '../icon';
import { PicturePicker } from '../picture-picker';
import { useToasts } from '../toasts';

/** What the picker says of a failed upload: the code's own words where it has them. */
export function uploadErrorMessage(error: unknown, locale: Locale, fallback: string): string {
  if (
    error instanceof ApiError &&
    (error.code === 'IMAGE_TOO_BIG' || error.code === 'IMAGE_NOT_SUPPORTED')
  )
    return describeApiError(error, locale).message;
  return fallback;
}

type Status = 'idle' | 'uploading' | 'uploaded';

/**
 * A post's picture: chosen with the picture picker (which refuses what the files service would),
 * shown at once (an object URL), uploaded for `purpose=post`; `onUploaded` gets the answer's `url`.
 */
export function ImagePicker({
  label,
  current,
  error,
  onUploaded,
  onBusy,
  inputRef,
}: {
  label: string;
  /** The picture already chosen (a post being edited): its path at the files service. */
  current: string | null;
  /** The form's own error for the field (required). */
  error?: string | undefined;
  onUploaded: (url: string) => void;
  onBusy: (busy: boolean) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const statusId = useId();
  const [preview, setPreview] = useState<string | null>(
    current ? `${api.baseUrl}${current}?w=640` : null,
  );
  const [status, setStatus] = useState<Status>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const objectUrl = useRef<string | null>(null);
  const lastGood = useRef<string | null>(preview);

  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const fail = (message: string) => {
    setProblem(message);
    toasts.error(message);
  };

  const choose = async (file: File) => {
    setProblem(null);
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    setPreview(objectUrl.current);
    setStatus('uploading');
    onBusy(true);
    try {
      const uploaded = await api.files.upload(file, 'post');
      lastGood.current = objectUrl.current;
      onUploaded(uploaded.url);
      setStatus('uploaded');
    } catch (cause) {
      setPreview(lastGood.current);
      setStatus('idle');
      fail(uploadErrorMessage(cause, locale, t('writePost.image.uploadFailed')));
    } finally {
      onBusy(false);
    }
  };

  return (
    <PicturePicker
      className="image-picker"
      label={label}
      chosen={preview !== null}
      error={problem ?? error}
      disabled={status === 'uploading'}
      describedBy={statusId}
      inputRef={inputRef}
      onFile={(file) => void choose(file)}
      onRefused={fail}
    >
      <div className="image-picker-preview">
        {preview ? (
          <img src={preview} alt={t('writePost.image.preview')} width={640} height={360} />
        ) : (
          <Icon icon={ImagePlus} size={32} />
        )}
      </div>
      <p className="hint" id={statusId} role="status">
        {status === 'uploading'
          ? t('writePost.image.uploading')
          : status === 'uploaded'
            ? t('writePost.image.uploaded')
            : ''}
      </p>
    </PicturePicker>
  );
}
