import type { ServerText } from '@/i18n/server-message';
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Caption, Modal, SegmentedControl } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useToggleTwoFactor } from '../../api/toggle-two-factor';
import { useTranslateSettingsMessage } from '../../hooks/use-translate-settings-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { disableRequest, settingsCodeProblem, type CodeMode } from '../../utils/two-factor-code';
import { CodeField } from './code-field';
import { ModalTitle } from './modal-header';
import { listText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

/** Turning 2FA off (docs/spec.md §2, §4): tabs for an authenticator code or a backup code. */
export function TwoFactorDisableModal({
  isOpen,
  onClose,
  onDisabled,
}: {
  isOpen: boolean;
  onClose: () => void;
  onDisabled: (message: string) => void;
}) {
  const { t } = useTranslation();
  const serverText = useServerText();
  const translate = useTranslateSettingsMessage();
  const [mode, setMode] = useState<CodeMode>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ServerText | string | null>(null);
  const disable = useToggleTwoFactor({
    onSuccess: (result) =>
      onDisabled(result.message || serverText(listText('settings', SETTINGS_MESSAGES, 'twoFactorDisabled'))),
    onError: (failure) => setError(settingsErrorMessage(failure)),
  });

  const { reset } = disable;
  useEffect(() => {
    if (!isOpen) return;
    setMode('totp');
    setCode('');
    setError(null);
    reset();
  }, [isOpen, reset]);

  const switchTo = (next: CodeMode) => {
    setMode(next);
    setCode('');
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = settingsCodeProblem(mode, code);
    setError(problem);
    if (problem || disable.isPending) return;
    disable.mutate(disableRequest(mode, code));
  };

  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      header={<ModalTitle title={t('settings.security.disable.title')} />}
      aria-label={t('settings.security.disable.title')}
    >
      <form className="zv-modal-body" onSubmit={onSubmit} noValidate data-testid="two-factor-disable">
        <SegmentedControl className="zv-tabs">
          <SegmentedControl.Item
            type="button"
            selected={mode === 'totp'}
            onClick={() => switchTo('totp')}
            data-testid="disable-tab-code"
          >
            {t('settings.security.disable.codeTab')}
          </SegmentedControl.Item>
          <SegmentedControl.Item
            type="button"
            selected={mode === 'backup'}
            onClick={() => switchTo('backup')}
            data-testid="disable-tab-backup"
          >
            {t('settings.security.disable.backupTab')}
          </SegmentedControl.Item>
        </SegmentedControl>
        <Caption level="1" className="zv-muted">
          {mode === 'totp' ? t('settings.security.disable.codeHint') : t('settings.security.disable.backupHint')}
        </Caption>
        <CodeField
          key={mode}
          mode={mode}
          label={
            mode === 'totp' ? t('settings.security.disable.codeLabel') : t('settings.security.disable.backupLabel')
          }
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          error={error ? translate(error) : null}
        />
        <div className="zv-modal-actions">
          <Button type="button" size="l" mode="gray" stretched onClick={onClose}>
            {t('settings.common.cancel')}
          </Button>
          <Button
            type="submit"
            size="l"
            stretched
            loading={disable.isPending}
            className="zv-danger-button"
            data-testid="two-factor-disable-submit"
          >
            {t('settings.security.disable.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
