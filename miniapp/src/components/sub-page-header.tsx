import { useCallback } from 'react';
import { IconButton, Title } from '@telegram-apps/telegram-ui';
import { useLocation } from 'wouter';
import { useBackButton } from '@/lib/navigation/use-back-button';
import { Icon } from './icons';
import './sub-page-header.css';

/**
 * The title row of a nested page, with a back button to its parent (e.g. /settings/security →
 * /settings). Inside Telegram, Telegram's own BackButton does that and the page's is hidden.
 */
export function SubPageHeader({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  const [, setLocation] = useLocation();
  const goBack = useCallback(() => setLocation(backTo), [setLocation, backTo]);
  const { isNative } = useBackButton(goBack);
  return (
    <div className={isNative ? 'zv-subpage-header zv-subpage-header--native' : 'zv-subpage-header'}>
      {!isNative && (
        <IconButton
          mode="plain"
          size="m"
          onClick={goBack}
          aria-label={backLabel}
          title={backLabel}
          data-testid="back-button"
        >
          <Icon name="chevron-down" size={24} className="zv-subpage-header__chevron" />
        </IconButton>
      )}
      <Title level="2" weight="1" Component="h1" className="zv-subpage-header__title">
        {title}
      </Title>
    </div>
  );
}
