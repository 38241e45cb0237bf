import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { DecodeQueue } from '../platform/uploads/decode-queue.js';

/** A real PNG of the given size (a flat colour). */
export function buildPng(options: { width?: number; height?: number } = {}): Promise<Buffer> {
  const { width = 64, height = 48 } = options;
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with GPS coordinates and a camera name. */
export function buildJpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'ZiverCam', Model: 'Secret Model 9', Copyright: 'Jane Doe' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();
}

/** Bytes that are not at all an image, whatever name and type they are sent with. */
export const NOT_AN_IMAGE = Buffer.from('This is plain text pretending to be a PNG.\n'.repeat(20));

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny valid-looking PNG whose header declares `side` × `side` pixels (a pixel bomb). */
export function buildPixelBombPng(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // A few rows of zeros compress to almost nothing; the rest would be decoded from nowhere.
  const rows = deflateSync(Buffer.alloc((side + 1) * 16));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Takes every running slot and every waiting place of an image decode queue, so the next upload
 * finds it full; `release` lets the held jobs finish and waits for them.
 */
export function fillDecodeQueue(queue: DecodeQueue): { release(): Promise<void> } {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const held = Array.from({ length: queue.concurrency + queue.maxWaiting }, () => queue.run(() => gate));
  return {
    release: async () => {
      open();
      await Promise.all(held);
    },
  };
}
