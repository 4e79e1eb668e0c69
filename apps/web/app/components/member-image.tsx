import { fileIdOfImagePath, imagePath } from '@mepedia/contracts/browser';
import { useEffect, useRef, type ImgHTMLAttributes } from 'react';
import { useApi } from '../lib/api';

/**
 * `src` and `srcSet` for an image: one of the files service's (`/api/files/image/{id}`) is offered
 * in the stored widths `widths` lists, so the browser takes the smallest that fills `sizes`;
 * anything else (the site's own pictures) is used as it is. `apiBase` is where the API lives
 * ('' for this origin).
 */
export function imageSources(
  path: string,
  widths: readonly number[],
  apiBase = '',
): { src: string; srcSet?: string } {
  const id = fileIdOfImagePath(path);
  if (!id || widths.length === 0) return { src: path };
  const at = (width: number) => `${apiBase}${imagePath(id, width)}`;
  return {
    // Browsers without srcset take the middle width: sharp enough, not the heaviest.
    src: at(widths[Math.floor((widths.length - 1) / 2)]!),
    srcSet: widths.map((width) => `${at(width)} ${width}w`).join(', '),
  };
}

type MemberImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> & {
  path: string;
  widths: readonly number[];
  sizes: string;
};

/**
 * A member's picture (a post's, a profile's), in the width the layout needs. One that fails to
 * load is marked `data-failed`: the page shows its placeholder instead (and drops a credit that
 * would have nothing to credit), also when it failed before the page came alive.
 */
export function MemberImage({ path, widths, alt = '', ...rest }: MemberImageProps) {
  const api = useApi();
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) image.dataset['failed'] = 'true';
  }, [path]);
  return (
    <img
      ref={ref}
      {...imageSources(path, widths, api.baseUrl)}
      alt={alt}
      onError={(event) => {
        event.currentTarget.dataset['failed'] = 'true';
      }}
      {...rest}
    />
  );
}
