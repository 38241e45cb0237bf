import { type ServerText } from '@/i18n/server-message';
import { useState, type FormEvent } from 'react';
import { Button, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { AuthResponse } from '@ziver/shared';
import { Notice } from '@/components/notice';
import { useTranslateIdentityMessage } from '../hooks/use-translate-identity-message';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { isChallengeExpired, twoFactorErrorMessage } from '../utils/auth-errors';
import { codeToSend, isCodeReady, normaliseCodeInput, type CodeMode } from '../utils/two-factor-code';
import { AuthCard } from './auth-card';
import { FormField } from './form-field';
import '../auth.css';

/**
 * The second sign-in step (docs/spec.md §2, §5): a 6-digit authenticator code (verify enabled only at 6
 * characters) or, behind a toggle, a backup code; Back to Login returns to the first step.
 */
export function TwoFactorStep({
  challenge,
  onVerified,
  onBack,
  onFailed,
}: {
  challenge: string;
  onVerified: (response: AuthResponse) => void;
  onBack: () => void;
  onFailed?: () => void;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateIdentityMessage();
  const [mode, setMode] = useState<CodeMode>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<ServerText | string | null>(null);
  const [isExpired, setIsExpired] = useState(false);

  const verifyMutation = useVerifyTwoFactor({
    onSuccess: onVerified,
    onError: (failure) => {
      onFailed?.();
      setError(twoFactorErrorMessage(failure));
      setIsExpired(isChallengeExpired(failure));
      setCode('');
    },
  });

  const switchMode = () => {
    setMode((current) => (current === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isCodeReady(mode, code) || verifyMutation.isPending || isExpired) return;
    setError(null);
    verifyMutation.mutate({ token: challenge, verificationCode: codeToSend(mode, code) });
  };

  const isTotp = mode === 'totp';
  return (
    <AuthCard
      title={t('identity.twoFactor.title')}
      subtitle={isTotp ? t('identity.twoFactor.subtitle') : t('identity.twoFactor.backupSubtitle')}
      footer={
        <button type="button" className="zv-link-button" onClick={onBack} data-testid="back-to-login">
          {t('identity.twoFactor.backToLogin')}
        </button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="zv-form" data-testid="two-factor-step">
        <Section className="zv-section">
          <FormField
            key={mode}
            label={isTotp ? t('identity.twoFactor.codeLabel') : t('identity.twoFactor.backupLabel')}
            name={isTotp ? 'verificationCode' : 'backupCode'}
            inputMode={isTotp ? 'numeric' : 'text'}
            autoComplete={isTotp ? 'one-time-code' : 'off'}
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={isTotp ? 6 : 14}
            placeholder={isTotp ? '123456' : 'XXXX-XXXX-XXXX'}
            value={code}
            onChange={(event) => setCode(normaliseCodeInput(mode, event.target.value))}
            autoFocus
            className="zv-code-input"
          />
        </Section>
        {error && (
          <Notice tone="error" testId="two-factor-error">
            {translateMessage(error)}
          </Notice>
        )}
        <Button
          type="submit"
          size="l"
          stretched
          loading={verifyMutation.isPending}
          disabled={!isCodeReady(mode, code) || verifyMutation.isPending || isExpired}
          data-testid="verify-code"
        >
          {t('identity.twoFactor.verify')}
        </Button>
        <button
          type="button"
          className="zv-link-button zv-center"
          onClick={switchMode}
          data-testid="toggle-backup-code"
        >
          {isTotp ? t('identity.twoFactor.useBackupCode') : t('identity.twoFactor.useAuthenticator')}
        </button>
      </form>
    </AuthCard>
  );
}
