import { useCallback } from 'react';
import { Redirect, useLocation } from 'wouter';
import { InlineLoader } from '@/components/loading-view';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { adminPaths, adminRingPath, adminUserPath, paths } from '@/config/paths';
import { useAdminAccess } from '../hooks/use-admin-access';
import { useAdminTranslation } from '../i18n';
import { ADMIN_HOME, ADMIN_REFUSED, parseAdminPath, type AdminPlace } from '../utils/admin-location';
import { AdminNav } from './admin-nav';
import { AnnouncementsPanel } from './announcements-panel';
import { AuditLog } from './audit-log';
import { Dashboard } from './dashboard';
import { FeedbackInbox } from './feedback-inbox';
import { IntegrityPanel } from './integrity-panel';
import { RingPage } from './ring-page';
import { SystemSettings } from './system-settings';
import { TasksPanel } from './tasks-panel';
import { UserPage } from './user-page';
import { UsersPanel } from './users-panel';
import '../admin.css';

/** History state of a user's (or ring's) page opened from a list: closing it goes back to it. */
const FROM_RESULTS = { zvAdminFromResults: true };

/** Back to the list a page was opened from (the same place in it), else to `fallback`. */
function useCloseTo(fallback: string) {
  const [, navigate] = useLocation();
  return useCallback(() => {
    const state: unknown = window.history.state;
    if (typeof state === 'object' && state !== null && 'zvAdminFromResults' in state) window.history.back();
    else navigate(fallback);
  }, [navigate, fallback]);
}

function Section({ place }: { place: AdminPlace }) {
  const [, navigate] = useLocation();
  const openUser = useCallback((id: string) => navigate(adminUserPath(id), { state: FROM_RESULTS }), [navigate]);
  const closeUser = useCloseTo(adminPaths.users);
  const openRing = useCallback((id: string) => navigate(adminRingPath(id), { state: FROM_RESULTS }), [navigate]);
  const closeRing = useCloseTo(adminPaths.integrity);
  switch (place.section) {
    case 'dashboard':
      return <Dashboard />;
    case 'feedback':
      return <FeedbackInbox onOpenUser={openUser} />;
    case 'users':
      return place.userId ? (
        <UserPage key={place.userId} userId={place.userId} onClose={closeUser} onOpenUser={openUser} />
      ) : (
        <UsersPanel onOpen={openUser} />
      );
    case 'integrity':
      return place.ringId ? (
        <RingPage key={place.ringId} ringId={place.ringId} onClose={closeRing} onOpenUser={openUser} />
      ) : (
        <IntegrityPanel onOpen={openRing} />
      );
    case 'tasks':
      return <TasksPanel />;
    case 'announcements':
      return <AnnouncementsPanel />;
    case 'system':
      return <SystemSettings />;
    case 'audit':
      return <AuditLog onOpenUser={openUser} />;
  }
}

/**
 * /admin/<section>: the operators' console, each section at its own address (/admin opens the
 * dashboard). ADMIN only, by the role the server has now (useAdminAccess); the server refuses
 * everyone else too.
 */
export function AdminPage() {
  const { t } = useAdminTranslation();
  const access = useAdminAccess();
  const [location] = useLocation();
  const place = parseAdminPath(location);
  if (access === 'refused') return <Redirect to={ADMIN_REFUSED} replace />;
  if (!place) return <Redirect to={ADMIN_HOME} replace />;
  if (access === 'checking')
    return (
      <Page testId="admin-checking">
        <InlineLoader />
      </Page>
    );
  return (
    <Page testId="admin-page" className="zv-admin">
      <SubPageHeader title={t('title')} backTo={paths.home} backLabel={t('back')} />
      <div className="zv-admin-layout">
        <AdminNav current={place.section} />
        <div className="zv-admin-main" data-testid={`admin-section-${place.section}`}>
          <Section place={place} />
        </div>
      </div>
    </Page>
  );
}
