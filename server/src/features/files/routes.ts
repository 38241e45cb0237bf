import { AppError } from '@ziver/shared';
import { SENT, type ApiHandlers } from '../../platform/contract-routes.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';

/** Stored uploads, answered as their bytes. */
export function fileRoutes(storage: FileStorage) {
  return {
    // Keys are unguessable and content-addressed, so a URL is the permission to read it (avatars
    // and referral cards are public, attachment URLs are only sent to their owner) and its bytes never change:
    // cached for a year, immutable.
    file: {
      handle: async ({ params, req, res }): Promise<typeof SENT> => {
        const file = await storage.get(params.key);
        if (!file) throw new AppError('NOT_FOUND', 'server.notFound');
        const visibility = file.kind === 'attachment' ? 'private' : 'public';
        res.setHeader('Cache-Control', `${visibility}, max-age=31536000, immutable`);
        res.setHeader('ETag', `"${file.key}"`);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
        res.setHeader('Content-Disposition', 'inline');
        res.setHeader('Referrer-Policy', 'no-referrer');
        if (req.headers['if-none-match'] === `"${file.key}"`) res.status(304).end();
        else res.type(file.contentType).send(file.bytes);
        return SENT;
      },
    },
  } satisfies Partial<ApiHandlers>;
}
