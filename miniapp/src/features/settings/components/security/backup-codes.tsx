import { useState } from 'react';
import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { copyText } from '@/lib/clipboard';
import { saveFile } from '@/lib/save-file';
import { backupCodesText } from '../../utils/two-factor-code';
import { SettingsIcon } from '../settings-icon';
import { specText, useServerText } from '@/i18n/server-text';

/** The 10 backup codes, shown once, with copy and download. */
export function BackupCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);
  const text = backupCodesText(codes, t('settings.security.setup.backupFileHeading'));

  const onCopy = async () => setCopyState((await copyText(text)) ? 'copied' : 'failed');
  const onDownload = () => saveFile(new Blob([text], { type: 'text/plain' }), 'ziver-backup-codes.txt');

  return (
    <div className="zv-backup-codes">
      <ol className="zv-backup-codes__list" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="zv-backup-codes__actions">
        <Button size="s" mode="bezeled" before={<SettingsIcon name="copy" size={18} />} onClick={() => void onCopy()}>
          {t('settings.security.setup.copyCodes')}
        </Button>
        <Button size="s" mode="bezeled" before={<SettingsIcon name="download" size={18} />} onClick={onDownload}>
          {t('settings.security.setup.downloadCodes')}
        </Button>
      </div>
      {copyState && (
        <Notice tone={copyState === 'copied' ? 'success' : 'error'}>
          {copyState === 'copied' ? serverText(specText('copiedToClipboard')) : t('settings.common.copyFailed')}
        </Notice>
      )}
    </div>
  );
}
