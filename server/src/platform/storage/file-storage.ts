import { CONTRACT, fillPath } from '@ziver/shared';
import { API_PREFIX } from '../http.js';

/** What a feature needs to keep an uploaded file and read it back. */
export type FileKind = 'avatar' | 'attachment' | 'referral_card';

export type StoredFileInfo = {
  /** Content-addressed and unguessable: the same bytes of the same kind always get the same key. */
  key: string;
  kind: FileKind;
  contentType: string;
  byteSize: number;
  width: number;
  height: number;
};

export type StoredFileContent = StoredFileInfo & { bytes: Buffer };

/**
 * The storage seam. The database implementation is the default (every instance reads it, no
 * extra service); an object-storage one can implement the same two calls.
 */
export type FileStorage = {
  /** Stores the bytes (a second put of the same bytes is a no-op) and returns their key. */
  put(file: {
    kind: FileKind;
    bytes: Buffer;
    contentType: string;
    width: number;
    height: number;
  }): Promise<StoredFileInfo>;
  get(key: string): Promise<StoredFileContent | null>;
};

/** The URL the API serves a stored file under. */
export function fileUrl(key: string): string {
  return API_PREFIX + fillPath(CONTRACT.file.path, { key });
}
