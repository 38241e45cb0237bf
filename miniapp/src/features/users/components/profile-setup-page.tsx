import { Avatar, Button, Cell, Placeholder, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { Icon, type IconName } from '@/components/icons';
import { Page } from '@/components/page';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

const NEXT_STEPS: readonly { id: 'mine' | 'secure' | 'invite'; icon: IconName }[] = [
  { id: 'mine', icon: 'mining' },
  { id: 'secure', icon: 'shield' },
  { id: 'invite', icon: 'users' },
];

/**
 * /profile/setup, where a first Google or Telegram sign-in lands (docs/spec.md §2). The welcome asks
 * the user to complete the profile to start mining; there is no profile-editing endpoint yet, so
 * the page shows the account that was created and continues to mining.
 */
export function ProfileSetupPage() {
  const { t } = useTranslation();
  const session = useSession();
  const historyState = useHistoryState<{ showWelcome?: boolean } | null>();
  const showWelcome = historyState?.showWelcome === true;
  const user = session?.user;

  return (
    <Page testId="profile-setup-page">
      <div data-testid="profile-setup-welcome" data-welcome={showWelcome}>
        <Placeholder
          header={showWelcome ? t('profileSetup.welcomeTitle') : t('profileSetup.title')}
          description={showWelcome ? t('profileSetup.welcomeBody') : t('profileSetup.body')}
        >
          <Avatar
            size={96}
            src={user?.avatar_url ?? undefined}
            acronym={user?.avatar_url ? undefined : (user?.username.charAt(0).toUpperCase() ?? '?')}
            alt=""
          />
        </Placeholder>
      </div>
      {user && (
        <Section header={t('profileSetup.accountHeader')} className="zv-section">
          <Cell subhead={t('profileSetup.username')}>{user.username}</Cell>
          {user.email && <Cell subhead={t('profileSetup.email')}>{user.email}</Cell>}
          {user.telegram_username && <Cell subhead={t('profileSetup.telegram')}>@{user.telegram_username}</Cell>}
        </Section>
      )}
      <Section header={t('profileSetup.nextHeader')} className="zv-section">
        {NEXT_STEPS.map((step) => (
          <Cell
            key={step.id}
            multiline
            before={<Icon name={step.icon} size={22} />}
            description={t(`profileSetup.steps.${step.id}Hint`)}
          >
            {t(`profileSetup.steps.${step.id}`)}
          </Cell>
        ))}
      </Section>
      <Button Component={Link} href={paths.mining} size="l" stretched data-testid="start-mining">
        {t('profileSetup.startMining')}
      </Button>
      <Button Component={Link} href={paths.settingsSecurity} size="l" mode="plain" stretched>
        {t('profileSetup.secureAccount')}
      </Button>
    </Page>
  );
}
