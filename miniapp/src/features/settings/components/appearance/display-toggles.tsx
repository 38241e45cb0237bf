import { Cell, Section, Switch } from '@telegram-apps/telegram-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DISPLAY_TOGGLES, getDisplay, setDisplay, useDisplay, type DisplayToggle } from '@/lib/display/display';
import { useSession } from '@/lib/session';
import { updateDisplay } from '../../api/update-display';
import { MESSAGE_MS, useTimedMessage } from '../../hooks/use-timed-message';
import { settingsErrorMessage } from '../../utils/settings-errors';
import { saveAppearance } from '../../utils/save-appearance';
import { SettingsMessage } from '../settings-message';
import { listText, useServerText } from '@/i18n/server-text';
import { SETTINGS_MESSAGES } from '@ziver/shared/core';

/**
 * Reduced Motion, High Contrast, Large Text: applied at once, kept in this browser and, signed
 * in, saved on the server with theme and language; a refusal brings the previous value back.
 */
export function DisplayToggles() {
  const { t } = useTranslation();
  const serverText = useServerText();
  const values = useDisplay();
  const session = useSession();
  const queryClient = useQueryClient();
  const message = useTimedMessage(MESSAGE_MS.appearance);

  const onToggle = async (id: DisplayToggle, isOn: boolean) => {
    const apply = (value: boolean) => setDisplay({ ...getDisplay(), [id]: value });
    if (session === null) {
      apply(isOn);
      return;
    }
    const outcome = await saveAppearance(
      queryClient,
      {
        next: isOn,
        previous: !isOn,
        apply,
        save: (value) => updateDisplay({ [id]: value }),
        current: () => getDisplay()[id],
      },
      (data) => ({ ...data, display: { ...data.display, [id]: isOn } }),
    );
    if (outcome.ok) {
      message.show('success', serverText(listText('settings', SETTINGS_MESSAGES, 'displayUpdated')));
    } else {
      message.show('error', settingsErrorMessage(outcome.error));
    }
  };

  return (
    <>
      <Section
        header={t('settings.appearance.display.header')}
        footer={t('settings.appearance.display.footer')}
        className="zv-section"
      >
        {DISPLAY_TOGGLES.map((id) => (
          <Cell
            key={id}
            Component="label"
            multiline
            description={t(`settings.appearance.display.${id}Hint`)}
            after={
              <Switch
                checked={values[id]}
                aria-label={t(`settings.appearance.display.${id}`)}
                onChange={(event) => void onToggle(id, event.target.checked)}
                data-testid={`display-${id}`}
              />
            }
          >
            {t(`settings.appearance.display.${id}`)}
          </Cell>
        ))}
      </Section>
      <SettingsMessage message={message.message} testId="display-message" />
    </>
  );
}
