import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { assertKey, type ImageStorage } from './image-storage';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/**
 * Variants as files under one directory. A write goes to a temporary file beside its target,
 * synced, then renamed over it: a reader sees the whole file or none, even after a crash.
 */
export class DiskImageStorage implements ImageStorage {
  readonly kind = 'disk';
  private readonly root: string;

  constructor(location: { directory: string }) {
    this.root = resolve(location.directory);
  }

  async open(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(
      dirname(path),
      `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      const file = await open(temporary, 'wx');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Prefixes are an image's folder: the folder goes, with any temporary file left in it.
    assertKey(prefix);
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async check(): Promise<void> {
    await access(this.root, constants.R_OK | constants.W_OK);
  }

  async close(): Promise<void> {}

  private pathOf(key: string): string {
    assertKey(key);
    return join(this.root, ...key.split('/').filter(Boolean));
  }
}
