import type { ServerText } from '@/i18n/server-message';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Caption, Modal, Spinner, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { MESSAGES } from '@ziver/shared/core';
import { Notice } from '@/components/notice';
import { useTwoFactorSetup } from '../../api/get-two-factor-setup';
import { useToggleTwoFactor } from '../../api/toggle-two-factor';
import { copyText } from '@/lib/clipboard';
import { useTranslateSettingsMessage } from '../../hooks/use-translate-settings-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { settingsCodeProblem } from '../../utils/two-factor-code';
import { SettingsIcon } from '../settings-icon';
import { BackupCodes } from './backup-codes';
import { CodeField } from './code-field';
import { ModalTitle } from './modal-header';
import { listText, specText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

/**
 * Turning 2FA on (docs/spec.md §4): the setup is fetched when the modal opens (QR code, manual secret,
 * backup codes); a valid 6-digit code enables it; then the backup codes are shown once.
 */
export function TwoFactorSetupModal({
  isOpen,
  onClose,
  onEnabled,
}: {
  isOpen: boolean;
  onClose: () => void;
  onEnabled: (message: string) => void;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const translate = useTranslateSettingsMessage();
  const setup = useTwoFactorSetup();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<ServerText | string | null>(null);
  const [copyState, setCopyState] = useState<'copied' | 'failed' | null>(null);
  const [enabledCodes, setEnabledCodes] = useState<string[] | null>(null);
  const enable = useToggleTwoFactor({
    onSuccess: (result) => {
      // The codes shown at setup are the ones enabling keeps (the answer does not repeat them).
      setEnabledCodes(setup.data?.backupCodes ?? []);
      onEnabled(result.message || serverText(listText('settings', SETTINGS_MESSAGES, 'twoFactorEnabled')));
    },
    onError: (error) => {
      setCodeError(settingsErrorMessage(error));
      setCode('');
    },
  });

  const { mutate: fetchSetup, reset: resetSetup } = setup;
  const { reset: resetEnable } = enable;
  useEffect(() => {
    if (!isOpen) return;
    setCode('');
    setCodeError(null);
    setCopyState(null);
    setEnabledCodes(null);
    resetEnable();
    fetchSetup();
    return () => resetSetup();
  }, [isOpen, fetchSetup, resetSetup, resetEnable]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = settingsCodeProblem('totp', code);
    setCodeError(problem);
    if (problem || enable.isPending) return;
    enable.mutate({ enable: true, verificationCode: code });
  };

  const onCopySecret = async () => {
    if (!setup.data) return;
    setCopyState((await copyText(setup.data.manualEntryCode)) ? 'copied' : 'failed');
  };

  const body = () => {
    if (enabledCodes) {
      return (
        <div className="zv-modal-body" data-testid="two-factor-backup-step">
          <Notice tone="success">{serverText(listText('settings', SETTINGS_MESSAGES, 'twoFactorEnabled'))}</Notice>
          <Text weight="2">{t('settings.security.setup.backupTitle')}</Text>
          <Caption level="1" className="zv-muted">
            {t('settings.security.setup.backupHint')}
          </Caption>
          <BackupCodes codes={enabledCodes} />
          <Button size="l" stretched onClick={onClose} data-testid="two-factor-done">
            {t('settings.security.setup.done')}
          </Button>
        </div>
      );
    }
    if (setup.isPending || setup.isIdle) {
      return (
        <div className="zv-modal-body zv-modal-body--center">
          <Spinner size="m" />
        </div>
      );
    }
    if (setup.isError) {
      return (
        <div className="zv-modal-body">
          <Notice
            tone="error"
            action={
              <Button size="s" mode="plain" onClick={() => fetchSetup()}>
                {t('settings.common.retry')}
              </Button>
            }
          >
            {translate(settingsErrorMessage(setup.error, MESSAGES.failedFetchSettings))}
          </Notice>
        </div>
      );
    }
    return (
      <form className="zv-modal-body" onSubmit={onSubmit} noValidate data-testid="two-factor-setup">
        <Text weight="2">{t('settings.security.setup.scanTitle')}</Text>
        <Caption level="1" className="zv-muted">
          {t('settings.security.setup.scanHint')}
        </Caption>
        <div className="zv-qr">
          <img src={setup.data.qrCodeUrl} alt={t('settings.security.setup.qrAlt')} width={200} height={200} />
        </div>
        <div className="zv-secret">
          <Caption level="1" className="zv-muted">
            {t('settings.security.setup.manualLabel')}
          </Caption>
          <div className="zv-secret__row">
            <code className="zv-secret__code" data-testid="manual-entry-code">
              {setup.data.manualEntryCode}
            </code>
            <Button
              type="button"
              size="s"
              mode="bezeled"
              before={<SettingsIcon name="copy" size={18} />}
              onClick={() => void onCopySecret()}
            >
              {t('settings.common.copy')}
            </Button>
          </div>
          {copyState && (
            <Caption level="1" className={copyState === 'copied' ? 'zv-ok-text' : 'zv-error-text'} role="status">
              {copyState === 'copied' ? serverText(specText('copiedToClipboard')) : t('settings.common.copyFailed')}
            </Caption>
          )}
        </div>
        <CodeField
          mode="totp"
          label={t('settings.security.setup.codeLabel')}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (codeError) setCodeError(null);
          }}
          error={codeError ? translate(codeError) : null}
        />
        <Button type="submit" size="l" stretched loading={enable.isPending} data-testid="two-factor-enable-submit">
          {t('settings.security.setup.submit')}
        </Button>
      </form>
    );
  };

  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      header={<ModalTitle title={t('settings.security.setup.title')} />}
      aria-label={t('settings.security.setup.title')}
    >
      {body()}
    </Modal>
  );
}
