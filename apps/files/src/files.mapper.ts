import { IMAGE_SERVED_TYPE, imagePath, type ImageInfo } from '@mepedia/contracts';
import type { ImageRow } from './files.schema';
import type { RenderedImage } from './image-processor';

/** A stored image as the contracts show it. */
export function toImageInfo(row: Pick<ImageRow, 'id' | 'width' | 'height' | 'widths'>): ImageInfo {
  return {
    id: row.id,
    type: IMAGE_SERVED_TYPE,
    width: row.width,
    height: row.height,
    widths: [...row.widths].sort((a, b) => a - b),
  };
}

/** A freshly stored image, with the path it is served at. */
export function toStoredImage(id: string, image: RenderedImage): ImageInfo & { url: string } {
  return {
    ...toImageInfo({
      id,
      width: image.width,
      height: image.height,
      widths: image.variants.map((variant) => variant.width),
    }),
    url: imagePath(id),
  };
}
