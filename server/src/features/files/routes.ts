import { Router } from 'express';
import { AppError } from '@ziver/shared';
import type { FileStorage } from '../../platform/storage/file-storage.js';

/**
 * GET /api/files/{key}: stored uploads. Keys are unguessable and content-addressed, so a URL is
 * the permission to read it (avatars are public, attachment URLs are only sent to their owner)
 * and its bytes never change: cached for a year, immutable.
 */
export function createFilesRouter(storage: FileStorage): Router {
  const router = Router();
  router.get('/:key', async (req, res) => {
    const file = await storage.get(req.params.key);
    if (!file) throw new AppError('NOT_FOUND', 'server.notFound');
    const visibility = file.kind === 'avatar' ? 'public' : 'private';
    res.setHeader('Cache-Control', `${visibility}, max-age=31536000, immutable`);
    res.setHeader('ETag', `"${file.key}"`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Content-Disposition', 'inline');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.headers['if-none-match'] === `"${file.key}"`) {
      res.status(304).end();
      return;
    }
    res.type(file.contentType).send(file.bytes);
  });
  return router;
}
