import { useTranslation } from 'react-i18next';
import { useAuthConfig } from '../api/get-auth-config';

/**
 * How to reach support (SUPPORT_EMAIL, from /auth/config): a mail link to the operator's address,
 * or, with none set, a plain "contact the operator". Nothing until the config has arrived.
 */
export function SupportContact() {
  const { t } = useTranslation();
  const configQuery = useAuthConfig();
  if (!configQuery.data) return null;
  const { supportEmail } = configQuery.data;
  return (
    <div className="zv-muted" data-testid="support-contact">
      {supportEmail ? (
        <>
          {t('identity.support.writeTo')} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
        </>
      ) : (
        t('identity.support.operator')
      )}
    </div>
  );
}
