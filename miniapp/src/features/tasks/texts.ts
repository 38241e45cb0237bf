import { defineFeatureTexts } from '@/i18n/feature-texts';

/**
 * The home-screen task's texts, all five languages (i18n/feature-texts.ts). The rest of the tasks
 * page's texts are in locales/ (the app's own namespace, from before feature texts modules).
 */
export const texts = defineFeatureTexts('tasks', {
  en: {
    homeScreen: {
      add: 'Add to home screen',
      checking: 'Checking your home screen…',
      alreadyAdded: 'Ziver is on your home screen already.',
      outside: 'Open Ziver in Telegram on your phone to add it to your home screen.',
      oldClient: 'Update Telegram to add Ziver to your home screen: it needs Telegram 8.0 or newer.',
      unsupported: 'This Telegram app cannot add Ziver to a home screen. Open Ziver in Telegram on your phone.',
    },
  },
  es: {
    homeScreen: {
      add: 'Añadir a la pantalla de inicio',
      checking: 'Comprobando tu pantalla de inicio…',
      alreadyAdded: 'Ziver ya está en tu pantalla de inicio.',
      outside: 'Abre Ziver en Telegram en tu teléfono para añadirlo a tu pantalla de inicio.',
      oldClient: 'Actualiza Telegram para añadir Ziver a tu pantalla de inicio: necesita Telegram 8.0 o posterior.',
      unsupported:
        'Esta app de Telegram no puede añadir Ziver a una pantalla de inicio. Abre Ziver en Telegram en tu teléfono.',
    },
  },
  fr: {
    homeScreen: {
      add: 'Ajouter à l’écran d’accueil',
      checking: 'Vérification de votre écran d’accueil…',
      alreadyAdded: 'Ziver est déjà sur votre écran d’accueil.',
      outside: 'Ouvrez Ziver dans Telegram sur votre téléphone pour l’ajouter à votre écran d’accueil.',
      oldClient:
        'Mettez Telegram à jour pour ajouter Ziver à votre écran d’accueil : il faut Telegram 8.0 ou plus récent.',
      unsupported:
        'Cette app Telegram ne peut pas ajouter Ziver à un écran d’accueil. Ouvrez Ziver dans Telegram sur votre téléphone.',
    },
  },
  de: {
    homeScreen: {
      add: 'Zum Startbildschirm',
      checking: 'Dein Startbildschirm wird geprüft…',
      alreadyAdded: 'Ziver ist schon auf deinem Startbildschirm.',
      outside: 'Öffne Ziver in Telegram auf deinem Handy, um es zu deinem Startbildschirm hinzuzufügen.',
      oldClient:
        'Aktualisiere Telegram, um Ziver zu deinem Startbildschirm hinzuzufügen: Dafür braucht es Telegram 8.0 oder neuer.',
      unsupported:
        'Diese Telegram-App kann Ziver nicht zu einem Startbildschirm hinzufügen. Öffne Ziver in Telegram auf deinem Handy.',
    },
  },
  zh: {
    homeScreen: {
      add: '添加到主屏幕',
      checking: '正在检查你的主屏幕…',
      alreadyAdded: 'Ziver 已在你的主屏幕上。',
      outside: '请在手机上的 Telegram 中打开 Ziver，将其添加到主屏幕。',
      oldClient: '请更新 Telegram 以将 Ziver 添加到主屏幕：需要 Telegram 8.0 或更高版本。',
      unsupported: '此 Telegram 应用无法将 Ziver 添加到主屏幕。请在手机上的 Telegram 中打开 Ziver。',
    },
  },
});
