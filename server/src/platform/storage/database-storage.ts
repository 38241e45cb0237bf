import { createHmac, hkdfSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { storedFiles } from '../db/schema.js';
import type { FileStorage } from './file-storage.js';

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** A stored file's key: 43 base64url characters and an extension. */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}\.(jpg|png|gif|webp)$/;

/**
 * Files in the `stored_files` table (bytea). Keys are an HMAC of kind and bytes under a key
 * derived from the server's secret: content-addressed (immutable, deduplicated) yet unguessable,
 * so a URL is only known to whoever was given it.
 */
export function createDatabaseFileStorage(db: Db, secret: Buffer): FileStorage {
  const keySecret = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'ziver stored file keys', 32));
  return {
    async put({ kind, bytes, contentType, width, height }) {
      const extension = EXTENSIONS[contentType];
      if (!extension) throw new Error(`unsupported content type ${contentType}`);
      const digest = createHmac('sha256', keySecret).update(kind).update('\0').update(bytes).digest('base64url');
      const key = `${digest}.${extension}`;
      await db
        .insert(storedFiles)
        .values({ key, kind, contentType, byteSize: bytes.length, width, height, data: bytes })
        .onConflictDoNothing();
      return { key, kind, contentType, byteSize: bytes.length, width, height };
    },
    async get(key) {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
      if (!row) return null;
      return {
        key: row.key,
        kind: row.kind,
        contentType: row.contentType,
        byteSize: row.byteSize,
        width: row.width,
        height: row.height,
        bytes: row.data,
      };
    },
  };
}
