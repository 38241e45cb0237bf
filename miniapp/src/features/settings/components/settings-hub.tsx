import { useState } from 'react';
import { Avatar, Cell, Section, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Notice } from '@/components/notice';
import { Page } from '@/components/page';
import { SubPageHeader } from '@/components/sub-page-header';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { SettingsIcon, type SettingsIconName } from './settings-icon';
import '../settings.css';

type AreaId = 'appearance' | 'security' | 'notifications' | 'account';
type QuickActionId = 'privacy' | 'terms' | 'feedback';

const AREAS: readonly { id: AreaId; path: string; icon: SettingsIconName }[] = [
  { id: 'appearance', path: paths.settingsAppearance, icon: 'palette' },
  { id: 'security', path: paths.settingsSecurity, icon: 'shield' },
  { id: 'notifications', path: paths.settingsNotifications, icon: 'bell' },
  { id: 'account', path: paths.settingsAccount, icon: 'user' },
];

const QUICK_ACTIONS: readonly { id: QuickActionId; icon: SettingsIconName }[] = [
  { id: 'privacy', icon: 'lock' },
  { id: 'terms', icon: 'file' },
  { id: 'feedback', icon: 'message' },
];

/** A quick action opens its page once that page's path exists (e.g. /feedback, added by its feature). */
function pathOf(id: QuickActionId): string | undefined {
  return (paths as Readonly<Record<string, string>>)[id];
}

/**
 * /settings (docs/spec.md §2): who is signed in, four cards to the sub-pages, and the quick actions.
 * Each quick action links to its page (/privacy, /terms, /feedback); an action whose page does
 * not exist says so when tapped instead of doing nothing.
 */
export function SettingsHub() {
  const { t } = useTranslation();
  const session = useSession();
  const [unavailable, setUnavailable] = useState<QuickActionId | null>(null);
  const user = session?.user;

  return (
    <Page testId="settings-page" className="zv-settings">
      {/* Back home on the web; inside Telegram its own BackButton does the same. */}
      <SubPageHeader title={t('settings.hub.title')} backTo={paths.home} backLabel={t('settings.hub.backHome')} />
      {user && (
        <div className="zv-settings__who">
          <Avatar
            size={48}
            src={user.avatar_url ?? undefined}
            acronym={user.avatar_url ? undefined : user.username.charAt(0).toUpperCase()}
            alt=""
          />
          <div className="zv-settings__who-names">
            <Text weight="2" className="zv-ellipsis">
              {user.username}
            </Text>
            {user.email && <span className="zv-muted zv-ellipsis">{user.email}</span>}
          </div>
        </div>
      )}
      <nav className="zv-settings__grid" aria-label={t('settings.hub.title')}>
        {AREAS.map((area) => (
          <Link key={area.id} href={area.path} className="zv-settings-card" data-testid={`settings-card-${area.id}`}>
            <span className="zv-settings-card__icon">
              <SettingsIcon name={area.icon} />
            </span>
            <span className="zv-settings-card__text">
              <Text weight="2">{t(`settings.hub.areas.${area.id}.title`)}</Text>
              <span className="zv-settings-card__description">{t(`settings.hub.areas.${area.id}.description`)}</span>
            </span>
            <SettingsIcon name="chevron-right" size={18} className="zv-muted" />
          </Link>
        ))}
      </nav>
      <Section header={t('settings.hub.quickActions')} className="zv-section">
        {QUICK_ACTIONS.map((action) => {
          const path = pathOf(action.id);
          if (path) {
            return (
              <Cell
                key={action.id}
                Component={Link}
                href={path}
                className="zv-cell-action"
                before={<SettingsIcon name={action.icon} />}
                after={<SettingsIcon name="chevron-right" size={18} className="zv-muted" />}
                data-testid={`quick-action-${action.id}`}
              >
                {t(`settings.hub.actions.${action.id}`)}
              </Cell>
            );
          }
          return (
            <Cell
              key={action.id}
              Component="button"
              type="button"
              className="zv-cell-action"
              before={<SettingsIcon name={action.icon} />}
              after={<span className="zv-soon-badge">{t('settings.common.soon')}</span>}
              onClick={() => setUnavailable(action.id)}
              data-testid={`quick-action-${action.id}`}
            >
              {t(`settings.hub.actions.${action.id}`)}
            </Cell>
          );
        })}
      </Section>
      {unavailable && (
        <Notice
          tone="info"
          testId="quick-action-unavailable"
          action={
            <button type="button" className="zv-link-button" onClick={() => setUnavailable(null)}>
              {t('settings.common.dismiss')}
            </button>
          }
        >
          {t('settings.hub.unavailable', { name: t(`settings.hub.actions.${unavailable}`) })}
        </Notice>
      )}
    </Page>
  );
}
