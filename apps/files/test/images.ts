import sharp from 'sharp';

/** A multipart form as a browser sends it: text parts, then the file (if any). */
export function uploadForm(
  file: { bytes: Buffer; name?: string; type?: string } | undefined,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name ?? 'upload',
    );
  return form;
}

// Test images, made here (the machine has no network and the repository no binaries).
const canvas = (width: number, height: number, background: sharp.Color, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });

/** A JPEG with EXIF (a copyright line, an orientation) and an ICC profile. */
export const jpegWithExif = (width: number, height: number, orientation = 1) =>
  canvas(width, height, '#3366aa')
    .jpeg()
    .withMetadata({ orientation, exif: { IFD0: { Copyright: 'secret', Artist: 'Ada' } } })
    .toBuffer();

/** A PNG with transparency, an XMP packet and an ICC profile. */
export const pngWithXmp = (width: number, height: number) =>
  canvas(width, height, { r: 200, g: 30, b: 30, alpha: 0.5 }, 4)
    .png()
    .withIccProfile('p3')
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>secret</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .toBuffer();

export const webpWithExif = (width: number, height: number) =>
  canvas(width, height, '#22aa44')
    .webp()
    .withExif({ IFD0: { Copyright: 'secret' } })
    .toBuffer();

export const gif = (width: number, height: number) =>
  canvas(width, height, '#ffcc00').gif().toBuffer();

/**
 * A photo-like JPEG `width` × `height` as stored, red on its left half and blue on its right,
 * shown turned a quarter clockwise (orientation 6): upright, red on top, blue below.
 */
export async function turnedJpeg(width: number, height: number): Promise<Buffer> {
  const red = await canvas(width / 2, height, '#ff0000')
    .png()
    .toBuffer();
  return canvas(width, height, '#0000ff')
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The mean colour of an image, rounded: `[r, g, b]`. */
export async function meanColour(bytes: Buffer): Promise<number[]> {
  const { channels } = await sharp(bytes).stats();
  return channels.slice(0, 3).map((channel) => Math.round(channel.mean));
}
