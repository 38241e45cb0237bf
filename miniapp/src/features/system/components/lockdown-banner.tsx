import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SystemStatus } from '@ziver/shared';
import { adminPaths } from '@/config/paths';
import { Notice } from '@/components/notice';
import './lockdown-banner.css';

/**
 * The maintenance banner above the screen while lockdown is on (issue 38, items 10 and 16): an
 * admin is told users are locked out (with the way to the switch, unless already there); a
 * signed-out visitor on /login or /register sees the maintenance notice (the operator's own
 * words, asked in the reader's language, else the default text) and that sign-up waits.
 */
export function LockdownBanner({
  audience,
  status,
  path,
}: {
  audience: 'admin' | 'visitor';
  status: SystemStatus;
  path: string;
}) {
  const { t } = useTranslation();
  const customMessage = status.message && status.messageKey === 'server.verbatim' ? status.message : null;
  if (audience === 'admin') {
    const isOnSwitch = path.replace(/\/+$/, '') === adminPaths.system;
    return (
      <div className="zv-lockdown-banner">
        <Notice
          tone="error"
          testId="lockdown-banner"
          title={t('lockdown.banner.adminTitle')}
          action={isOnSwitch ? undefined : <Link href={adminPaths.system}>{t('lockdown.banner.adminLink')}</Link>}
        >
          {t('lockdown.banner.adminBody')}
          {customMessage && <span className="zv-muted"> {customMessage}</span>}
        </Notice>
      </div>
    );
  }
  return (
    <div className="zv-lockdown-banner">
      <Notice tone="info" testId="lockdown-banner" title={t('lockdown.title')}>
        {customMessage ?? t('lockdown.body')} {t('lockdown.banner.signUpClosed')}
      </Notice>
    </div>
  );
}
