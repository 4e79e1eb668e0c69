import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UploadedImage } from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import type { Identity } from '@mepedia/server-identity';
import { InProcessQueue } from '@mepedia/server-queue';
import { call, eventually, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import sharp from 'sharp';
import { envelope, jpegWithExif, startFilesApp, uploadForm } from './files-app';

type Member = Extract<Identity, { kind: 'member' }>;

// The standalone process runs on embedded PGlite with images on local disk.
describe('files service on PGlite and local disk', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  let directory: string;
  const leaving: Member = {
    kind: 'member',
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'he',
  };

  const filesOf = async (id: string) => {
    try {
      return (await readdir(join(directory, 'images', id))).sort();
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'mepedia-files-'));
    handle = await openDatabase({ dataDir: 'memory://' });
    ({ app, base } = await startFilesApp(
      { database: handle, queue, identityPublicKey: identity.keys.publicKey },
      { storage: { kind: 'disk', directory } },
    ));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await queue.close();
    await handle?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  it('stores an upload as files, serves it, and forgets a member who leaves', async () => {
    const response = await fetch(`${base}/api/files/uploadApplicationFile`, {
      method: 'POST',
      headers: { 'x-mepedia-identity': identity.assert(leaving, 'files') },
      body: uploadForm(
        { bytes: await jpegWithExif(700, 500), name: 'me.jpg', type: 'image/jpeg' },
        { purpose: 'profile', cropX: '0', cropY: '0', cropWidth: '0.5', cropHeight: '1' },
      ),
    });
    expect(response.status).toBe(201);
    const image = UploadedImage.parse(await response.json());
    expect(image).toMatchObject({ width: 640, height: 457, widths: [160, 320, 640] });
    expect(image.cropped).toMatchObject({ width: 320, height: 457, widths: [160, 320] });
    // Whole files only: no temporary file is left beside them.
    expect(await filesOf(image.id)).toEqual(['160.webp', '320.webp', '640.webp']);
    expect(await filesOf(image.cropped!.id)).toEqual(['160.webp', '320.webp']);

    const served = await fetch(`${base}${image.url}?w=300`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect({ format: metadata.format, width: metadata.width, exif: metadata.exif }).toEqual({
      format: 'webp',
      width: 320,
      exif: undefined,
    });
    const info = await call(base, 'GET', `/api/files/getImageType/${image.cropped!.id}`);
    expect(info.body).toEqual({
      id: image.cropped!.id,
      type: 'image/webp',
      width: 320,
      height: 457,
      widths: [160, 320],
    });

    const event = envelope('user.deleted', { userId: leaving.userId });
    await queue.add('events-files', event.type, event, { jobId: event.id });
    await eventually(
      async () =>
        (await call(base, 'GET', `/api/files/getImageType/${image.id}`)).status === 404
          ? true
          : undefined,
      { what: 'the member’s image gone' },
    );
    // Read before (its row kept for serving), gone now: its bytes are.
    expect((await call(base, 'GET', `/api/files/image/${image.id}`)).status).toBe(404);
    expect((await call(base, 'GET', `/api/files/image/${image.cropped!.id}`)).status).toBe(404);
    expect(await filesOf(image.id)).toEqual([]);
    expect(await filesOf(image.cropped!.id)).toEqual([]);
    expect(await queue.failed('events-files')).toEqual([]);
  }, 60_000);
});
