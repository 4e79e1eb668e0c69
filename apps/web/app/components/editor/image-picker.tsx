// The contracts' index, not '@mepedia/contracts/browser': see content.ts (this stays with its page).
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_TYPES, errorCatalog } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { ImagePlus } from 'lucide-react';
import type { Locale } from '@mepedia/web-i18n';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { useApi } from '../../lib/api';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { Icon } from '../icon';
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
 * A post's picture: chosen, shown at once (an object URL), refused here when over the size the
 * files service takes, uploaded for `purpose=post`; `onUploaded` gets the answer's `url`.
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
  const inputId = useId();
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
    if (file.size > IMAGE_MAX_BYTES) {
      fail(errorCatalog.IMAGE_TOO_BIG[locale]);
      return;
    }
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

  const shown = problem ?? error;
  const describedBy = [`${inputId}-hint`, `${inputId}-status`, shown ? `${inputId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field image-picker${shown ? ' has-error' : ''}`}>
      <span className="image-picker-label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="image-picker-preview">
        {preview ? (
          <img src={preview} alt={t('writePost.image.preview')} width={640} height={360} />
        ) : (
          <Icon icon={ImagePlus} size={32} />
        )}
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="visually-hidden image-picker-input"
        accept={IMAGE_UPLOAD_TYPES.join(',')}
        aria-labelledby={`${inputId}-label ${inputId}-button`}
        aria-describedby={describedBy}
        aria-invalid={shown ? true : undefined}
        disabled={status === 'uploading'}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file chosen again after a refusal must fire again.
          event.currentTarget.value = '';
          if (file) void choose(file);
        }}
      />
      <label htmlFor={inputId} id={`${inputId}-button`} className="button button-secondary">
        {t(preview ? 'writePost.image.change' : 'writePost.image.choose')}
      </label>
      <p className="hint" id={`${inputId}-hint`}>
        {t('writePost.image.hint')}
      </p>
      <p className="hint" id={`${inputId}-status`} role="status">
        {status === 'uploading'
          ? t('writePost.image.uploading')
          : status === 'uploaded'
            ? t('writePost.image.uploaded')
            : ''}
      </p>
      {shown && (
        <p className="error" id={`${inputId}-error`}>
          {shown}
        </p>
      )}
    </div>
  );
}
