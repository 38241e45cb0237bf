import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { ReferralCardTexts } from '@ziver/bot';
import type { Db } from '../../platform/db/client.js';
import { referralCardImages } from '../../platform/db/schema.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import type { DecodeQueue } from '../../platform/uploads/decode-queue.js';

/** The inline card's photo (a chat preview) or the story's background (Telegram's 9:16). */
type ReferralImageVariant = 'card' | 'story';

/** Bump when the drawing changes: every cached image is then drawn again on its next use. */
const LAYOUT_VERSION = 1;

const REFERRAL_IMAGE_SIZES: Record<ReferralImageVariant, { width: number; height: number }> = {
  card: { width: 1200, height: 630 },
  story: { width: 1080, height: 1920 },
};

type ReferralImageInput = {
  variant: ReferralImageVariant;
  inviterName: string;
  code: string;
  /** The link the QR code carries (the card's start link). */
  link: string;
  texts: ReferralCardTexts;
};

type ReferralImage = { key: string; width: number; height: number; wasCached: boolean };

/**
 * The user's referral image in a language: the cached one when what it shows is unchanged
 * (same fingerprint), else drawn (a turn of the decode queue), stored as a public file and
 * remembered for the user, variant and language.
 */
export async function getReferralImage(
  deps: { db: Db; storage: FileStorage; imageDecodes: DecodeQueue },
  options: { userId: string; language: string; image: ReferralImageInput },
): Promise<ReferralImage> {
  const { userId, language, image } = options;
  const size = REFERRAL_IMAGE_SIZES[image.variant];
  const fingerprint = fingerprintOf(image);
  const [cached] = await deps.db
    .select({ fingerprint: referralCardImages.fingerprint, fileKey: referralCardImages.fileKey })
    .from(referralCardImages)
    .where(
      and(
        eq(referralCardImages.userId, userId),
        eq(referralCardImages.variant, image.variant),
        eq(referralCardImages.language, language),
      ),
    )
    .limit(1);
  if (cached?.fingerprint === fingerprint) return { key: cached.fileKey, ...size, wasCached: true };

  const bytes = await deps.imageDecodes.run(() => renderReferralImage(image), userId);
  const file = await deps.storage.put({ kind: 'referral_card', bytes, contentType: 'image/jpeg', ...size });
  await deps.db
    .insert(referralCardImages)
    .values({ userId, variant: image.variant, language, fingerprint, fileKey: file.key })
    .onConflictDoUpdate({
      target: [referralCardImages.userId, referralCardImages.variant, referralCardImages.language],
      set: { fingerprint, fileKey: file.key, createdAt: new Date() },
    });
  return { key: file.key, ...size, wasCached: false };
}

function fingerprintOf(image: ReferralImageInput): string {
  const { variant, inviterName, code, link, texts } = image;
  return createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, variant, inviterName, code, link, texts.title, texts.line]))
    .digest('base64url');
}

/** Draws the image: the inviter's name, their line, the code and a QR code of the link. JPEG (Telegram's photo format). */
async function renderReferralImage(image: ReferralImageInput): Promise<Buffer> {
  const { width, height } = REFERRAL_IMAGE_SIZES[image.variant];
  const layout = image.variant === 'story' ? storyLayout(width, height) : cardLayout(width, height);
  const qr = await QRCode.toBuffer(image.link, {
    type: 'png',
    width: layout.qr.size,
    margin: 2,
    errorCorrectionLevel: 'M',
    color: { dark: '#101828ff', light: '#ffffffff' },
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1c2541"/>
      <stop offset="1" stop-color="#2a6df4"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect x="${layout.qr.x - 16}" y="${layout.qr.y - 16}" width="${layout.qr.size + 32}" height="${layout.qr.size + 32}" rx="28" fill="#ffffff"/>
  <text x="${layout.brand.x}" y="${layout.brand.y}" font-family="DejaVu Sans, sans-serif" font-size="${layout.brand.size}" font-weight="bold" fill="#ffffff" text-anchor="${layout.anchor}">Ziver</text>
  ${textBlock(image.texts.title, { ...layout.title, anchor: layout.anchor, weight: 'bold', color: '#ffffff' })}
  ${textBlock(image.texts.line, { ...layout.line, anchor: layout.anchor, weight: 'normal', color: '#dbe4ff' })}
  <text x="${layout.code.x}" y="${layout.code.y}" font-family="DejaVu Sans Mono, monospace" font-size="${layout.code.size}" font-weight="bold" letter-spacing="6" fill="#ffd84d" text-anchor="${layout.anchor}">${escapeXml(image.code)}</text>
</svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: qr, left: layout.qr.x, top: layout.qr.y }])
    .flatten({ background: '#1c2541' })
    .jpeg({ quality: 88, mozjpeg: true })
    .toBuffer();
}

type Box = { x: number; y: number; size: number; maxChars: number; maxLines: number };

function storyLayout(width: number, height: number) {
  const qrSize = 600;
  return {
    anchor: 'middle' as const,
    brand: { x: width / 2, y: 220, size: 88 },
    title: { x: width / 2, y: 400, size: 64, maxChars: 24, maxLines: 2 },
    line: { x: width / 2, y: 600, size: 44, maxChars: 38, maxLines: 4 },
    qr: { x: (width - qrSize) / 2, y: 880, size: qrSize },
    code: { x: width / 2, y: height - 300, size: 104 },
  };
}

function cardLayout(width: number, height: number) {
  const qrSize = 400;
  return {
    anchor: 'start' as const,
    brand: { x: 64, y: 110, size: 56 },
    title: { x: 64, y: 210, size: 46, maxChars: 21, maxLines: 2 },
    line: { x: 64, y: 340, size: 30, maxChars: 37, maxLines: 4 },
    qr: { x: width - qrSize - 72, y: (height - qrSize) / 2, size: qrSize },
    code: { x: 64, y: height - 60, size: 64 },
  };
}

function textBlock(
  text: string,
  box: Box & { anchor: 'start' | 'middle'; weight: 'bold' | 'normal'; color: string },
): string {
  const lines = wrap(text, box.maxChars, box.maxLines);
  const lineHeight = Math.round(box.size * 1.3);
  const spans = lines
    .map((line, index) => `<tspan x="${box.x}" dy="${index === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  return `<text x="${box.x}" y="${box.y}" font-family="DejaVu Sans, Noto Sans CJK SC, sans-serif" font-size="${box.size}" font-weight="${box.weight}" fill="${box.color}" text-anchor="${box.anchor}">${spans}</text>`;
}

/** Lines of at most `maxChars` (words kept whole; CJK, which has no spaces, counted double and cut anywhere). */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const width = (value: string) =>
    [...value].reduce((sum, char) => sum + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1), 0);
  const tokens = text.split(/(\s+)/).flatMap((token) => (/[\u3000-\u9fff]/.test(token) ? [...token] : [token]));
  const lines: string[] = [];
  let current = '';
  for (const token of tokens) {
    if (/^\s+$/.test(token)) {
      if (current) current += ' ';
      continue;
    }
    if (current && width(current + token) > maxChars) {
      lines.push(current.trimEnd());
      current = token;
    } else {
      current += token;
    }
  }
  if (current.trim()) lines.push(current.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
  return kept;
}

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
