import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  ImageDataUrl,
  ImageInfo,
  UploadedImage,
  type ErrorEnvelope,
  type Language,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestEngine,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  startPrivateS3,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import sharp from 'sharp';
import { createFilesApp } from '../src/files.app';
import type { FilesStorageOptions } from '../src/files.options';
import {
  gif,
  jpegWithExif,
  meanColour,
  pngWithXmp,
  turnedJpeg,
  uploadForm,
  webpWithExif,
} from './images';

type Headers = Record<string, string>;
type FieldIssues = Array<{ field: string; code: string }>;
type Answer<T> = { status: number; headers: globalThis.Headers; body: T };

const WEBP_MAGIC = /^RIFF....WEBP/s;

/** Where the images go, and the keys stored under a prefix (`images/<id>/…`). */
type Store = {
  storage: FilesStorageOptions;
  keysUnder(prefix: string): Promise<string[]>;
  close(): Promise<void>;
};

/** An S3 server on loopback (s3rver), as the services mode has a bucket. */
async function bucketStore(): Promise<Store> {
  const server = await startPrivateS3();
  const { S3_BUCKET: bucket = '', S3_ENDPOINT: endpoint = '' } = server.env;
  const credentials = {
    accessKeyId: server.env['S3_ACCESS_KEY_ID'] ?? '',
    secretAccessKey: server.env['S3_SECRET_ACCESS_KEY'] ?? '',
  };
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    storage: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials,
    },
    keysUnder: async (prefix) => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await s3.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    close: async () => {
      s3.destroy();
      await server.close();
    },
  };
}

/** A folder on local disk, as the standalone process keeps its images. */
async function diskStore(): Promise<Store> {
  const directory = await mkdtemp(join(tmpdir(), 'mepedia-files-'));
  return {
    storage: { kind: 'disk', directory },
    // Every file, whole or not: a temporary one left beside the variants would show.
    keysUnder: async (prefix) => {
      const entries = await readdir(join(directory, prefix), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => join(entry.parentPath, entry.name).slice(directory.length + 1))
        .sort();
    },
    close: () => rm(directory, { recursive: true, force: true }),
  };
}

/** Each engine with the store its process has: PostgreSQL with a bucket, PGlite with a folder. */
const STORES: Record<TestEngine, () => Promise<Store>> = {
  postgres: bucketStore,
  pglite: diskStore,
};

// The files service over real HTTP, on each engine with the store that goes with it: PostgreSQL
// and an S3 server on loopback (s3rver), as in the services mode; PGlite and local disk, as in
// the standalone process.
describeEachEngine('files service over HTTP', (engine) => {
  let tested: TestService;
  let store: Store;

  const member = (language: Language = 'en'): Member => newMember({ language });
  const as = (who: Member | null): Headers => (who ? tested.as(who) : {});

  async function send<T>(
    who: Member | null,
    form: FormData,
    headers: Headers = {},
    path = '/api/files/uploadApplicationFile',
  ): Promise<Answer<T>> {
    const response = await fetch(`${tested.base}${path}`, {
      method: 'POST',
      headers: { ...as(who), ...headers },
      body: form,
    });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as T,
    };
  }
  async function upload(
    who: Member,
    bytes: Buffer,
    fields: Record<string, string> = {},
  ): Promise<UploadedImage> {
    const response = await send<UploadedImage>(
      who,
      uploadForm({ bytes, name: 'photo.jpg', type: 'image/jpeg' }, fields),
    );
    expect(response.status).toBe(201);
    return UploadedImage.parse(response.body);
  }
  /** Bytes (or an error envelope) from a GET or POST of an image route. */
  async function fetchImage(path: string, method = 'GET') {
    const response = await fetch(`${tested.base}${path}`, { method });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, headers: response.headers, bytes };
  }
  const refusedWith = async (
    who: Member,
    form: FormData,
    expected: { status: number; code: string },
    headers: Headers = {},
  ) => {
    const before = await objectCount();
    const response = await send<ErrorEnvelope>(who, form, headers);
    expect({ status: response.status, code: response.body.code }).toEqual(expected);
    // Nothing stored: no row of the member's, no object.
    expect(await rowsOf(who)).toBe(0);
    expect(await objectCount()).toBe(before);
    return response.body;
  };

  const rowsOf = (who: Member) =>
    tested.database.count('select count(*)::int as n from files.images where owner_id = $1', [
      who.userId,
    ]);
  const keysUnder = (prefix: string) => store.keysUnder(prefix);
  const objectCount = async () => (await keysUnder('images/')).length;
  const expectCleanWebp = async (bytes: Buffer, size?: { width: number; height: number }) => {
    expect(bytes.subarray(0, 12).toString('latin1')).toMatch(WEBP_MAGIC);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('webp');
    // No metadata of the upload survives: no EXIF, no colour profile, no XMP.
    expect({ exif: metadata.exif, icc: metadata.icc, xmp: metadata.xmp }).toEqual({
      exif: undefined,
      icc: undefined,
      xmp: undefined,
    });
    expect(bytes.includes('secret')).toBe(false);
    if (size) expect({ width: metadata.width, height: metadata.height }).toEqual(size);
  };

  beforeAll(async () => {
    store = await STORES[engine]();
    tested = await startTestService(
      'files',
      (platform) => createFilesApp(platform, { storage: store.storage }),
      { engine, poolSize: 4 },
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await store?.close();
  }, SETUP_TIMEOUT_MS);

  describe('uploadApplicationFile', () => {
    it('refuses a guest (AUTH_REQUIRED) and stores nothing', async () => {
      const before = await objectCount();
      const response = await send<ErrorEnvelope>(
        null,
        uploadForm({ bytes: await gif(40, 40), type: 'image/gif' }),
      );
      expect({ status: response.status, code: response.body.code }).toEqual({
        status: 401,
        code: 'AUTH_REQUIRED',
      });
      expect(await objectCount()).toBe(before);
    });

    it('takes a JPEG: upright by its EXIF orientation, WebP in every width up to its own, metadata gone', async () => {
      const uploader = member();
      // 2400 × 1600 stored, shown turned a quarter: 1600 × 2400.
      const image = await upload(uploader, await jpegWithExif(2400, 1600, 6));
      expect(image).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        url: `/api/files/image/${image.id}`,
        type: 'image/webp',
        width: 1280,
        height: 1920,
        widths: [160, 320, 640, 800, 960, 1280],
      });
      expect(await rowsOf(uploader)).toBe(1);
      expect(await keysUnder(`images/${image.id}/`)).toEqual(
        [160, 320, 640, 800, 960, 1280].map((width) => `images/${image.id}/${width}.webp`).sort(),
      );
      const served = await fetchImage(image.url);
      expect(served.status).toBe(200);
      await expectCleanWebp(served.bytes, { width: 1280, height: 1920 });
    });

    it('takes a PNG (transparency kept), a WebP and a GIF, never enlarging them', async () => {
      const uploader = member();
      const png = await upload(uploader, await pngWithXmp(500, 300));
      expect(png).toMatchObject({ width: 320, height: 192, widths: [160, 320] });
      const pngBytes = (await fetchImage(png.url)).bytes;
      await expectCleanWebp(pngBytes, { width: 320, height: 192 });
      expect((await sharp(pngBytes).metadata()).hasAlpha).toBe(true);

      const webp = await upload(uploader, await webpWithExif(2500, 1250));
      expect(webp).toMatchObject({
        width: 1920,
        height: 960,
        widths: [160, 320, 640, 800, 960, 1280, 1920],
      });
      await expectCleanWebp((await fetchImage(webp.url)).bytes, { width: 1920, height: 960 });

      // Narrower than the narrowest standard width: kept at its own.
      const small = await upload(uploader, await gif(100, 80));
      expect(small).toMatchObject({ width: 100, height: 80, widths: [100] });
      await expectCleanWebp((await fetchImage(small.url)).bytes, { width: 100, height: 80 });
      expect(await rowsOf(uploader)).toBe(3);
    });

    it('judges by the bytes, not the name or the type header', async () => {
      const uploader = member();
      const response = await send<UploadedImage>(
        uploader,
        uploadForm(
          { bytes: await pngWithXmp(200, 100), name: 'notes.txt', type: 'text/plain' },
          {
            purpose: 'post',
          },
        ),
      );
      expect(response.status).toBe(201);
      expect(response.body.widths).toEqual([160]);
    });

    it('re-encodes a real image with HTML after its end: the HTML is not in what is served', async () => {
      const uploader = member();
      const polyglot = Buffer.concat([
        await pngWithXmp(200, 200),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]);
      const image = await upload(uploader, polyglot);
      const served = await fetchImage(image.url);
      await expectCleanWebp(served.bytes);
      expect(served.bytes.includes('<script')).toBe(false);
    });

    describe('refuses hostile and broken files, storing nothing', () => {
      const notSupported = { status: 415, code: 'IMAGE_NOT_SUPPORTED' };

      it('HTML named .png with type image/png', async () => {
        const html = Buffer.from(
          '<!doctype html><html><body><script>alert(1)</script></body></html>',
        );
        await refusedWith(
          member(),
          uploadForm({ bytes: html, name: 'cat.png', type: 'image/png' }),
          notSupported,
        );
      });

      it('an SVG with a script, as image/svg+xml and as a .png', async () => {
        const svg = Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        );
        const uploader = member();
        await refusedWith(
          uploader,
          uploadForm({ bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }),
          notSupported,
        );
        await refusedWith(
          uploader,
          uploadForm({ bytes: svg, name: 'logo.png', type: 'image/png' }),
          notSupported,
        );
      });

      it('polyglots: a GIF header before HTML, a JPEG header before junk', async () => {
        const uploader = member();
        const gifHtml = Buffer.concat([
          Buffer.from('GIF89a'),
          Buffer.from('/*<html><script>alert(1)</script></html>*/'),
        ]);
        await refusedWith(
          uploader,
          uploadForm({ bytes: gifHtml, type: 'image/gif' }),
          notSupported,
        );
        const jpegJunk = Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.alloc(4096, 'A'),
        ]);
        await refusedWith(
          uploader,
          uploadForm({ bytes: jpegJunk, type: 'image/jpeg' }),
          notSupported,
        );
      });

      it('truncated files (failOn: error)', async () => {
        const uploader = member();
        const jpeg = await jpegWithExif(800, 600);
        await refusedWith(
          uploader,
          uploadForm({ bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) }),
          notSupported,
        );
        const png = await pngWithXmp(400, 400);
        await refusedWith(
          uploader,
          uploadForm({ bytes: png.subarray(0, png.length - 40) }),
          notSupported,
        );
        const animation = await gif(300, 200);
        await refusedWith(
          uploader,
          uploadForm({ bytes: animation.subarray(0, animation.length - 10) }),
          notSupported,
        );
      });

      it('an empty file', async () => {
        await refusedWith(
          member(),
          uploadForm({ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }),
          notSupported,
        );
      });

      it('a file over 10 MiB: IMAGE_TOO_BIG, in the caller’s language', async () => {
        const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0x42);
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
        const tooBig = { status: 413, code: 'IMAGE_TOO_BIG' };
        const english = await refusedWith(member('en'), uploadForm({ bytes: big }), tooBig);
        expect(english.message).toBe('Image too big');
        expect(english.details).toEqual({ maxBytes: IMAGE_MAX_BYTES, maxPixels: IMAGE_MAX_PIXELS });
        const hebrew = await refusedWith(member('he'), uploadForm({ bytes: big }), tooBig);
        expect(hebrew.message).toBe('התמונה גדולה מדי');
        const asked = await refusedWith(member('en'), uploadForm({ bytes: big }), tooBig, {
          'accept-language': 'he',
        });
        // The member's saved language comes before the browser's.
        expect(asked.message).toBe('Image too big');
      });

      it('a decompression bomb: a small PNG of 10000 × 10000 pixels', async () => {
        const bomb = await sharp({
          create: { width: 10_000, height: 10_000, channels: 3, background: '#000000' },
        })
          .png({ compressionLevel: 9 })
          .toBuffer();
        expect(bomb.length).toBeLessThan(IMAGE_MAX_BYTES);
        const body = await refusedWith(member('he'), uploadForm({ bytes: bomb }), {
          status: 413,
          code: 'IMAGE_TOO_BIG',
        });
        expect(body.message).toBe('התמונה גדולה מדי');
      });
    });

    describe('the form', () => {
      it('needs a file part named `file`, one only, and multipart at all', async () => {
        const uploader = member();
        const missing = await refusedWith(uploader, uploadForm(undefined, { purpose: 'post' }), {
          status: 400,
          code: 'VALIDATION_FAILED',
        });
        expect(
          (missing.details as FieldIssues).map(({ field, code }) => ({ field, code })),
        ).toEqual([{ field: 'file', code: 'FIELD_REQUIRED' }]);

        const image = await gif(20, 20);
        const two = uploadForm({ bytes: image });
        two.append('file', new Blob([new Uint8Array(image)]), 'again.gif');
        await refusedWith(uploader, two, { status: 400, code: 'VALIDATION_FAILED' });

        const elsewhere = new FormData();
        elsewhere.append('picture', new Blob([new Uint8Array(image)]), 'a.gif');
        const renamed = await refusedWith(uploader, elsewhere, {
          status: 400,
          code: 'VALIDATION_FAILED',
        });
        expect((renamed.details as FieldIssues)[0]).toMatchObject({ field: 'picture' });

        const json = await call<ErrorEnvelope>(
          tested.base,
          'POST',
          '/api/files/uploadApplicationFile',
          {
            headers: as(uploader),
            body: { file: 'R0lGODlh' },
          },
        );
        expect({ status: json.status, code: json.body.code }).toEqual({
          status: 415,
          code: 'UNSUPPORTED_MEDIA_TYPE',
        });
        expect(await rowsOf(uploader)).toBe(0);
      });

      it('checks purpose and the crop', async () => {
        const uploader = member();
        const image = await gif(40, 40);
        const issues = async (fields: Record<string, string>) => {
          const body = await refusedWith(uploader, uploadForm({ bytes: image }, fields), {
            status: 400,
            code: 'VALIDATION_FAILED',
          });
          return (body.details as FieldIssues).map(({ field, code }) => ({ field, code }));
        };
        expect(await issues({ purpose: 'avatar' })).toEqual([
          { field: 'purpose', code: 'INVALID_VALUE' },
        ]);
        expect(await issues({ purpose: 'profile', cropX: '0.1', cropY: '0.1' })).toEqual([
          { field: 'cropWidth', code: 'FIELD_REQUIRED' },
          { field: 'cropHeight', code: 'FIELD_REQUIRED' },
        ]);
        const crop = { cropX: '0.5', cropY: '0', cropWidth: '0.6', cropHeight: '0' };
        expect(await issues({ purpose: 'profile', ...crop })).toEqual([
          { field: 'cropWidth', code: 'INVALID_VALUE' },
          { field: 'cropHeight', code: 'INVALID_VALUE' },
        ]);
        expect(
          await issues({
            purpose: 'profile',
            cropX: '-0.1',
            cropY: '1e-1',
            cropWidth: '0.5',
            cropHeight: 'half',
          }),
        ).toEqual([
          { field: 'cropX', code: 'INVALID_VALUE' },
          { field: 'cropY', code: 'INVALID_VALUE' },
          { field: 'cropHeight', code: 'INVALID_VALUE' },
        ]);
        const square = { cropX: '0', cropY: '0', cropWidth: '0.5', cropHeight: '0.5' };
        expect(await issues({ purpose: 'post', ...square })).toEqual([
          { field: 'purpose', code: 'INVALID_VALUE' },
        ]);
        expect(await issues({ ...square })).toEqual([{ field: 'purpose', code: 'INVALID_VALUE' }]);
        expect(await issues({ purpose: `profile${' '.repeat(40)}` })).toEqual([
          { field: 'purpose', code: 'TOO_LONG' },
        ]);
      });
    });

    it('with a crop, stores the crop as a second image, cut from the upright picture', async () => {
      const uploader = member();
      // Upright 1800 × 2400: red on top, blue below. The crop: a 900 square in the blue half.
      const image = await upload(uploader, await turnedJpeg(2400, 1800), {
        purpose: 'profile',
        cropX: '0.25',
        cropY: '0.5625',
        cropWidth: '.5',
        cropHeight: '0.375',
      });
      expect(image).toMatchObject({ width: 1280, widths: [160, 320, 640, 800, 960, 1280] });
      const cropped = image.cropped!;
      // 900 × 900 pixels of the upright picture, kept up to 640 wide.
      expect(cropped).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        url: `/api/files/image/${cropped.id}`,
        type: 'image/webp',
        width: 640,
        height: 640,
        widths: [160, 320, 640],
      });
      expect(cropped.id).not.toBe(image.id);
      expect(await rowsOf(uploader)).toBe(2);
      const croppedBytes = (await fetchImage(cropped.url)).bytes;
      await expectCleanWebp(croppedBytes, { width: 640, height: 640 });
      const [red, green, blue] = await meanColour(croppedBytes);
      expect(blue).toBeGreaterThan(240);
      expect(red! + green!).toBeLessThan(20);
      // The whole picture is half red, half blue.
      const [wholeRed, , wholeBlue] = await meanColour((await fetchImage(image.url)).bytes);
      expect(Math.abs(wholeRed! - wholeBlue!)).toBeLessThan(10);

      const small = await upload(uploader, await gif(300, 200), {
        purpose: 'profile',
        cropX: '0',
        cropY: '0',
        cropWidth: '0.5',
        cropHeight: '1',
      });
      expect(small.cropped).toMatchObject({ width: 150, height: 200, widths: [150] });
    });
  });

  describe('image/{id}', () => {
    let image: UploadedImage;

    beforeAll(async () => {
      image = await upload(member(), await webpWithExif(1500, 1000));
    }, SETUP_TIMEOUT_MS);

    it('answers the widest variant, immutable, never to be sniffed or run', async () => {
      const served = await fetchImage(`/api/files/image/${image.id}`);
      expect(served.status).toBe(200);
      expect(Object.fromEntries(served.headers)).toMatchObject({
        'content-type': 'image/webp',
        'cache-control': 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-disposition': `inline; filename="${image.id}.webp"`,
        'content-security-policy': "default-src 'none'; sandbox",
        'content-length': String(served.bytes.length),
      });
      await expectCleanWebp(served.bytes, { width: 1280, height: 853 });
      const head = await fetchImage(`/api/files/image/${image.id}`, 'HEAD');
      expect({ status: head.status, type: head.headers.get('content-type') }).toEqual({
        status: 200,
        type: 'image/webp',
      });
    });

    it('with ?w= answers the narrowest variant at least that wide, else the widest', async () => {
      const widthAt = async (w: string) => {
        const served = await fetchImage(`/api/files/image/${image.id}?w=${w}`);
        expect(served.status).toBe(200);
        return (await sharp(served.bytes).metadata()).width;
      };
      expect(await widthAt('1')).toBe(160);
      expect(await widthAt('160')).toBe(160);
      expect(await widthAt('161')).toBe(320);
      expect(await widthAt('700')).toBe(800);
      expect(await widthAt('801')).toBe(960);
      expect(await widthAt('5000')).toBe(1280);
      const bad = await call<ErrorEnvelope>(
        tested.base,
        'GET',
        `/api/files/image/${image.id}?w=wide`,
      );
      expect({ status: bad.status, code: bad.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });

    it('answers FILE_NOT_FOUND (JSON) for an unknown or malformed id', async () => {
      for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', `${image.id}x`, '..%2F..%2Fetc']) {
        for (const path of [`image/${id}`, `getImageType/${id}`, `imagePageView/${id}`]) {
          const response = await call<ErrorEnvelope>(tested.base, 'GET', `/api/files/${path}`);
          expect({ path, status: response.status, code: response.body.code }).toEqual({
            path,
            status: 404,
            code: 'FILE_NOT_FOUND',
          });
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        }
      }
      const post = await call<ErrorEnvelope>(
        tested.base,
        'POST',
        '/api/files/image/AAAAAAAAAAAAAAAAAAAAAA?base64=true',
      );
      expect({ status: post.status, code: post.body.code }).toEqual({
        status: 404,
        code: 'FILE_NOT_FOUND',
      });
    });

    it('POST with base64=true answers the 320 variant as a data URL; without, the bytes', async () => {
      const inline = await call<ImageDataUrl>(
        tested.base,
        'POST',
        `/api/files/image/${image.id}?base64=true`,
      );
      expect(inline.status).toBe(200);
      expect(ImageDataUrl.parse(inline.body)).toEqual(inline.body);
      expect(inline.body).toMatchObject({ id: image.id, type: 'image/webp', width: 320 });
      const prefix = 'data:image/webp;base64,';
      expect(inline.body.dataUrl.startsWith(prefix)).toBe(true);
      const decoded = Buffer.from(inline.body.dataUrl.slice(prefix.length), 'base64');
      await expectCleanWebp(decoded, { width: 320, height: 213 });

      const wide = await call<ImageDataUrl>(
        tested.base,
        'POST',
        `/api/files/image/${image.id}?base64=true&w=600`,
      );
      expect(wide.body.width).toBe(640);

      const bytes = await fetchImage(`/api/files/image/${image.id}?w=161`, 'POST');
      expect(bytes.status).toBe(200);
      expect(bytes.headers.get('content-type')).toBe('image/webp');
      await expectCleanWebp(bytes.bytes, { width: 320, height: 213 });
    });

    it('getImageType answers what is stored, cacheable for a while', async () => {
      const response = await call<ImageInfo>(
        tested.base,
        'GET',
        `/api/files/getImageType/${image.id}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: image.id,
        type: 'image/webp',
        width: 1280,
        height: 853,
        widths: [160, 320, 640, 800, 960, 1280],
      });
      expect(ImageInfo.parse(response.body)).toEqual(response.body);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    });

    it('imagePageView answers the 1280 variant with resize=true, else the widest, with or without the slash', async () => {
      const big = await upload(member(), await webpWithExif(2400, 1200));
      for (const slash of ['', '/']) {
        const resized = await fetchImage(`/api/files/imagePageView/${big.id}${slash}?resize=true`);
        expect(resized.status).toBe(200);
        expect(resized.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(resized.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        await expectCleanWebp(resized.bytes, { width: 1280, height: 640 });
        const whole = await fetchImage(`/api/files/imagePageView/${big.id}${slash}`);
        await expectCleanWebp(whole.bytes, { width: 1920, height: 960 });
      }
      // Narrower than 1280: its widest.
      const page = await fetchImage(`/api/files/imagePageView/${image.id}?resize=true`);
      await expectCleanWebp(page.bytes, { width: 1280, height: 853 });
      const slashMissing = await call<ErrorEnvelope>(
        tested.base,
        'GET',
        '/api/files/imagePageView/AAAAAAAAAAAAAAAAAAAAAA/?resize=true',
      );
      expect({ status: slashMissing.status, code: slashMissing.body.code }).toEqual({
        status: 404,
        code: 'FILE_NOT_FOUND',
      });
      const badFlag = await call<ErrorEnvelope>(
        tested.base,
        'GET',
        `/api/files/imagePageView/${big.id}/?resize=yes`,
      );
      expect({ status: badFlag.status, code: badFlag.body.code }).toEqual({
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('user.deleted', () => {
    const ids = (image: UploadedImage) => [image.id, ...(image.cropped ? [image.cropped.id] : [])];
    const storedUnder = async (id: string) => (await keysUnder(`images/${id}/`)).length;

    it('removes every image of the member, bytes and rows, and takes a repeat in its stride', async () => {
      const [leaving, staying] = [member(), member()];
      const mine = [
        await upload(leaving, await gif(400, 300)),
        await upload(leaving, await jpegWithExif(800, 800), {
          purpose: 'profile',
          cropX: '0.25',
          cropY: '0.25',
          cropWidth: '0.5',
          cropHeight: '0.5',
        }),
      ];
      const theirs = await upload(staying, await gif(200, 200));
      expect(await rowsOf(leaving)).toBe(3);

      const event = envelope('user.deleted', { userId: leaving.userId });
      await tested.queue.add('events-files', event.type, event, { jobId: event.id });
      await eventually(async () => ((await rowsOf(leaving)) === 0 ? true : undefined), {
        what: 'the member’s images gone',
      });
      for (const id of mine.flatMap(ids)) {
        expect(await storedUnder(id)).toBe(0);
        const gone = await call<ErrorEnvelope>(tested.base, 'GET', `/api/files/image/${id}`);
        expect(gone.status).toBe(404);
      }
      expect(await rowsOf(staying)).toBe(1);
      expect((await fetchImage(theirs.url)).status).toBe(200);

      // Delivered again (a retry): nothing left to do, nothing fails.
      const again = envelope('user.deleted', { userId: leaving.userId });
      await tested.queue.add('events-files', again.type, again, { jobId: again.id, attempts: 1 });
      const notMember = envelope('user.deleted', { userId: 'not-a-uuid' });
      await tested.queue.add('events-files', notMember.type, notMember, {
        jobId: notMember.id,
        attempts: 1,
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await tested.queue.failed('events-files')).toEqual([]);
      expect(await rowsOf(staying)).toBe(1);
    });
  });

  it('is ready when its database and bucket are', async () => {
    const ready = await call<{ checks: Array<{ name: string; ok: boolean }> }>(
      tested.base,
      'GET',
      '/health/ready',
    );
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual([
      { name: 'database', ok: true },
      { name: 'storage', ok: true },
      { name: 'shutdown', ok: true },
    ]);
  });
});
