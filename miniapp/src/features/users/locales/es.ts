import type { ProfileTranslation } from './en';

const profileEs: ProfileTranslation = {
  title: 'Perfil',
  menuLabel: 'Perfil',
  back: 'Volver',
  memberSince: 'Miembro desde {{date}}',
  tabs: {
    label: 'Secciones del perfil',
    overview: 'Resumen',
    details: 'Detalles del perfil',
    social: 'Cuentas sociales',
  },
  actions: { edit: 'Editar perfil', save: 'Guardar', cancel: 'Cancelar' },
  overview: {
    header: 'Resumen',
    username: 'Nombre de usuario',
    memberSince: 'Miembro desde',
    zp: 'Saldo de ZP',
    seb: 'Puntuación SEB',
    tier: 'Nivel',
    tierProgressLabel: 'Progreso hacia el siguiente nivel SEB',
    tierNext: '{{percent}} hacia {{next}}',
    tierTop: 'Nivel máximo alcanzado',
    streak: 'Racha diaria',
    referralCode: 'Código de referido',
  },
  details: {
    header: 'Detalles del perfil',
    bio: 'Biografía',
    bioPlaceholder: 'Cuenta a los demás algo sobre ti',
    bioEmpty: 'Todavía no hay biografía.',
    counter: '{{count}}/500',
  },
  social: {
    header: 'Cuentas sociales',
    telegram: 'Usuario de Telegram',
    twitter: 'Usuario de Twitter',
    linkedin: 'URL del perfil de LinkedIn',
    notConnected: 'No conectado',
    viewLinkedin: 'Ver perfil de LinkedIn',
    editPrompt: 'Pulsa Editar perfil para actualizar tus cuentas sociales.',
    useDetected: 'Usar detectado',
    detectedHint: 'Telegram dice que eres @{{username}}.',
    detectedBadge: 'Detectado automáticamente desde Telegram',
    telegramPlaceholder: 'tu_usuario',
    twitterPlaceholder: 'tu_usuario',
    linkedinPlaceholder: 'https://www.linkedin.com/in/tu-perfil',
  },
  avatar: {
    change: 'Cambiar foto',
    upload: 'Subir',
    cancel: 'Cancelar',
    uploading: 'Subiendo... {{percent}}',
  },
};

export default profileEs;
