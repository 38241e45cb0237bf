import { useState } from 'react';
import { Button, Caption } from '@telegram-apps/telegram-ui';
import { Notice } from '@/components/notice';
import { saveFile } from '@/lib/save-file';
import { fetchWalletsExport } from '../api/wallets';
import { useAdminTranslation } from '../i18n';
import { useErrorText } from '../utils/use-error-text';

/** Downloads the CSV of linked wallets (GET /api/admin/wallets/export, with the session). */
export function WalletsExport() {
  const { t } = useAdminTranslation();
  const errorText = useErrorText();
  const [isLoading, setIsLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async () => {
    setIsLoading(true);
    setFailure(null);
    try {
      saveFile(await fetchWalletsExport(), `ziver-wallets-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      setFailure(t('wallet.exportFailed', { message: errorText(error) }));
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <div className="zv-admin-card zv-admin-wallets-export" data-testid="admin-wallets-export">
      <Button
        size="m"
        mode="bezeled"
        loading={isLoading}
        disabled={isLoading}
        onClick={() => void download()}
        data-testid="admin-wallets-export-button"
      >
        {t('wallet.export')}
      </Button>
      <Caption level="1" className="zv-muted">
        {t('wallet.exportHint')}
      </Caption>
      {failure && (
        <Notice tone="error" testId="admin-wallets-export-error">
          {failure}
        </Notice>
      )}
    </div>
  );
}
