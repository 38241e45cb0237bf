import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  announcementAudienceResponseSchema,
  announcementResponseSchema,
  announcementsResponseSchema,
  directMessageResponseSchema,
  type Announcement,
  type AnnouncementAudienceResponse,
  type CreateAnnouncementRequestBody,
  type DirectMessageRequest,
  type DirectMessageResponse,
  type Language,
} from '@ziver/shared';
import { api } from '@/lib/api-client';
import { auditLogQueryKey } from './get-audit-log';

export const announcementsQueryKey = ['admin', 'announcements'] as const;
/** How often a running announcement's progress is read again. */
const PROGRESS_POLL_MS = 1_000;

const isRunning = (announcement: Announcement | undefined) => announcement?.status === 'running';

/** GET /api/admin/announcements/audience: how many users a language (null: everyone) reaches. */
export function useAnnouncementAudience(language: Language | null) {
  return useQuery({
    queryKey: [...announcementsQueryKey, 'audience', language ?? 'all'],
    queryFn: ({ signal }): Promise<AnnouncementAudienceResponse> =>
      api.get(`/admin/announcements/audience${language ? `?language=${language}` : ''}`, {
        signal,
        parse: (data) => announcementAudienceResponseSchema.parse(data),
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/announcements: the history, read again every second while one is running. */
export function useAnnouncements() {
  return useQuery({
    queryKey: [...announcementsQueryKey, 'list'],
    queryFn: ({ signal }): Promise<Announcement[]> =>
      api.get('/admin/announcements', {
        signal,
        parse: (data) => announcementsResponseSchema.parse(data).announcements,
      }),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? PROGRESS_POLL_MS : false),
  });
}

/** GET /api/admin/announcements/{id}: one announcement's progress, polled while it runs. */
export function useAnnouncement(id: string | undefined) {
  return useQuery({
    queryKey: [...announcementsQueryKey, 'detail', id],
    queryFn: ({ signal }): Promise<Announcement> =>
      api.get(`/admin/announcements/${encodeURIComponent(id ?? '')}`, {
        signal,
        parse: (data) => announcementResponseSchema.parse(data).announcement,
      }),
    enabled: id !== undefined,
    refetchInterval: (query) => (isRunning(query.state.data) ? PROGRESS_POLL_MS : false),
  });
}

function useRefreshAnnouncements() {
  const queryClient = useQueryClient();
  return (announcement?: Announcement) => {
    if (announcement) queryClient.setQueryData([...announcementsQueryKey, 'detail', announcement.id], announcement);
    void queryClient.invalidateQueries({ queryKey: announcementsQueryKey });
    void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
  };
}

/** POST /api/admin/announcements: starts sending. */
export function useCreateAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (request: CreateAnnouncementRequestBody): Promise<Announcement> =>
      api.post('/admin/announcements', request, {
        parse: (data) => announcementResponseSchema.parse(data).announcement,
      }),
    onSuccess: (announcement) => refresh(announcement),
  });
}

/** POST /api/admin/announcements/{id}/cancel */
export function useCancelAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (id: string): Promise<Announcement> =>
      api.post(`/admin/announcements/${encodeURIComponent(id)}/cancel`, undefined, {
        parse: (data) => announcementResponseSchema.parse(data).announcement,
      }),
    onSuccess: (announcement) => refresh(announcement),
    onError: () => refresh(),
  });
}

/** POST /api/admin/users/{id}/message: one message now; the answer says whether it arrived. */
export function useMessageUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DirectMessageRequest): Promise<DirectMessageResponse> =>
      api.post(`/admin/users/${encodeURIComponent(userId)}/message`, request, {
        parse: (data) => directMessageResponseSchema.parse(data),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
  });
}
