import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';

/** Shown when rendering failed: a way back that does not depend on the broken screen. */
export function CrashScreen() {
  const { t } = useTranslation();
  return (
    <main className="zv-page">
      <Placeholder
        header={t('errors.crashed')}
        description={t('errors.crashedHint')}
        action={
          <Button size="m" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </Button>
        }
      />
    </main>
  );
}
