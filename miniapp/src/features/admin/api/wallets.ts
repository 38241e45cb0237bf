import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/call';
import { adminUnlinkWalletEndpoint } from '@/lib/endpoints/admin-unlink-wallet';
import { adminWalletsExportEndpoint } from '@/lib/endpoints/admin-wallets-export';
import { auditLogQueryKey } from './get-audit-log';
import { dashboardQueryKey } from './get-dashboard';
import { adminUsersQueryKey } from './users';

/** DELETE /api/admin/users/{id}/wallet: unlinks a user's wallet (audited); refreshes the user, dashboard and log. */
export function useUnlinkUserWallet(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(adminUnlinkWalletEndpoint, { params: { id: userId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...adminUsersQueryKey, 'detail', userId] });
      void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryKey });
    },
  });
}

/** GET /api/admin/wallets/export: the CSV of linked wallets, fetched with the session (a plain link would carry none). */
export function fetchWalletsExport(): Promise<Blob> {
  return call(adminWalletsExportEndpoint);
}
