import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { AccountInfo as AccountInfoData } from '@ziver/shared';
import { formatAccountDate } from '../../utils/format-date';

/** Username, email, creation date ('January 5, 2025' or N/A), role badge in lowercase, Telegram if set. */
export function AccountInfo({ account }: { account: AccountInfoData }) {
  const { t, i18n } = useTranslation();
  const created = formatAccountDate(account.created_at, i18n.language) ?? t('settings.account.info.notAvailable');
  return (
    <Section header={t('settings.account.info.header')} className="zv-section" data-testid="account-info">
      <Cell subhead={t('settings.account.info.username')} multiline>
        <span data-testid="account-username">{account.username}</span>
      </Cell>
      <Cell subhead={t('settings.account.info.email')} multiline>
        <span data-testid="account-email">{account.email ?? t('settings.account.info.notAvailable')}</span>
      </Cell>
      <Cell subhead={t('settings.account.info.created')} multiline>
        <span data-testid="account-created">{created}</span>
      </Cell>
      <Cell
        description={t('settings.account.info.roleHint')}
        after={
          <span className="zv-pill zv-pill--role" data-testid="account-role">
            {t(`settings.account.info.roles.${account.role}`)}
          </span>
        }
      >
        {t('settings.account.info.role')}
      </Cell>
      {account.telegram_username && (
        <Cell subhead={t('settings.account.info.telegram')} multiline>
          <span data-testid="account-telegram">@{account.telegram_username}</span>
        </Cell>
      )}
    </Section>
  );
}
