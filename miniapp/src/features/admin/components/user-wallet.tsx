import { useState } from 'react';
import { Button, Caption, Section, Text } from '@telegram-apps/telegram-ui';
import type { AdminUserDetailResponse } from '@ziver/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { useServerMessage } from '@/i18n/server-message';
import { formatDateTime } from '@/lib/format';
import { useUnlinkUserWallet } from '../api/wallets';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';

/** The user's linked TON wallet on their page (the whole address: operators compare it), with Unlink, confirmed. */
export function UserWallet({ page }: { page: AdminUserDetailResponse }) {
  const { t, i18n } = useAdminTranslation();
  const errorText = useErrorText();
  const serverText = useServerMessage();
  const unlink = useUnlinkUserWallet(page.user.id);
  const [isAsking, setIsAsking] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const { wallet, user } = page;

  const confirm = () =>
    unlink.mutate(undefined, {
      onSuccess: (answer) => {
        setIsAsking(false);
        setDone(serverText(answer));
      },
    });

  return (
    <Section header={t('wallet.title')}>
      <div className="zv-admin-wallet" data-testid="admin-user-wallet">
        {done && (
          <Notice tone="success" testId="admin-user-wallet-done">
            {done}
          </Notice>
        )}
        {wallet ? (
          <>
            <Text className="zv-admin-wallet__address" data-testid="admin-user-wallet-address">
              {wallet.address}
            </Text>
            <Caption level="1" className="zv-muted">
              {[
                `${t('wallet.network')}: ${t(`wallet.networks.${wallet.network}`)}`,
                `${t('wallet.contract')}: ${wallet.version}`,
                t('wallet.linkedAt', { date: formatDateTime(wallet.linkedAt, i18n.language) }),
              ].join(' · ')}
            </Caption>
            <div>
              <Button
                size="s"
                mode="outline"
                onClick={() => {
                  unlink.reset();
                  setIsAsking(true);
                }}
                data-testid="admin-user-wallet-unlink"
              >
                {t('wallet.unlink')}
              </Button>
            </div>
          </>
        ) : (
          <Caption level="1" className="zv-muted">
            {t('wallet.none')}
          </Caption>
        )}
      </div>
      <ConfirmDialog
        isOpen={isAsking}
        title={t('wallet.unlinkTitle')}
        confirmLabel={t('wallet.unlink')}
        cancelLabel={t('confirm.cancel')}
        isConfirming={unlink.isPending}
        error={unlink.isError ? errorText(unlink.error) : null}
        onConfirm={confirm}
        onCancel={() => setIsAsking(false)}
        testId="admin-user-wallet-dialog"
      >
        {t('wallet.unlinkBody', { username: user.username, address: wallet?.address ?? '' })}
      </ConfirmDialog>
    </Section>
  );
}
