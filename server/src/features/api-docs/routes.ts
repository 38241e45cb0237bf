import { Router } from 'express';
import { buildOpenApiDocument } from '@ziver/shared';
import { DOCS_CSS, DOCS_HTML, DOCS_JS } from './page.js';

/**
 * The API reference: GET /api/openapi.json (OpenAPI 3.1, generated from the shared contract) and
 * a browsable page at GET /api/docs rendered by a small script of ours (no CDN: everything is
 * served from here, under the app's Content-Security-Policy).
 */
export function createApiDocsRouter(options: { version: string }): Router {
  const router = Router();
  // Built on first request: most test servers never ask for it.
  let document: string | undefined;

  router.get('/openapi.json', (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument({ version: options.version }));
    res.type('application/json').send(document);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(DOCS_HTML);
  });
  router.get('/docs/docs.js', (_req, res) => {
    res.type('application/javascript').send(DOCS_JS);
  });
  router.get('/docs/docs.css', (_req, res) => {
    res.type('text/css').send(DOCS_CSS);
  });
  return router;
}
