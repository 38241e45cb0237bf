import identityEs from '@/features/auth/locales/es';
import profileSetupEs from '@/features/profile-setup/locales/es';
import profileEs from '@/features/profile/locales/es';
import settingsEs from '@/features/settings/locales/es';
import historyEs from '@/features/history/locales/es';
import lockdownEs from '@/features/lockdown/locales/es';
import noticesEs from '@/features/notices/locales/es';
import tasksEs from '@/features/tasks/locales/es';
import referralsEs from '@/features/referrals/locales/es';
import feedbackEs from '@/features/feedback/locales/es';
import legalEs from '@/features/legal/locales/es';
import walletEs from '@/features/wallet/locales/es';
import type { FeaturesTranslation } from './en';

/** Spanish for the pages but the mining screen (see ./es-start), as ./en-features is for English. */
const esFeatures: FeaturesTranslation = {
  messages: {
    invalidTokenReceived: 'Se recibió un token no válido',
    tokenValidationFailed: 'La validación del token falló',
    noGoogleToken: 'No se recibió ningún token de Google OAuth',
    invalidTokenFormat: 'Formato de token no válido',
    passwordsDoNotMatch: 'Las contraseñas no coinciden',
    passwordTooShort: 'La contraseña debe tener al menos 6 caracteres',
    usernameTooShort: 'El nombre de usuario debe tener al menos 3 caracteres',
    invalidEmail: 'Introduce una dirección de correo válida',
    enterConnectionCode: 'Introduce el código de conexión',
    avatarTooLarge: 'El archivo debe pesar menos de 1 MB',
    avatarNotImage: 'Selecciona un archivo de imagen',
    feedbackTitleRequired: 'Introduce un título para tu comentario',
    feedbackDetailsRequired: 'Añade detalles sobre tu comentario',
    emailMustDiffer: 'El nuevo correo debe ser distinto del actual',
    passwordComplexity: 'La contraseña debe incluir mayúsculas, minúsculas, un número y un carácter especial',
    invalidTwoFactorCode: 'Introduce un código válido de 6 dígitos',
    backupCodeRequired: 'Introduce un código de respaldo',
    unsafeText: 'El texto no puede contener caracteres de control ni Unicode dañado',
    invalidRegistrationData: 'Datos de registro no válidos.',
    userExists: 'Ya existe un usuario con este correo o nombre de usuario.',
    serverError: 'Error del servidor. Inténtalo de nuevo más tarde.',
    registrationFailed: 'El registro falló. Inténtalo de nuevo.',
    loginFailedDefault: 'No se pudo iniciar sesión. Revisa tus credenciales.',
    loginFailed: 'No se pudo iniciar sesión.',
    googleAuthFailed: 'La autenticación con Google falló. Inténtalo de nuevo.',
    googleCancelled: 'La autenticación con Google se canceló o falló.',
    googleInitFailed: 'No se pudo inicializar el acceso con Google',
    twoFactorFailed: 'La autenticación en dos pasos falló. Inténtalo de nuevo.',
    failedToClaim: 'No se pudo reclamar la recompensa',
    failedMiningStatus: 'No se pudo obtener el estado de minería',
    failedStartMining: 'No se pudo iniciar la minería',
    failedMiningConfig: 'No se pudo obtener la configuración de minería',
    failedUpdateSettings: 'No se pudo actualizar la configuración',
    claimError: 'Se produjo un error al reclamar',
    failedFetchSettings: 'No se pudo cargar la configuración',
    genericError: 'Se produjo un error',
    copiedToClipboard: '¡Copiado al portapapeles!',
  },
  auth: {
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
    login: {
      title: 'Bienvenido de nuevo',
      subtitle: 'Inicia sesión para seguir minando ZP.',
      invalidCredentials: 'Correo, usuario o contraseña incorrectos',
      emailLabel: 'Correo o usuario',
      emailPlaceholder: 'tu@ejemplo.com',
      passwordLabel: 'Contraseña',
      passwordPlaceholder: 'Tu contraseña',
      submit: 'Iniciar sesión',
      noAccount: '¿No tienes cuenta?',
      registerLink: 'Crea una',
      sessionExpired: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
    },
    register: {
      title: 'Crea tu cuenta',
      subtitle: 'Únete a Ziver y empieza a minar ZP hoy.',
      usernameLabel: 'Nombre de usuario',
      usernamePlaceholder: 'Tu nombre de usuario',
      emailLabel: 'Correo electrónico',
      emailPlaceholder: 'tu@ejemplo.com',
      passwordLabel: 'Contraseña',
      passwordPlaceholder: 'Al menos 6 caracteres',
      confirmPasswordLabel: 'Confirmar contraseña',
      confirmPasswordPlaceholder: 'Repite tu contraseña',
      submit: 'Crear cuenta',
      haveAccount: '¿Ya tienes cuenta?',
      loginLink: 'Inicia sesión',
      referralCode: 'Código de referido: {{code}}',
    },
  },
  landing: {
    heroBadge: 'Web3 conforme a la Sharia',
    heroTitle: 'Gana, crece y conecta de forma halal',
    heroSubtitle:
      'Ziver es una plataforma social Web3 conforme a la Sharia para creadores, entusiastas y todos los que buscan cripto halal.',
    getEarlyAccess: 'Obtener acceso anticipado',
    signIn: 'Iniciar sesión',
    whatIsTitle: '¿Qué es Ziver?',
    whatIsBody:
      'Una plataforma social donde tu tiempo y tu comunidad cuentan. Mina ZP en cada ciclo, aumenta tu puntuación de capital social (SEB), completa tareas e invita a amigos: sin intereses, apuestas ni especulación.',
    problemsTitle: 'Los problemas que resuelve Ziver',
    problems: {
      interest: {
        title: 'Intereses por todas partes',
        body: 'La mayoría de formas de ganar con cripto dependen de intereses (riba) o préstamos, algo que muchas personas no pueden aceptar.',
      },
      gambling: {
        title: 'Apuestas disfrazadas',
        body: 'Los airdrops y los juegos cripto a menudo se convierten en apuestas y especulación.',
      },
      value: {
        title: 'Tu tiempo, su beneficio',
        body: 'Las redes sociales crecen con tu tiempo y tu red, pero rara vez comparten el valor contigo.',
      },
    },
    benefitsTitle: 'Por qué Ziver',
    benefits: {
      mining: { title: 'Mina cada pocas horas', body: 'Inicia un ciclo con un toque y reclama tus ZP cuando termine.' },
      social: {
        title: 'Aumenta tu capital social',
        body: 'Tu puntuación SEB sube con tu racha y desbloquea niveles superiores.',
      },
      halal: {
        title: 'Diseñado para ser halal',
        body: 'Sin riba ni apuestas: las recompensas vienen de participar, no de especular.',
      },
    },
    faqTitle: 'Preguntas frecuentes',
    faq: {
      q1: '¿Qué es ZP?',
      a1: 'ZP son los puntos de Ziver. Los ganas minando, completando tareas e invitando a amigos.',
      q2: '¿Ziver es conforme a la Sharia?',
      a2: 'Ziver está diseñado según principios halal: sin intereses, sin apuestas y sin trading especulativo.',
      q3: '¿Cómo funciona la minería?',
      a3: 'Pulsa Empezar a minar, espera a que termine el ciclo y reclama tu recompensa. Reclamar cada día aumenta tu racha.',
      q4: '¿Tiene algún coste?',
      a4: 'No. Unirte y minar es gratis, en la web y dentro de Telegram.',
    },
    footerDisclaimer:
      'ZP y SEB son puntos de la aplicación sin valor monetario. Nada en este sitio es asesoramiento financiero ni religioso.',
    footerRights: '© {{year}} Ziver',
  },
  comingSoon: {
    title: 'Próximamente',
    launch: 'Lanzamiento en el cuarto trimestre de 2025',
    description:
      '{{feature}} está en camino. Lo estamos construyendo con cuidado y se lanzará en el cuarto trimestre de 2025.',
    adminBypass: 'Acceso de administrador',
    adminBypassHint: 'Muestra la función tal como está hoy (solo ADMIN y TESTER).',
    previewEmpty: 'Aún no hay nada que previsualizar: todavía no se ha creado contenido para esta función.',
    features: { marketplace: 'Mercado', wallet: 'Billetera' },
  },
  lockdown: lockdownEs,
  notices: noticesEs,
  history: historyEs,
  identity: identityEs,
  settings: settingsEs,
  profileSetup: profileSetupEs,
  profile: profileEs,
  tasks: tasksEs,
  referrals: referralsEs,
  feedback: feedbackEs,
  legal: legalEs,
  wallet: walletEs,
};

export default esFeatures;
