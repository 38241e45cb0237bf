/** The four image formats uploads accept, as their MIME types. */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** A format's signature in a file's first bytes (never its name or declared type), or null. */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Reads a file's first bytes and names its image format; the server checks the whole file again. */
export async function readImageType(file: Blob): Promise<ImageType | null> {
  return sniffImageType(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
}
