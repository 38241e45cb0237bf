import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { type CreateFeedbackRequest, type CreateFeedbackResponse } from '@ziver/shared';
import { call } from '@/lib/call';
import { createFeedbackEndpoint } from '@/lib/endpoints/create-feedback';
import { feedbackHistoryQueryKey } from './get-feedback-history';

export type SubmitFeedbackInput = CreateFeedbackRequest & { attachments: File[] };

/**
 * POST /api/feedback as multipart (title, message, type, priority, `attachments` repeated), with
 * upload progress. An empty OK body counts as success (docs/spec.md §7).
 */
export function submitFeedback(
  input: SubmitFeedbackInput,
  options: { onProgress?: (fraction: number) => void } = {},
): Promise<CreateFeedbackResponse> {
  const form = new FormData();
  form.append('title', input.title);
  form.append('message', input.message);
  form.append('type', input.type);
  form.append('priority', input.priority);
  for (const file of input.attachments) form.append('attachments', file, file.name);
  return call(createFeedbackEndpoint, {
    body: form,
    onProgress: options.onProgress,
    emptyAnswer: { success: true, message: '', messageKey: 'feedback.submitted', params: {} },
  });
}

export function useSubmitFeedback(
  options: Omit<UseMutationOptions<CreateFeedbackResponse, Error, SubmitFeedbackInput>, 'mutationFn'> & {
    onProgress?: (fraction: number) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  const { onProgress, ...mutationOptions } = options;
  return useMutation({
    mutationFn: (input: SubmitFeedbackInput) => submitFeedback(input, { onProgress }),
    ...mutationOptions,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: feedbackHistoryQueryKey });
      mutationOptions.onSuccess?.(...args);
    },
  });
}
