import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '@ziver/shared';
import { sniffImageType } from '@/lib/sniff-image';
import { addAttachments, attachmentProblem } from './attachments';

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (name: string, size = 100) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
};

describe('attachments', () => {
  it('knows the four formats by their bytes', () => {
    expect(sniffImageType(new Uint8Array(PNG_HEAD))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(new TextEncoder().encode('<svg xmlns='))).toBeNull();
  });

  it('refuses a text file named x.png sent as image/png, and a file over 5 MB', async () => {
    const text = new File(['just text, not an image'], 'x.png', { type: 'image/png' });
    expect(await attachmentProblem(text)).toBe('Invalid file type: x.png. Only images are allowed.');
    expect(await attachmentProblem(png('big.png', ATTACHMENT_MAX_BYTES + 1))).toBe(
      'File too large: big.png. Maximum size is 5MB.',
    );
    expect(await attachmentProblem(png('ok.png', ATTACHMENT_MAX_BYTES))).toBeNull();
  });

  it('keeps at most five', async () => {
    const { files, problems } = await addAttachments(
      [png('a.png'), png('b.png'), png('c.png')],
      [png('d.png'), png('e.png'), png('f.png')],
    );
    expect(files.map((f) => f.name)).toEqual(['a.png', 'b.png', 'c.png', 'd.png', 'e.png']);
    expect(problems).toEqual(['You can attach at most 5 images']);
  });
});
