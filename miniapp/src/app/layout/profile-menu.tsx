import { useEffect, useId, useRef, useState } from 'react';
import { Avatar, Caption, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Icon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { SettingsIcon } from '@/features/settings/components/settings-icon';

/** The header's profile dropdown: who is signed in, Profile, History, Settings, Feedback, the admin console (ADMIN only) and Logout. */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const [isSigningOut, setIsSigningOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  if (!user) return null;
  const initial = user.username.charAt(0).toUpperCase();
  const avatar = (
    <Avatar size={28} src={user.avatar_url ?? undefined} acronym={user.avatar_url ? undefined : initial} alt="" />
  );

  const onLogout = async () => {
    setIsSigningOut(true);
    try {
      await signOut();
    } finally {
      setIsSigningOut(false);
      setIsOpen(false);
    }
  };

  return (
    <div className="zv-profile" ref={rootRef}>
      <button
        type="button"
        className="zv-profile__trigger"
        data-testid="profile-menu"
        aria-label={t('header.openProfileMenu')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {avatar}
        <Icon name={isOpen ? 'chevron-up' : 'chevron-down'} size={16} />
      </button>
      {isOpen && (
        <div className="zv-profile__menu" id={menuId} role="menu">
          <div className="zv-profile__who">
            <Avatar
              size={40}
              src={user.avatar_url ?? undefined}
              acronym={user.avatar_url ? undefined : initial}
              alt=""
            />
            <div className="zv-profile__names">
              <Text weight="2" className="zv-ellipsis" data-testid="profile-username">
                {user.username}
              </Text>
              {user.email && (
                <Caption level="1" className="zv-muted zv-ellipsis">
                  {user.email}
                </Caption>
              )}
            </div>
          </div>
          <Link
            href={paths.profile}
            role="menuitem"
            className="zv-profile__item"
            data-testid="menu-profile"
            onClick={() => setIsOpen(false)}
          >
            <Icon name="users" size={20} />
            {t('profile.menuLabel')}
          </Link>
          <Link
            href={paths.history}
            role="menuitem"
            className="zv-profile__item"
            data-testid="menu-history"
            onClick={() => setIsOpen(false)}
          >
            <Icon name="clock" size={20} />
            {t('history.menuLabel')}
          </Link>
          <Link
            href={paths.settings}
            role="menuitem"
            className="zv-profile__item"
            data-testid="menu-settings"
            onClick={() => setIsOpen(false)}
          >
            <SettingsIcon name="settings" size={20} />
            {t('settings.hub.title')}
          </Link>
          <Link
            href={paths.feedback}
            role="menuitem"
            className="zv-profile__item"
            data-testid="menu-feedback"
            onClick={() => setIsOpen(false)}
          >
            <SettingsIcon name="message" size={20} />
            {t('feedback.menuLabel')}
          </Link>
          {user.role === 'ADMIN' && (
            <Link
              href={paths.admin}
              role="menuitem"
              className="zv-profile__item"
              data-testid="menu-admin"
              onClick={() => setIsOpen(false)}
            >
              <SettingsIcon name="shield" size={20} />
              {t('header.adminConsole')}
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            className="zv-profile__item zv-profile__item--danger"
            data-testid="logout"
            disabled={isSigningOut}
            onClick={() => void onLogout()}
          >
            <Icon name="logout" size={20} />
            {t('header.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
