import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiskImageStorage } from './disk-storage';
import { imagePrefix, variantKey, type ImageStorage } from './image-storage';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';

describe(DiskImageStorage.name, () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'mepedia-files-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes whole files under images/<id>/, reads them back, and removes an image', async () => {
    const storage: ImageStorage = new DiskImageStorage({ directory: join(directory, 'files') });
    await storage.open();
    await storage.check();
    await storage.put(variantKey(ID, 160), Buffer.from('small'), 'image/webp');
    await storage.put(variantKey(ID, 320), Buffer.from('large'), 'image/webp');
    await storage.put(variantKey(ID, 320), Buffer.from('again'), 'image/webp');
    // No temporary file left beside them.
    expect((await readdir(join(directory, 'files', 'images', ID))).sort()).toEqual([
      '160.webp',
      '320.webp',
    ]);
    expect((await storage.get(variantKey(ID, 320)))?.toString()).toBe('again');
    expect(await storage.get(variantKey(ID, 640))).toBeUndefined();
    await storage.deletePrefix(imagePrefix(ID));
    await storage.deletePrefix(imagePrefix(ID));
    expect(existsSync(join(directory, 'files', 'images', ID))).toBe(false);
    expect(await storage.get(variantKey(ID, 160))).toBeUndefined();
  });

  it('takes only keys of its own making', async () => {
    const storage: ImageStorage = new DiskImageStorage({ directory });
    await storage.open();
    for (const key of ['images/../../etc/passwd', '../x.webp', `images/${ID}/1.png`, 'images/'])
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
        'not an image storage key',
      );
    await expect(storage.deletePrefix('images/')).rejects.toThrow('not an image storage key');
  });
});
