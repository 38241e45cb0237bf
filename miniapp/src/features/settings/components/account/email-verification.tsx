import type { ServerText } from '@/i18n/server-message';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@ziver/shared';
import { useResendVerificationEmail } from '../../api/resend-verification-email';
import { settingsErrorMessage } from '../../utils/settings-errors';

/**
 * Whether the account's email is verified (the link mailed at registration or email change), and,
 * while it is not, "Resend verification mail" (a new link; the previous one stops working).
 */
export function EmailVerification({
  account,
  onMessage,
}: {
  account: AccountInfo;
  onMessage: (tone: 'success' | 'error', text: ServerText | string) => void;
}) {
  const { t } = useTranslation();
  const resend = useResendVerificationEmail({
    onSuccess: (text) => onMessage('success', text),
    onError: (error) => onMessage('error', settingsErrorMessage(error)),
  });
  if (!account.email) return null;
  const { verified } = account;
  return (
    <Section header={t('settings.account.verification.header')} className="zv-section" data-testid="email-verification">
      <Cell
        multiline
        description={t(
          verified ? 'settings.account.verification.verifiedHint' : 'settings.account.verification.notVerifiedHint',
        )}
        after={
          <span
            className={verified ? 'zv-pill zv-pill--on' : 'zv-pill'}
            data-testid="account-verified"
            data-verified={String(verified)}
          >
            {t(verified ? 'settings.account.verification.verified' : 'settings.account.verification.notVerified')}
          </span>
        }
      >
        {account.email}
      </Cell>
      {!verified && (
        <div className="zv-section-note">
          <Button
            size="s"
            mode="bezeled"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            data-testid="resend-verification"
          >
            {t('settings.account.verification.resend')}
          </Button>
        </div>
      )}
    </Section>
  );
}
