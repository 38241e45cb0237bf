import identityEs from '@/features/auth/locales/es';
import profileSetupEs from '@/features/users/locales/setup/es';
import profileEs from '@/features/users/locales/es';
import settingsEs from '@/features/settings/locales/es';
import historyEs from '@/features/transactions/locales/es';
import lockdownEs from '@/features/system/locales/es';
import noticesEs from '@/features/notices/locales/es';
import tasksEs from '@/features/tasks/locales/es';
import referralsEs from '@/features/referrals/locales/es';
import feedbackEs from '@/features/feedback/locales/es';
import legalEs from '@/features/legal/locales/es';
import walletEs from '@/features/wallet/locales/es';
import type { FeaturesTranslation } from './en';

/** Spanish for the pages but the mining screen (see ./es-start), as ./en-features is for English. */
const esFeatures: FeaturesTranslation = {
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
      forgotLink: '¿Olvidaste tu contraseña?',
    },
    forgot: {
      title: 'Restablece tu contraseña',
      subtitle: 'Escribe el correo de tu cuenta y le enviaremos un enlace para elegir una nueva contraseña.',
      emailLabel: 'Correo electrónico',
      submit: 'Enviar enlace',
      sentTitle: 'Revisa tu correo',
      backToLogin: 'Volver a iniciar sesión',
      telegramHint: '¿Conectado a Telegram? Envía /reset al bot para recibir el enlace en tu chat.',
      telegramOpen: 'Abrir @{{bot}}',
    },
    reset: {
      title: 'Elige una nueva contraseña',
      subtitle: 'Elige una nueva contraseña. Se cerrará la sesión en todos los dispositivos de tu cuenta.',
      codeLabel: 'Código de autenticación o de respaldo',
      submit: 'Guardar nueva contraseña',
      doneTitle: 'Contraseña cambiada',
      requestNew: 'Solicitar un nuevo enlace',
      missingToken: 'Esta página necesita el enlace de tu correo. Solicita uno nuevo.',
    },
    verify: {
      title: 'Verifica tu correo',
      checking: 'Comprobando tu enlace…',
      doneTitle: 'Correo verificado',
      openAccount: 'Abrir los ajustes de la cuenta',
      signIn: 'Iniciar sesión',
      failedTitle: 'No se pudo verificar',
      resendHint: 'Puedes enviar un enlace nuevo desde Ajustes → Cuenta.',
      missingToken: 'Esta página necesita el enlace de tu correo de verificación.',
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
    launchSoon: 'Próximamente',
    descriptionNeutral: '{{feature}} está en camino. Lo estamos construyendo con cuidado.',
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
