// The contracts' index, not '@mepedia/contracts/browser': a part that reaches zod stays out of the
// shell (apps/web/vite.config.ts), and with it the error messages, which the picker loads only
// with the writing pages that validate with the contracts anyway.
import { IMAGE_MAX_BYTES, IMAGE_UPLOAD_TYPES } from '@mepedia/contracts';
// The files service's own words for a type it refuses (libs/messages/src/errors.ts).
import { errorMessage } from '@mepedia/messages/errors';
import type { Locale, Translate } from '@mepedia/web-i18n';
import { useId, type ReactNode, type Ref } from 'react';
import { useI18n } from '../lib/i18n';
import '../styles/picture-picker.css';

/** The files service's limit, in the megabytes the picker states (10). */
export const PICTURE_MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * Why the files service would refuse `file`, said before it is sent: over its size, or not one of
 * its types (when the browser knows the type; the service reads the first bytes anyway).
 */
export function pictureProblem(
  file: Pick<File, 'size' | 'type'>,
  t: Translate,
  locale: Locale,
): string | null {
  if (file.size > IMAGE_MAX_BYTES) return t('picture.tooBig', { max: PICTURE_MAX_MB });
  if (file.type && !(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type))
    return errorMessage('IMAGE_NOT_SUPPORTED', locale) ?? null;
  return null;
}

/**
 * Choosing a picture, the same on every page that takes one (a post's picture, the profile
 * picture before its crop): a button that opens the file chooser, the limits stated under it
 * ("JPEG, PNG, WebP or GIF, up to 10 MB"), the error, and what the page shows of the choice
 * (`children`: a preview, a status). The file input itself is hidden without taking room (it
 * made the write-post page scroll sideways), focusable, and named by the label and the button.
 * A file over the limits is refused here with `onRefused`; `onFile` gets the others.
 */
export function PicturePicker({
  label,
  chosen,
  error,
  disabled,
  describedBy,
  inputRef,
  className,
  children,
  onFile,
  onRefused,
}: {
  label: string;
  /** A picture is chosen already: the button offers another. */
  chosen: boolean;
  error?: string | null | undefined;
  disabled?: boolean | undefined;
  /** More descriptions of the input (a status line in `children`). */
  describedBy?: string | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  className?: string | undefined;
  children?: ReactNode;
  onFile: (file: File) => void;
  onRefused: (message: string) => void;
}) {
  const { t, locale } = useI18n();
  const id = useId();
  const described = [`${id}-limits`, describedBy, error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field picture-picker${error ? ' has-error' : ''} ${className ?? ''}`.trim()}>
      <span className="picture-picker-label" id={`${id}-label`}>
        {label}
      </span>
      {children}
      <div className="picture-picker-control">
        <input
          ref={inputRef}
          id={id}
          type="file"
          className="picture-picker-input"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            // The same file chosen again after a refusal must fire again.
            event.currentTarget.value = '';
            if (!file) return;
            const problem = pictureProblem(file, t, locale);
            if (problem) onRefused(problem);
            else onFile(file);
          }}
        />
        <label htmlFor={id} id={`${id}-button`} className="button button-secondary">
          {t(chosen ? 'picture.change' : 'picture.choose')}
        </label>
      </div>
      <p className="hint" id={`${id}-limits`}>
        {t('picture.limits', { max: PICTURE_MAX_MB })}
      </p>
      {error && (
        <p className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
