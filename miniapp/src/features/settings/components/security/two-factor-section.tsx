import { useState } from 'react';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { SecuritySettings } from '@ziver/shared';
import { useBackButton } from '@/lib/navigation/use-back-button';
import { SettingsIcon } from '../settings-icon';
import { TwoFactorDisableModal } from './two-factor-disable-modal';
import { TwoFactorSetupModal } from './two-factor-setup-modal';

/** Two-factor status with its enable / disable action and the two modals. */
export function TwoFactorSection({
  settings,
  onMessage,
}: {
  settings: SecuritySettings;
  onMessage: (tone: 'success' | 'error', text: string) => void;
}) {
  const { t } = useTranslation();
  const [openModal, setOpenModal] = useState<'setup' | 'disable' | null>(null);
  const isEnabled = settings.two_factor_enabled;
  // Telegram's BackButton closes an open modal before it leaves the page.
  useBackButton(() => setOpenModal(null), { isEnabled: openModal !== null });

  return (
    <Section header={t('settings.security.twoFactor.header')} className="zv-section">
      <Cell
        multiline
        before={
          <span className={isEnabled ? 'zv-status-icon zv-status-icon--on' : 'zv-status-icon'}>
            <SettingsIcon name="shield" />
          </span>
        }
        subtitle={
          isEnabled
            ? t('settings.security.twoFactor.enabledHint', { count: settings.backup_codes_remaining })
            : t('settings.security.twoFactor.disabledHint')
        }
        after={
          <span
            className={isEnabled ? 'zv-pill zv-pill--on' : 'zv-pill'}
            data-testid="two-factor-status"
            data-enabled={isEnabled}
          >
            {isEnabled ? t('settings.security.twoFactor.on') : t('settings.security.twoFactor.off')}
          </span>
        }
      >
        {t('settings.security.twoFactor.title')}
      </Cell>
      <div className="zv-section-actions">
        {isEnabled ? (
          <Button
            size="m"
            mode="bezeled"
            className="zv-danger-text"
            onClick={() => setOpenModal('disable')}
            data-testid="two-factor-disable"
          >
            {t('settings.security.twoFactor.disable')}
          </Button>
        ) : (
          <Button size="m" onClick={() => setOpenModal('setup')} data-testid="two-factor-enable">
            {t('settings.security.twoFactor.enable')}
          </Button>
        )}
      </div>
      <TwoFactorSetupModal
        isOpen={openModal === 'setup'}
        onClose={() => setOpenModal(null)}
        onEnabled={(message) => onMessage('success', message)}
      />
      <TwoFactorDisableModal
        isOpen={openModal === 'disable'}
        onClose={() => setOpenModal(null)}
        onDisabled={(message) => {
          setOpenModal(null);
          onMessage('success', message);
        }}
      />
    </Section>
  );
}
