import { assertKey, type ImageStorage } from './image-storage';

/**
 * Variants in the process's memory, gone when it ends: beside a throw-away database
 * (`DATA_DIR=memory://`, the browser tests), so nothing is ever left on disk, even when the
 * process is killed.
 */
export class MemoryImageStorage implements ImageStorage {
  readonly kind = 'memory';
  private readonly objects = new Map<string, Buffer>();

  async open(): Promise<void> {}

  async put(key: string, bytes: Buffer): Promise<void> {
    assertKey(key);
    this.objects.set(key, Buffer.from(bytes));
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertKey(key);
    return this.objects.get(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertKey(prefix);
    for (const key of [...this.objects.keys()])
      if (key.startsWith(prefix)) this.objects.delete(key);
  }

  async check(): Promise<void> {}

  async close(): Promise<void> {
    this.objects.clear();
  }
}
