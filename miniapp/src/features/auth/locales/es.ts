import type { IdentityTranslation } from './en';

const identityEs: IdentityTranslation = {
  or: 'o',
  signingIn: 'Iniciando sesión...',
  welcomeBack: '¡Bienvenido de nuevo, {{username}}!',
  twoFactor: {
    title: 'Autenticación en dos pasos',
    subtitle: 'Introduce el código de 6 dígitos de tu app de autenticación.',
    backupSubtitle: 'Introduce uno de tus códigos de respaldo. Cada código sirve una vez.',
    codeLabel: 'Código de verificación',
    backupLabel: 'Código de respaldo',
    verify: 'Verificar',
    useBackupCode: 'Usar un código de respaldo',
    useAuthenticator: 'Usar un código de la app de autenticación',
    backToLogin: 'Volver al inicio de sesión',
  },
  google: {
    initFailedWithReason: 'Falló el inicio de sesión con Google: {{reason}}',
    signingIn: 'Iniciando sesión con Google...',
    retry: 'Reintentar',
  },
  telegram: {
    signingIn: 'Iniciando sesión con Telegram...',
    failedTitle: 'No se pudo iniciar sesión con Telegram',
    reopenHint: 'Cierra la app y ábrela de nuevo desde Telegram para obtener un inicio de sesión nuevo.',
    reload: 'Reintentar',
  },
  support: {
    writeTo: '¿Necesitas ayuda? Escribe a',
    operator: '¿Necesitas ayuda? Contacta con el operador de esta aplicación.',
  },
  suspended: {
    title: 'Cuenta suspendida',
    body: 'Tu cuenta ha sido suspendida y se ha cerrado tu sesión. Podrás volver a iniciar sesión cuando se reactive.',
  },
  referral: {
    checking: 'Comprobando el código de referido {{code}}...',
    invalid: 'Código de referido no válido',
    checkFailed: 'Error al comprobar el código de referido',
    validTitle: 'Invitado por {{username}}',
    validBody: 'Código {{code}}: recibes {{bonus}} ZP al unirte.',
  },
};

export default identityEs;
