/**
 * Where variants' bytes live: a local directory (standalone, development) or an S3 bucket
 * (services mode). Keys are `images/<id>/<width>.webp`; content under a key never changes.
 */
export type ImageStorage = {
  readonly kind: 'disk' | 's3' | 'memory';
  /** Make ready (a directory); called once before the app serves. */
  open(): Promise<void>;
  /** Store `bytes` under `key`, whole or not at all. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or undefined when there are none. */
  get(key: string): Promise<Buffer | undefined>;
  /** Remove every object under `prefix` (none is fine: removal is safe to repeat). */
  deletePrefix(prefix: string): Promise<void>;
  /** Throws when the storage cannot be used (readiness). */
  check(): Promise<void>;
  close(): Promise<void>;
};

/** The folder of one image's variants. */
export const imagePrefix = (id: string) => `images/${id}/`;
/** One variant's key. */
export const variantKey = (id: string, width: number) => `${imagePrefix(id)}${width}.webp`;

const KEY = /^images\/[A-Za-z0-9_-]{22}\/(?:[1-9]\d{0,4}\.webp)?$/;

/** Only keys of our own making reach a store (a key never comes from a client as such). */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not an image storage key: ${JSON.stringify(key)}`);
}
