import type { LockdownTranslation } from './en';

const lockdownEs: LockdownTranslation = {
  title: 'En mantenimiento',
  body: 'Ziver está recibiendo mejoras. Tu saldo y tu progreso están a salvo.',
  estimate: 'Tiempo estimado: 30-60 minutos',
  contactSupport: 'Contactar con soporte',
  contactOperator: 'Contacta con el operador de esta aplicación para obtener ayuda.',
  copyEmail: 'Copiar correo de soporte',
  tryAgain: 'Reintentar',
  backSoon: 'Te llevaremos de vuelta automáticamente en cuanto terminemos.',
  stillDown: 'Seguimos en mantenimiento. Vuelve a comprobarlo en unos minutos.',
  copyFailed: 'No se pudo copiar. Nuestro correo es {{email}}',
  banner: {
    signUpClosed:
      'El registro se reabrirá cuando termine el mantenimiento. Los administradores pueden seguir iniciando sesión.',
    adminTitle: 'El bloqueo está activado',
    adminBody:
      'Todos excepto los administradores ven la página de mantenimiento: sin registros, sin minería, sin recompensas.',
    adminLink: 'Interruptor de bloqueo',
  },
};

export default lockdownEs;
