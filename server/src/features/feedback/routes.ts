import {
  AppError,
  ATTACHMENT_MAX_BYTES,
  createFeedbackRequestSchema,
  FEEDBACK_MAX_ATTACHMENTS,
  keyedMessage,
} from '@ziver/shared';
import { authOf } from '../../platform/auth.js';
import type { ApiHandlers } from '../../platform/contract-routes.js';
import type { AppDeps } from '../../platform/deps.js';
import { parseWith } from '../../platform/http.js';
import { limitRequests } from '../../platform/rate-limit.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { parseMultipart, uploadedFiles } from '../../platform/uploads/multipart.js';
import { createFeedback, displayFileName } from './create-feedback.js';
import { getUserFeedback, listUserFeedback } from './get-user-feedback.js';
import { presentFeedback } from './present-feedback.js';

/** A user's feedback: sending it (with images) and reading their own. */
export function feedbackRoutes(deps: AppDeps, storage: FileStorage) {
  const { db } = deps.database;

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

  return {
    // Multipart: title, message, type, priority and up to five `attachments` (docs/spec.md §7);
    // the form's text fields are parsed here, after the files are read.
    createFeedback: {
      use: [submissions, attachments],
      handle: async ({ auth, req }) => {
        const input = parseWith(createFeedbackRequestSchema, req.body);
        const row = await createFeedback(
          { db, storage, imageDecodes: deps.imageDecodes },
          { userId: auth.userId, input, files: uploadedFiles(req.files) },
        );
        return { success: true, ...keyedMessage('feedback.submitted'), feedback: { id: row.id } };
      },
    },

    feedbackHistory: {
      handle: async ({ auth }) => {
        const rows = await listUserFeedback(db, { userId: auth.userId });
        return { success: true, feedback: rows.map(presentFeedback) };
      },
    },

    feedback: {
      handle: async ({ auth, params }) => {
        const row = await getUserFeedback(db, { userId: auth.userId, feedbackId: params.id });
        return { success: true, feedback: presentFeedback(row) };
      },
    },
  } satisfies Partial<ApiHandlers>;
}
