import sharp, { type Metadata, type Sharp } from 'sharp';
import { AVATAR_SIDE_PX, IMAGE_MAX_PIXELS } from '@ziver/shared';

/**
 * Sets libvips up for uploads, for the whole process (sharp's settings are its own globals):
 * called by the composition root (server.ts) with the decode queue it builds. The same values
 * every time, so a second app in the process changes nothing.
 */
export function configureImageDecoding(): void {
  // Uploads are short-lived: libvips' operation cache would only hold memory.
  sharp.cache(false);
  // One libvips thread per image: how many images are decoded at once is the decode queue's
  // (platform/uploads/decode-queue.ts, sized to the cores), not multiplied by a pool per image.
  sharp.concurrency(1);
}

const FORMATS = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' } as const;
type ImageFormat = keyof typeof FORMATS;

/** Attachments larger than this on their longer side are scaled down. */
const ATTACHMENT_MAX_SIDE_PX = 2560;

export type CleanImage = { bytes: Buffer; contentType: string; width: number; height: number };
export type ImageResult = { ok: true; image: CleanImage } | { ok: false; reason: 'not-image' | 'too-many-pixels' };

type Inspected = { ok: true; format: ImageFormat } | { ok: false; reason: 'not-image' | 'too-many-pixels' };

/**
 * Reads only the header: the bytes must be a JPEG, PNG, GIF or WebP (whatever the name or
 * declared type said), and its pixel count (all frames) must stay under IMAGE_MAX_PIXELS, so a
 * small file declaring a huge image is refused before anything is decoded.
 */
async function inspect(bytes: Buffer): Promise<Inspected> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: 'not-image' };
  }
  if (!(meta.format in FORMATS) || !meta.width || !meta.height) return { ok: false, reason: 'not-image' };
  const frameHeight = meta.pageHeight ?? meta.height;
  const pixels = meta.width * frameHeight * (meta.pages ?? 1);
  if (pixels > IMAGE_MAX_PIXELS) return { ok: false, reason: 'too-many-pixels' };
  return { ok: true, format: meta.format as ImageFormat };
}

async function run(build: () => Sharp): Promise<ImageResult> {
  try {
    const { data, info } = await build().toBuffer({ resolveWithObject: true });
    const contentType = FORMATS[info.format as ImageFormat];
    return {
      ok: true,
      image: { bytes: data, contentType, width: info.width, height: info.pageHeight ?? info.height },
    };
  } catch (error) {
    // A truncated or corrupt body fails here; the pixel limit is checked again while decoding.
    const reason = /pixel limit/i.test(String(error)) ? 'too-many-pixels' : 'not-image';
    return { ok: false, reason };
  }
}

/**
 * A feedback attachment, re-encoded in its own format: orientation applied, every metadata
 * block (EXIF, GPS, XMP, ICC comments) dropped, scaled down past ATTACHMENT_MAX_SIDE_PX.
 */
export async function cleanAttachmentImage(bytes: Buffer): Promise<ImageResult> {
  const inspected = await inspect(bytes);
  if (!inspected.ok) return inspected;
  const { format } = inspected;
  const isAnimated = format === 'gif' || format === 'webp';
  return run(() => {
    const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, animated: isAnimated, failOn: 'error' })
      .autoOrient()
      .resize(ATTACHMENT_MAX_SIDE_PX, ATTACHMENT_MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true });
    if (format === 'jpeg') return pipeline.jpeg({ quality: 85 });
    if (format === 'png') return pipeline.png();
    if (format === 'gif') return pipeline.gif();
    return pipeline.webp({ quality: 85 });
  });
}

/** An avatar: a centred AVATAR_SIDE_PX square WebP (first frame), with no metadata. */
export async function cleanAvatarImage(bytes: Buffer): Promise<ImageResult> {
  const inspected = await inspect(bytes);
  if (!inspected.ok) return inspected;
  return run(() =>
    sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' })
      .autoOrient()
      .resize(AVATAR_SIDE_PX, AVATAR_SIDE_PX, { fit: 'cover' })
      .webp({ quality: 82 }),
  );
}
