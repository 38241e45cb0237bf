import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Announcement,
  AnnouncementAudienceResponse,
  CreateAnnouncementRequestBody,
  DirectMessageRequest,
  DirectMessageResponse,
  Language,
} from '@ziver/shared';
import { call } from '@/lib/call';
import { adminAnnouncementEndpoint } from '@/lib/endpoints/admin-announcement';
import { adminAnnouncementAudienceEndpoint } from '@/lib/endpoints/admin-announcement-audience';
import { adminAnnouncementsEndpoint } from '@/lib/endpoints/admin-announcements';
import { adminCancelAnnouncementEndpoint } from '@/lib/endpoints/admin-cancel-announcement';
import { adminCreateAnnouncementEndpoint } from '@/lib/endpoints/admin-create-announcement';
import { adminMessageUserEndpoint } from '@/lib/endpoints/admin-message-user';
import { adminWithdrawNoticeEndpoint } from '@/lib/endpoints/admin-withdraw-notice';
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
      call(adminAnnouncementAudienceEndpoint, { query: { language }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/announcements: the history, read again every second while one is running. */
export function useAnnouncements() {
  return useQuery({
    queryKey: [...announcementsQueryKey, 'list'],
    queryFn: ({ signal }): Promise<Announcement[]> =>
      call(adminAnnouncementsEndpoint, { signal }).then((answer) => answer.announcements),
    refetchInterval: (query) => (query.state.data?.some(isRunning) ? PROGRESS_POLL_MS : false),
  });
}

/** GET /api/admin/announcements/{id}: one announcement's progress, polled while it runs. */
export function useAnnouncement(id: string | undefined) {
  return useQuery({
    queryKey: [...announcementsQueryKey, 'detail', id],
    queryFn: ({ signal }): Promise<Announcement> =>
      call(adminAnnouncementEndpoint, { params: { id: id ?? '' }, signal }).then((answer) => answer.announcement),
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
      call(adminCreateAnnouncementEndpoint, { body: request }).then((answer) => answer.announcement),
    onSuccess: (announcement) => refresh(announcement),
  });
}

/** POST /api/admin/announcements/{id}/cancel */
export function useCancelAnnouncement() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (id: string): Promise<Announcement> =>
      call(adminCancelAnnouncementEndpoint, { params: { id } }).then((answer) => answer.announcement),
    onSuccess: (announcement) => refresh(announcement),
    onError: () => refresh(),
  });
}

/** POST /api/admin/announcements/{id}/withdraw-notice: no user sees its in-app notice any more. */
export function useWithdrawNotice() {
  const refresh = useRefreshAnnouncements();
  return useMutation({
    mutationFn: (id: string): Promise<Announcement> =>
      call(adminWithdrawNoticeEndpoint, { params: { id } }).then((answer) => answer.announcement),
    onSuccess: (announcement) => refresh(announcement),
    onError: () => refresh(),
  });
}

/** POST /api/admin/users/{id}/message: one message now; the answer says whether it arrived. */
export function useMessageUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DirectMessageRequest): Promise<DirectMessageResponse> =>
      call(adminMessageUserEndpoint, { params: { id: userId }, body: request }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: auditLogQueryKey }),
  });
}
