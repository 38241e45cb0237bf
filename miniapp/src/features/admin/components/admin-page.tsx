import { useState } from 'react';
import { Redirect } from 'wouter';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useAdminTranslation } from '../i18n';
import { AnnouncementsPanel } from './announcements-panel';
import { AuditLog } from './audit-log';
import { Dashboard } from './dashboard';
import { FeedbackInbox } from './feedback-inbox';
import { SystemSettings } from './system-settings';
import { TasksPanel } from './tasks-panel';
import { UsersPanel } from './users-panel';
import '../admin.css';

const TABS = ['dashboard', 'feedback', 'users', 'tasks', 'announcements', 'system', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** /admin: the operators' console (ADMIN only; the server refuses everyone else too). */
export function AdminPage() {
  const { t } = useAdminTranslation();
  const user = useSession()?.user;
  const [tab, setTab] = useState<Tab>('dashboard');
  if (user?.role !== 'ADMIN') return <Redirect to={paths.home} replace />;
  return (
    <Page testId="admin-page" className="zv-admin">
      <SubPageHeader title={t('title')} backTo={paths.home} backLabel={t('back')} />
      {/* Seven sections: a wrapping row of tabs (a segmented control cuts their labels at 390 px). */}
      <div className="zv-admin-tabs" role="tablist" aria-label={t('title')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="zv-admin-tab"
            onClick={() => setTab(id)}
            data-testid={`admin-tab-${id}`}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'dashboard' && <Dashboard />}
      {tab === 'feedback' && <FeedbackInbox />}
      {tab === 'users' && <UsersPanel />}
      {tab === 'tasks' && <TasksPanel />}
      {tab === 'announcements' && <AnnouncementsPanel />}
      {tab === 'system' && <SystemSettings />}
      {tab === 'audit' && <AuditLog />}
    </Page>
  );
}
