import { sniffImageType } from './image-sniff';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part))),
  );

describe('sniffImageType', () => {
  it('tells the four accepted types by their first bytes', () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(bytes('GIF87a', [1, 0]))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
  });

  it('refuses what merely claims to be an image', () => {
    for (const content of [
      bytes(''),
      bytes([0xff, 0xd8]),
      bytes([0x89], 'PNG'),
      bytes([0x89], 'PNG\r\n'),
      bytes('<!doctype html><html><script>alert(1)</script>'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      bytes('<?xml version="1.0"?><svg/>'),
      bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
      bytes('RIFFWEBP'),
      bytes('GIF88a'),
      bytes('gif89a'),
      bytes('BM', [0, 0, 0, 0]),
      bytes('II*', [0]),
      bytes('%PDF-1.7'),
      bytes([0xef, 0xbb, 0xbf, 0xff, 0xd8, 0xff]),
      bytes(' ', [0xff, 0xd8, 0xff]),
    ])
      expect(sniffImageType(content)).toBeUndefined();
  });
});
