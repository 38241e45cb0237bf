import { Button } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ProfileMenu } from './profile-menu';
import { ThemeToggle } from './theme-toggle';

/** Logo, theme toggle, and the profile menu (or Sign In when signed out). */
export function AppHeader({ showSignIn }: { showSignIn: boolean }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  // A stored session is shown as signed in while it is checked (see router.tsx).
  const isSignedIn = status === 'signed_in' || (status === 'loading' && user !== null);
  return (
    <header className="zv-header">
      <div className="zv-header__inner">
        <Link href={paths.home} className="zv-header__home" aria-label={t('header.home')}>
          <Logo size={30} />
        </Link>
        <div className="zv-header__actions">
          <ThemeToggle />
          {isSignedIn ? (
            <ProfileMenu />
          ) : (
            showSignIn &&
            status === 'signed_out' && (
              <Button Component={Link} href={paths.login} size="s" mode="bezeled">
                {t('header.signIn')}
              </Button>
            )
          )}
        </div>
      </div>
    </header>
  );
}
