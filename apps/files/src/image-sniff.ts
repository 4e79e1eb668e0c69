import type { ImageUploadType } from '@mepedia/contracts';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length &&
  signature.every((byte, index) => bytes[at + index] === byte);

/**
 * What an upload is, by its first bytes alone (its name and content-type are the sender's
 * word): JPEG, PNG, WebP or GIF, else undefined. Passing here only lets the decoder try; the
 * decoder has the last word.
 */
export function sniffImageType(bytes: Uint8Array): ImageUploadType | undefined {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  // RIFF, then the chunk's size (4 bytes, any), then WEBP.
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return undefined;
}

/** sharp's name of each format, to check the decoder read what the bytes said. */
export const SHARP_FORMAT: Record<ImageUploadType, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
