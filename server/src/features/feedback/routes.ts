import { Router } from 'express';
import {
  AppError,
  ATTACHMENT_MAX_BYTES,
  createFeedbackRequestSchema,
  FEEDBACK_MAX_ATTACHMENTS,
  type CreateFeedbackResponse,
  type FeedbackDetailResponse,
  type FeedbackHistoryResponse,
  keyedMessage,
} from '@ziver/shared';
import { authOf, requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { parseMultipart, uploadedFiles } from '../../platform/uploads/multipart.js';
import { createFeedback, displayFileName } from './create-feedback.js';
import { getUserFeedback, listUserFeedback } from './get-user-feedback.js';
import { presentFeedback } from './present-feedback.js';

export function createFeedbackRouter(deps: AppDeps, storage: FileStorage): Router {
  const router = Router();
  const db = deps.database.db;
  router.use(requireAuth({ db, config: deps.config, auth: deps.auth }));

  const attachments = parseMultipart({
    field: 'attachments',
    maxFiles: FEEDBACK_MAX_ATTACHMENTS,
    maxBytes: ATTACHMENT_MAX_BYTES,
    tooLarge: (fileName) =>
      new AppError('PAYLOAD_TOO_LARGE', 'feedback.fileTooLarge', { file: displayFileName(fileName) }),
    tooMany: () => new AppError('VALIDATION_FAILED', 'feedback.tooManyFiles'),
  });

  // Each submission decodes up to five images: a user may send 20 an hour (before parsing).
  const submissions = limitRequests(deps, {
    windowMs: 60 * 60_000,
    limit: 20,
    keyGenerator: (req) => `feedback:${authOf(req).userId}`,
  });

  // Multipart: title, message, type, priority and up to five `attachments` (docs/spec.md §7).
  router.post('/', submissions, attachments, async (req, res) => {
    const input = parseWith(createFeedbackRequestSchema, req.body);
    const row = await createFeedback(
      { db, storage, imageDecodes: deps.imageDecodes },
      { userId: authOf(req).userId, input, files: uploadedFiles(req.files) },
    );
    const body: CreateFeedbackResponse = {
      success: true,
      ...keyedMessage('feedback.submitted'),
      feedback: { id: row.id },
    };
    res.status(201).json(body);
  });

  router.get('/user', async (req, res) => {
    const rows = await listUserFeedback(db, { userId: authOf(req).userId });
    const body: FeedbackHistoryResponse = { success: true, feedback: rows.map(presentFeedback) };
    res.json(body);
  });

  router.get('/:id', async (req, res) => {
    const row = await getUserFeedback(db, { userId: authOf(req).userId, feedbackId: req.params.id });
    const body: FeedbackDetailResponse = { success: true, feedback: presentFeedback(row) };
    res.json(body);
  });

  return router;
}
