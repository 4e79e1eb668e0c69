import { imagePrefix, variantKey, type ImageStorage } from './image-storage';
import { MemoryImageStorage } from './memory-storage';

const ID = 'AbCdEfGhIjKlMnOpQrStUv';
const OTHER = 'ZyXwVuTsRqPoNmLkJiHgFe';

describe(MemoryImageStorage.name, () => {
  it('keeps copies of what it is given, removes one image’s variants, and empties on close', async () => {
    const storage: ImageStorage = new MemoryImageStorage();
    await storage.open();
    const bytes = Buffer.from('variant');
    await storage.put(variantKey(ID, 160), bytes, 'image/webp');
    await storage.put(variantKey(ID, 320), Buffer.from('wider'), 'image/webp');
    await storage.put(variantKey(OTHER, 160), Buffer.from('other'), 'image/webp');
    bytes.write('changed');
    expect((await storage.get(variantKey(ID, 160)))?.toString()).toBe('variant');

    await storage.deletePrefix(imagePrefix(ID));
    await storage.deletePrefix(imagePrefix(ID));
    expect(await storage.get(variantKey(ID, 160))).toBeUndefined();
    expect(await storage.get(variantKey(ID, 320))).toBeUndefined();
    expect((await storage.get(variantKey(OTHER, 160)))?.toString()).toBe('other');

    await storage.close();
    expect(await storage.get(variantKey(OTHER, 160))).toBeUndefined();
  });

  it('takes only keys of the service’s making', async () => {
    const storage: ImageStorage = new MemoryImageStorage();
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'not an image storage key',
    );
    await expect(storage.deletePrefix('images/')).rejects.toThrow('not an image storage key');
  });
});
