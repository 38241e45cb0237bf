import { IconButton, Modal, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { SettingsIcon } from '../settings-icon';

/** The title row of the 2FA modals, with a close button (telegram-ui only titles its header on iOS). */
export function ModalTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Modal.Header
      className="zv-modal-header"
      before={
        <Text weight="2" Component="h2" className="zv-modal-header__title">
          {title}
        </Text>
      }
      after={
        <Modal.Close>
          <IconButton mode="plain" size="s" aria-label={t('settings.common.close')} data-testid="modal-close">
            <SettingsIcon name="close" size={20} />
          </IconButton>
        </Modal.Close>
      }
    />
  );
}
