import type { ReactNode } from 'react';
import { Button, Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { NotificationSettings } from '@ziver/shared';
import { paths } from '@/config/paths';
import { usePlatform } from '@/lib/platform/platform-provider';
import { useNotificationChannels, useSetThisDevicePush, useThisDevicePush } from '../../api/browser-push';
import { browserPushSupport } from '@/lib/browser-push';
import type { SettingsTranslation } from '../../locales/en';
import { SettingsIcon, type SettingsIconName } from '../settings-icon';

type ChannelText = keyof SettingsTranslation['notifications']['channels'];

/** One channel row's state: its pill (on or not) and what it says; `action` changes it. */
type ChannelState = { isOn: boolean; pill: string; description: string; action?: ReactNode };

function ChannelRow({
  id,
  icon,
  state,
}: {
  id: 'inApp' | 'email' | 'push' | 'telegram';
  icon: SettingsIconName;
  state: ChannelState;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Cell
        multiline
        before={<SettingsIcon name={icon} />}
        description={<span data-testid={`channel-${id}-state`}>{state.description}</span>}
        after={
          <span
            className={state.isOn ? 'zv-pill zv-pill--on' : 'zv-pill'}
            data-testid={`channel-${id}`}
            data-on={state.isOn}
          >
            {state.pill}
          </span>
        }
      >
        {t(`settings.notifications.channels.${id}`)}
      </Cell>
      {state.action ? <div className="zv-section-actions">{state.action}</div> : null}
    </>
  );
}

/**
 * The channels as they really are (issue 39 item 9): in-app always; email only with mail on this
 * server and an address; browser push only with push on this server, a browser that can, outside
 * Telegram, and this device subscribed (with the action that changes it); Telegram only with a
 * bot here and the account connected. Nothing says "On" for a channel that cannot deliver.
 */
export function NotificationChannels({
  settings,
  onPushError,
}: {
  settings: NotificationSettings;
  onPushError: (error: Error) => void;
}) {
  const { t } = useTranslation();
  const { platform } = usePlatform();
  const isTelegram = platform === 'telegram';
  const support = browserPushSupport();
  const canAsk = platform !== null && !isTelegram && support !== 'unsupported';
  const device = useThisDevicePush(canAsk);
  const endpoint = canAsk ? (device.data ?? null) : null;
  const channels = useNotificationChannels(endpoint, !canAsk || device.isFetched);
  const setDevicePush = useSetThisDevicePush({ onError: onPushError });
  const k = (key: ChannelText) => t(`settings.notifications.channels.${key}` as const);

  if (!channels.data) return null;
  const { email, push, telegram } = channels.data;

  const emailState: ChannelState = !email.available
    ? { isOn: false, pill: k('unavailable'), description: k('emailUnavailable') }
    : !email.hasAddress
      ? {
          isOn: false,
          pill: k('noAddress'),
          description: k('emailNoAddress'),
          action: (
            <Link href={paths.settingsAccount} className="zv-link" data-testid="channel-email-add">
              {k('emailAdd')}
            </Link>
          ),
        }
      : settings.email
        ? { isOn: true, pill: k('on'), description: k('emailOn') }
        : { isOn: false, pill: k('off'), description: k('emailOff') };

  const pushButton = (isOn: boolean) => (
    <Button
      size="s"
      mode={isOn ? 'gray' : 'bezeled'}
      loading={setDevicePush.isPending}
      onClick={() => setDevicePush.mutate(!isOn)}
      data-testid={isOn ? 'push-device-off' : 'push-device-on'}
    >
      {isOn ? k('pushUnsubscribe') : k('pushSubscribe')}
    </Button>
  );
  const pushState: ChannelState = isTelegram
    ? { isOn: false, pill: k('viaTelegram'), description: k('pushTelegram') }
    : !push.available
      ? { isOn: false, pill: k('unavailable'), description: k('pushUnavailable') }
      : support === 'unsupported'
        ? { isOn: false, pill: k('unsupported'), description: k('pushUnsupported') }
        : support === 'denied'
          ? { isOn: false, pill: k('blocked'), description: k('pushDenied') }
          : push.thisDevice
            ? settings.push
              ? { isOn: true, pill: k('thisDevice'), description: k('pushSubscribed'), action: pushButton(true) }
              : { isOn: false, pill: k('paused'), description: k('pushPaused'), action: pushButton(true) }
            : { isOn: false, pill: k('off'), description: k('pushNotSubscribed'), action: pushButton(false) };

  const telegramState: ChannelState = !telegram.available
    ? { isOn: false, pill: k('unavailable'), description: k('telegramUnavailable') }
    : !telegram.connected
      ? {
          isOn: false,
          pill: k('notConnected'),
          description: k('telegramNotConnected'),
          action: (
            <Link href={paths.referrals} className="zv-link" data-testid="channel-telegram-connect">
              {k('telegramConnect')}
            </Link>
          ),
        }
      : telegram.blocked
        ? { isOn: false, pill: k('blocked'), description: k('telegramBlocked') }
        : settings.push
          ? { isOn: true, pill: k('connected'), description: k('telegramOn') }
          : { isOn: false, pill: k('off'), description: k('telegramOff') };

  return (
    <Section header={k('header')} className="zv-section" data-testid="notification-channels">
      <ChannelRow id="inApp" icon="bell" state={{ isOn: true, pill: k('on'), description: k('alwaysOn') }} />
      <ChannelRow id="email" icon="mail" state={emailState} />
      <ChannelRow id="push" icon="phone" state={pushState} />
      <ChannelRow id="telegram" icon="send" state={telegramState} />
    </Section>
  );
}
