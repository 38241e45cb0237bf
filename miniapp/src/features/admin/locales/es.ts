import type { AdminTranslation } from './en';

const adminEs: AdminTranslation = {
  title: 'Consola de administración',
  back: 'Atrás',
  notAllowed: 'Esta página es solo para administradores.',
  tabs: { feedback: 'Comentarios', audit: 'Registro de auditoría' },
  filters: { type: 'Tipo', priority: 'Prioridad', status: 'Estado', any: 'Cualquiera' },
  inbox: {
    empty: 'Ningún comentario coincide con estos filtros.',
    loadFailed: 'No se pudieron cargar los comentarios. Inténtalo de nuevo.',
    from: 'De {{username}} · {{date}}',
    attachment: 'Imagen {{index}} de «{{title}}»',
    statusLabel: 'Estado',
    replyLabel: 'Respuesta al usuario',
    replyPlaceholder: 'El usuario lo verá en su historial de comentarios',
    save: 'Guardar',
    saved: 'Guardado',
    rewardTitle: 'Recompensa',
    zpLabel: 'ZP',
    sebLabel: 'SEB',
    reward: 'Enviar recompensa',
    rewarded: 'Recompensado: {{amounts}}',
    rewardHint: 'Una recompensa se paga una sola vez por comentario, como asiento contable.',
    failed: 'No funcionó: {{message}}',
  },
  audit: {
    empty: 'Aún no hay acciones de administración.',
    loadFailed: 'No se pudo cargar el registro de auditoría. Inténtalo de nuevo.',
    by: 'Por {{username}} · {{date}}',
    before: 'Antes',
    after: 'Después',
    newer: 'Más recientes',
    older: 'Más antiguas',
    page: 'Página {{page}} de {{pages}}',
    actions: { 'feedback.update': 'Estado del comentario cambiado', 'feedback.reward': 'Comentario recompensado' },
  },
};

export default adminEs;
