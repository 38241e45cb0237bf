import { useState, type ReactNode } from 'react';
import { isSpecLaunchAhead } from '@ziver/shared';
import { Cell, Placeholder, Section, Switch } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/icons';
import { Page } from '@/components/page';
import { useSession } from '@/lib/session';
import { canBypassComingSoon, readAdminBypass, storeAdminBypass } from '../utils/admin-bypass';
import { guardedLocalStorage } from '@/lib/storage/guarded-storage';
import { useLaunchText } from '../api/get-launch-text';

export type ComingSoonFeature = 'marketplace' | 'wallet';

const ICONS: Record<ComingSoonFeature, IconName> = { marketplace: 'marketplace', wallet: 'wallet' };

/**
 * The launch line and description: the operator's text when one is set (issue 38, item 15); else
 * the spec's "Q4 2025" while that is ahead; else a neutral "Coming soon", never a date gone by.
 * Nothing is shown in the badge until the answer is in (no flash of a default about to change).
 */
function useLaunchLine(featureName: string) {
  const { t } = useTranslation();
  const launch = useLaunchText();
  const operatorText = launch.data?.text ?? null;
  const isDateAhead = !operatorText && isSpecLaunchAhead(Date.now());
  const badge = operatorText ?? (isDateAhead ? t('comingSoon.launch') : t('comingSoon.launchSoon'));
  return {
    badge: launch.isPending ? null : badge,
    description: t(isDateAhead ? 'comingSoon.description' : 'comingSoon.descriptionNeutral', { feature: featureName }),
  };
}

/**
 * The placeholder for a feature that is not launched. ADMIN and TESTER get a bypass toggle,
 * remembered per feature, that shows `children` (the feature as built so far).
 */
export function ComingSoonPage({ feature, children }: { feature: ComingSoonFeature; children?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const canBypass = canBypassComingSoon(session?.user.role);
  const [isBypassed, setIsBypassed] = useState(() => readAdminBypass(guardedLocalStorage, feature));
  const featureName = t(`comingSoon.features.${feature}`);
  const launch = useLaunchLine(featureName);

  const toggle = (isEnabled: boolean) => {
    storeAdminBypass(guardedLocalStorage, feature, isEnabled);
    setIsBypassed(isEnabled);
  };

  const showContent = canBypass && isBypassed;

  return (
    <Page testId="coming-soon">
      {canBypass && (
        <Section className="zv-section">
          <Cell
            Component="label"
            multiline
            description={t('comingSoon.adminBypassHint')}
            after={
              <Switch
                checked={isBypassed}
                onChange={(event) => toggle(event.target.checked)}
                data-testid="admin-bypass"
              />
            }
          >
            {t('comingSoon.adminBypass')}
          </Cell>
        </Section>
      )}
      {showContent ? (
        (children ?? <Placeholder header={featureName} description={t('comingSoon.previewEmpty')} />)
      ) : (
        <Placeholder
          header={t('comingSoon.title')}
          description={launch.description}
          action={
            launch.badge && (
              <span className="zv-launch-badge" data-testid="coming-soon-launch">
                {launch.badge}
              </span>
            )
          }
        >
          <span className="zv-placeholder-icon">
            <Icon name={ICONS[feature]} size={48} />
          </span>
        </Placeholder>
      )}
    </Page>
  );
}
