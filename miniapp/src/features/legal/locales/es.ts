import type { LegalTranslation } from './en';

const legalEs: LegalTranslation = {
  back: 'Volver',
  updated: 'Última actualización: 25 de noviembre de 2026',
  contents: 'Contenido',
  privacy: {
    title: 'Política de privacidad',
    intro:
      'Esta política explica qué datos recoge Ziver cuando usas la app en la web o dentro de Telegram, para qué y qué opciones tienes. Solo recogemos lo necesario para gestionar tu cuenta y el programa de puntos.',
    sections: {
      collect: {
        title: 'Qué recogemos',
        body: 'Datos de la cuenta: nombre de usuario, correo electrónico y un hash de tu contraseña (nunca la contraseña). Si inicias sesión con Telegram o Google: tu ID y nombre de usuario de Telegram, o el ID y el correo de tu cuenta de Google. Datos de perfil que decidas añadir: biografía, usuarios de Telegram y Twitter, dirección de LinkedIn y avatar. Actividad en la app: ciclos de minería, tareas, referidos, puntos y transacciones. Los comentarios que envías, con sus imágenes. Datos técnicos: dirección IP e información del dispositivo en los registros del servidor, usados por seguridad.',
      },
      use: {
        title: 'Cómo los usamos',
        body: 'Para gestionar tu cuenta e iniciar tu sesión; para acreditar puntos ZP y SEB, rachas y recompensas por referidos; para detectar trampas, abusos y ataques; para responder a tus comentarios; y para enviarte las notificaciones que hayas activado. No usamos tus datos para publicidad ni los vendemos.',
      },
      images: {
        title: 'Imágenes que subes',
        body: 'Cada imagen se comprueba y se vuelve a codificar en nuestros servidores, lo que elimina metadatos ocultos como los datos de la cámara y la ubicación GPS. Tu avatar lo puede ver cualquiera que tenga su enlace. Las imágenes de los comentarios solo las ves tú y el equipo de Ziver.',
      },
      sharing: {
        title: 'Con quién los compartimos',
        body: 'Solo con proveedores que alojan y operan Ziver para nosotros, por contrato y solo para ese fin, y con las autoridades cuando la ley lo exige. Los demás usuarios solo ven tu perfil público: nombre de usuario, avatar y lo que añadas.',
      },
      storage: {
        title: 'Almacenamiento y seguridad',
        body: 'Las contraseñas se guardan como hashes irreversibles y los secretos de doble factor se cifran. Las conexiones van cifradas. Conservamos tus datos mientras tu cuenta esté abierta y los borramos o anonimizamos cuando nos pidas cerrarla, salvo los registros que la ley nos obligue a conservar.',
      },
      rights: {
        title: 'Tus derechos',
        body: 'Puedes ver y corregir la mayoría de tus datos en Perfil y Ajustes. Puedes pedir una copia de tus datos, su eliminación o que dejemos de usarlos para un fin concreto escribiendo a {{email}}. Respondemos en un plazo de 30 días.',
      },
      children: {
        title: 'Menores',
        body: 'Ziver no está pensado para menores de 16 años. Si crees que un menor nos ha dado datos, contáctanos y los borraremos.',
      },
      changes: {
        title: 'Cambios en esta política',
        body: 'Cuando cambiemos esta política actualizaremos la fecha de arriba y, si el cambio es importante, te avisaremos en la app antes de que se aplique.',
      },
      contact: { title: 'Contacto', body: 'Preguntas sobre privacidad: {{email}}.' },
    },
  },
  terms: {
    title: 'Términos del servicio',
    intro:
      'Estos términos son el acuerdo entre tú y Ziver para usar la app en la web, dentro de Telegram o en el móvil. Al crear una cuenta o usar Ziver los aceptas.',
    sections: {
      account: {
        title: 'Tu cuenta',
        body: 'Debes tener al menos 16 años. Una cuenta por persona. No compartas tu contraseña ni tus códigos de doble factor: eres responsable de lo que ocurra en tu cuenta. Da información veraz y mantén tu correo al día.',
      },
      points: {
        title: 'Puntos ZP y SEB',
        body: 'Los puntos ZP y SEB son recompensas dentro de la app por minar, completar tareas, invitar amigos y enviar comentarios útiles. No son dinero, ni una criptomoneda, ni un valor, ni un derecho frente a Ziver, y no se pueden vender ni cambiar salvo que anunciemos una forma de hacerlo con términos aparte. Podemos corregir saldos acreditados por error o por abuso.',
      },
      fairUse: {
        title: 'Uso justo',
        body: 'No uses bots, scripts, varias cuentas ni referidos falsos, no aproveches errores y no intentes entrar, sobrecargar o descompilar el servicio. Informa de los errores mediante Comentarios: los informes útiles pueden tener recompensa. Podemos anular las recompensas obtenidas de forma injusta.',
      },
      content: {
        title: 'Lo que nos envías',
        body: 'Tu perfil, tus comentarios y tus imágenes siguen siendo tuyos. Nos permites guardarlos y usarlos para operar y mejorar Ziver. No subas nada ilegal, de odio o que no tengas derecho a compartir.',
      },
      availability: {
        title: 'Disponibilidad y cambios',
        body: 'Trabajamos para que Ziver funcione, pero se ofrece tal cual: puede pausarse por mantenimiento y las funciones, recompensas y límites pueden cambiar. Te avisamos en la app de los cambios que te afecten.',
      },
      termination: {
        title: 'Cierre de la cuenta',
        body: 'Puedes dejar de usar Ziver cuando quieras y pedirnos que cerremos tu cuenta. Podemos suspender o cerrar cuentas que incumplan estos términos; en ese caso se pierden los puntos obtenidos de forma injusta.',
      },
      liability: {
        title: 'Responsabilidad',
        body: 'En la medida en que la ley lo permita, Ziver no responde de pérdidas indirectas, de puntos perdidos ni de interrupciones del servicio. Nada en estos términos limita los derechos que te da la ley de consumo.',
      },
      contact: { title: 'Contacto', body: 'Preguntas sobre estos términos: {{email}}.' },
    },
  },
};

export default legalEs;
