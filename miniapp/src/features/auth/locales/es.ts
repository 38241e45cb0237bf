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
  referral: {
    checking: 'Comprobando el código de referido {{code}}...',
    invalid: 'Código de referido no válido',
    checkFailed: 'Error al comprobar el código de referido',
    validTitle: 'Invitado por {{username}}',
    validBody: 'Código {{code}}: recibes {{bonus}} ZP al unirte.',
  },
  server: {
    googleNotConfigured: 'El inicio de sesión con Google no está disponible en este servidor',
    googleTokenInvalid: 'No se pudo verificar el inicio de sesión con Google. Inténtalo de nuevo.',
    googleUnavailable:
      'No se pudo contactar con Google para verificar el inicio de sesión. Inténtalo de nuevo en un momento.',
    googleEmailLinkedElsewhere: 'Este correo ya está vinculado a otra cuenta de Google',
    telegramNotConfigured: 'El inicio de sesión con Telegram no está disponible en este servidor',
    telegramDataMissing: 'Faltan los datos de inicio de sesión de Telegram',
    telegramDataInvalid:
      'Los datos de inicio de sesión de Telegram no son válidos. Vuelve a abrir la app desde Telegram.',
    telegramDataExpired:
      'Los datos de inicio de sesión de Telegram han caducado. Vuelve a abrir la app desde Telegram.',
    loginTokenInvalid: 'Este enlace de inicio de sesión no es válido, ha caducado o ya se usó',
    loginTokenIssued: 'Enlace de inicio de sesión creado. Funciona una vez durante 10 minutos.',
    twoFactorRequired: 'Introduce el código de 6 dígitos de tu app de autenticación',
    twoFactorChallengeInvalid: 'Tu intento de inicio de sesión ha caducado. Vuelve a iniciar sesión.',
    twoFactorCodeInvalid: 'Código de verificación no válido',
    twoFactorCodeReused: 'Este código ya se usó. Espera al siguiente código.',
    backupCodeInvalid: 'Código de respaldo no válido o ya usado',
    backupCodeFormat: 'Introduce un código de respaldo válido (XXXX-XXXX-XXXX)',
    twoFactorAlreadyEnabled: 'La autenticación en dos pasos ya está activada',
    twoFactorNotEnabled: 'La autenticación en dos pasos no está activada',
    twoFactorSetupRequired: 'Primero inicia la configuración en dos pasos',
    twoFactorSetupReady: 'Escanea el código QR con tu app de autenticación y luego introduce un código para terminar',
    welcomeNewUser: '¡Bienvenido a Ziver! Completa tu perfil para empezar a minar.',
    invalidCredentials: 'Correo o contraseña incorrectos',
    rateLimited: 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.',
    sessionExpired: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
    accountSuspended: 'Tu cuenta ha sido suspendida. Ponte en contacto con el soporte.',
  },
};

export default identityEs;
