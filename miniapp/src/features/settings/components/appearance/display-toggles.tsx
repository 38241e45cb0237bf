import { useState } from 'react';
import { Cell, Section, Switch } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

const TOGGLES = ['reducedMotion', 'highContrast', 'largeText'] as const;
type ToggleId = (typeof TOGGLES)[number];

/**
 * Reduced Motion, High Contrast, Large Text. The spec leaves them unwired: they are kept on this
 * screen only, and the footer says so.
 */
export function DisplayToggles() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<ToggleId, boolean>>({
    reducedMotion: false,
    highContrast: false,
    largeText: false,
  });
  return (
    <Section
      header={t('settings.appearance.display.header')}
      footer={t('settings.appearance.display.notWired')}
      className="zv-section"
    >
      {TOGGLES.map((id) => (
        <Cell
          key={id}
          Component="label"
          multiline
          description={t(`settings.appearance.display.${id}Hint`)}
          after={
            <Switch
              checked={values[id]}
              onChange={(event) => {
                const isOn = event.target.checked;
                setValues((current) => ({ ...current, [id]: isOn }));
              }}
              data-testid={`display-${id}`}
            />
          }
        >
          {t(`settings.appearance.display.${id}`)}
        </Cell>
      ))}
    </Section>
  );
}
