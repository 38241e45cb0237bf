import { Link } from 'wouter';
import { adminPaths } from '@/config/paths';
import { useAdminTranslation } from '../i18n';
import { ADMIN_SECTIONS, type AdminSection } from '../utils/admin-location';

/**
 * The console's sections as links to their addresses: a wrapping row of chips on a phone (a
 * segmented control cuts eight labels at 390 px), a side column from 1024 px (admin.css).
 */
export function AdminNav({ current }: { current: AdminSection | null }) {
  const { t } = useAdminTranslation();
  return (
    <nav className="zv-admin-nav" aria-label={t('title')} data-testid="admin-nav">
      {ADMIN_SECTIONS.map((id) => (
        <Link
          key={id}
          href={adminPaths[id]}
          className="zv-admin-tab"
          aria-current={current === id ? 'page' : undefined}
          data-testid={`admin-tab-${id}`}
        >
          {t(`tabs.${id}`)}
        </Link>
      ))}
    </nav>
  );
}
