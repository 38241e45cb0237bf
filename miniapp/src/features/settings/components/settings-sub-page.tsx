import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { paths } from '@/config/paths';
import '../settings.css';

/** The frame of /settings/*: a back button to /settings, the title, then the sections. */
export function SettingsSubPage({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page testId={testId} className="zv-settings">
      <SubPageHeader title={title} backTo={paths.settings} backLabel={t('settings.common.backToSettings')} />
      {children}
    </Page>
  );
}
