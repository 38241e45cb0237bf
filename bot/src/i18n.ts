import { LANGUAGES, formatAmount, interpolate, type Language } from '@ziver/shared';

// Plain text (no parse_mode): names and codes inserted into messages need no escaping.
const en = {
  'start.greeting': 'Welcome to Ziver!',
  'start.about':
    'Mine ZP every cycle: start mining, come back when the cycle ends and claim your reward.\n' +
    'Earn SEB points as you mine, keep your daily streak and complete tasks.\n' +
    'Invite friends: they get a welcome bonus and you earn ZP when they start mining.',
  'start.invite': 'Your invite code {code} is applied when you sign up in the app.',
  'start.invite_invalid':
    'The invite code {code} does not exist: check the link you were given. You can still sign up without it.',
  'start.invite_has_account': 'You already have a Ziver account, so the invite code {code} cannot be used for you.',
  'start.tap_button': 'Tap “Open Ziver” below to get started.',
  'start.open_at': 'Open Ziver here: {url}',
  'start.no_app': 'Sign up on the Ziver website to start mining, then come back here.',
  'start.private_chat': 'Ziver opens in a private chat with me: tap the button below.',
  'button.open': 'Open Ziver',
  'help.text':
    'What I can do:\n' +
    '/start – open Ziver and see how it works\n' +
    '/balance – your ZP, SEB score, streak and mining\n' +
    '/connect – a code to connect your web account\n' +
    '/login – a one-time link to sign in on the web\n' +
    '/reset – a link to reset your password, sent here\n' +
    '/help – show this message\n\n' +
    'In the app: start a mining cycle, claim your ZP when it ends, complete tasks for ZP and SEB, ' +
    'and share your referral link from the Referrals page.',
  'fallback.unknown': "Sorry, I didn't understand that. Send /help to see what I can do.",
  'callback.stale': 'This button no longer works. Send /help to see what I can do.',
  'error.generic': 'Something went wrong on our side. Please try again in a moment.',
  'balance.title': 'Your Ziver account: {username}',
  'balance.zp': 'ZP balance: {amount}',
  'balance.seb': 'SEB score: {amount} ({tier})',
  'balance.streak': 'Daily streak: {days}',
  'balance.mining_running': 'Mining: in progress, {time} left',
  'balance.mining_ready': 'Mining: your reward is ready to claim. Open Ziver to claim it.',
  'balance.mining_idle': 'Mining: not running. Open Ziver to start a new cycle.',
  'tier.BEGINNER': 'Beginner',
  'tier.ADVANCED': 'Advanced',
  'tier.ELITE': 'Elite',
  'tier.SUPREME': 'Supreme',
  'account.not_linked':
    'Your Telegram account is not connected to a Ziver account yet.\n\n' +
    'New to Ziver? Open the app: you are signed in with Telegram.\n' +
    'Already have an account on the web? Send /connect and enter the code on the Referrals page.',
  'connect.code': 'Your connection code: {code}',
  'connect.how':
    'Open Ziver on the web, go to the Referrals page and enter this code in the Telegram card. ' +
    'It is valid for {minutes} minutes and works once. Sending /connect again replaces it.',
  'connect.already_linked':
    'Your Telegram account is already connected to the Ziver account {username}. ' +
    'To connect another account, disconnect this one on the Referrals page first.',
  'login.text': 'Your one-time link to sign in on the web. It works once, for {minutes} minutes. Do not share it.',
  'login.open_at': 'Sign in here: {url}',
  'login.lockdown': 'Ziver is under maintenance, so sign-in links are paused. Please try again later.',
  'login.button': 'Sign in on the web',
  'reset.requested':
    'If this Telegram account is connected to a Ziver account, its password reset link arrives here in a moment.',
  'reset.text':
    'Your link to set a new Ziver password. It works once, for {minutes} minutes. If you did not ask for it, ignore this message.',
  'reset.button': 'Set a new password',
  'reset.open_at': 'Set a new password here: {url}',
  'private.only': 'For your privacy I answer this only in a private chat with me.',
  'button.private_chat': 'Open a private chat',
  'service.unavailable': 'This is not available right now. Please try again later.',
  'notify.mining_ready': 'Your mining cycle is complete: your ZP reward is ready to claim!',
  'card.title': '{name} invites you to Ziver',
  'card.line': 'Mine ZP with me on Ziver: join with my code {code} and get {bonus} ZP to start.',
  'card.button': 'Join Ziver',
  'card.story': 'Join me on Ziver with my code {code}',
  'card.widget': 'Join Ziver',
  'command.balance': 'Your balances and mining state',
  'command.connect': 'Get a code to connect your web account',
  'command.login': 'A one-time link to sign in on the web',
  'command.reset': 'A link to reset your password',
  'command.start': 'Open Ziver and see how it works',
  'command.help': 'What this bot can do',
} as const;

export type MessageKey = keyof typeof en;
type Messages = Record<MessageKey, string>;

const es: Messages = {
  'start.greeting': '¡Bienvenido a Ziver!',
  'start.about':
    'Mina ZP en cada ciclo: empieza a minar, vuelve cuando termine el ciclo y reclama tu recompensa.\n' +
    'Gana puntos SEB mientras minas, mantén tu racha diaria y completa tareas.\n' +
    'Invita a tus amigos: ellos reciben un bono de bienvenida y tú ganas ZP cuando empiezan a minar.',
  'start.invite': 'Tu código de invitación {code} se aplica cuando te registres en la app.',
  'start.invite_invalid':
    'El código de invitación {code} no existe: revisa el enlace que te dieron. Puedes registrarte igualmente sin él.',
  'start.invite_has_account':
    'Ya tienes una cuenta de Ziver, así que el código de invitación {code} no se puede usar para ti.',
  'start.tap_button': 'Pulsa «Abrir Ziver» abajo para empezar.',
  'start.open_at': 'Abre Ziver aquí: {url}',
  'start.no_app': 'Regístrate en el sitio web de Ziver para empezar a minar y luego vuelve aquí.',
  'start.private_chat': 'Ziver se abre en un chat privado conmigo: pulsa el botón de abajo.',
  'button.open': 'Abrir Ziver',
  'help.text':
    'Lo que puedo hacer:\n' +
    '/start – abrir Ziver y ver cómo funciona\n' +
    '/balance – tus ZP, puntuación SEB, racha y minería\n' +
    '/connect – un código para conectar tu cuenta web\n' +
    '/login – un enlace de un solo uso para entrar en la web\n' +
    '/reset – un enlace para restablecer tu contraseña, enviado aquí\n' +
    '/help – mostrar este mensaje\n\n' +
    'En la app: empieza un ciclo de minería, reclama tus ZP cuando termine, completa tareas para ganar ZP y SEB ' +
    'y comparte tu enlace de referido desde la página Referidos.',
  'fallback.unknown': 'Lo siento, no lo he entendido. Envía /help para ver lo que puedo hacer.',
  'callback.stale': 'Este botón ya no funciona. Envía /help para ver lo que puedo hacer.',
  'error.generic': 'Algo ha fallado por nuestra parte. Inténtalo de nuevo en un momento.',
  'balance.title': 'Tu cuenta de Ziver: {username}',
  'balance.zp': 'Saldo de ZP: {amount}',
  'balance.seb': 'Puntuación SEB: {amount} ({tier})',
  'balance.streak': 'Racha diaria: {days}',
  'balance.mining_running': 'Minería: en curso, quedan {time}',
  'balance.mining_ready': 'Minería: tu recompensa está lista. Abre Ziver para reclamarla.',
  'balance.mining_idle': 'Minería: detenida. Abre Ziver para empezar un nuevo ciclo.',
  'tier.BEGINNER': 'Principiante',
  'tier.ADVANCED': 'Avanzado',
  'tier.ELITE': 'Élite',
  'tier.SUPREME': 'Supremo',
  'account.not_linked':
    'Tu cuenta de Telegram aún no está conectada a una cuenta de Ziver.\n\n' +
    '¿Eres nuevo en Ziver? Abre la app: inicias sesión con Telegram.\n' +
    '¿Ya tienes una cuenta en la web? Envía /connect e introduce el código en la página Referidos.',
  'connect.code': 'Tu código de conexión: {code}',
  'connect.how':
    'Abre Ziver en la web, ve a la página Referidos e introduce este código en la tarjeta de Telegram. ' +
    'Es válido durante {minutes} minutos y solo funciona una vez. Si vuelves a enviar /connect, se sustituye.',
  'connect.already_linked':
    'Tu cuenta de Telegram ya está conectada a la cuenta de Ziver {username}. ' +
    'Para conectar otra cuenta, desconecta primero esta en la página Referidos.',
  'login.text':
    'Tu enlace de un solo uso para iniciar sesión en la web. Funciona una vez, durante {minutes} minutos. No lo compartas.',
  'login.open_at': 'Inicia sesión aquí: {url}',
  'login.lockdown':
    'Ziver está en mantenimiento, así que los enlaces de inicio de sesión están en pausa. Inténtalo de nuevo más tarde.',
  'login.button': 'Iniciar sesión en la web',
  'reset.requested':
    'Si esta cuenta de Telegram está conectada a una cuenta de Ziver, su enlace para restablecer la contraseña llegará aquí en un momento.',
  'reset.text':
    'Tu enlace para elegir una nueva contraseña de Ziver. Funciona una vez, durante {minutes} minutos. Si no lo pediste, ignora este mensaje.',
  'reset.button': 'Elegir una nueva contraseña',
  'reset.open_at': 'Elige una nueva contraseña aquí: {url}',
  'private.only': 'Por tu privacidad, solo respondo a esto en un chat privado conmigo.',
  'button.private_chat': 'Abrir un chat privado',
  'service.unavailable': 'Esto no está disponible ahora mismo. Inténtalo de nuevo más tarde.',
  'notify.mining_ready': 'Tu ciclo de minería ha terminado: ¡tu recompensa de ZP está lista para reclamar!',
  'card.title': '{name} te invita a Ziver',
  'card.line': 'Mina ZP conmigo en Ziver: únete con mi código {code} y recibe {bonus} ZP para empezar.',
  'card.button': 'Unirme a Ziver',
  'card.story': 'Únete a Ziver con mi código {code}',
  'card.widget': 'Unirme a Ziver',
  'command.balance': 'Tus saldos y el estado de la minería',
  'command.connect': 'Obtener un código para conectar tu cuenta web',
  'command.login': 'Un enlace de un solo uso para entrar en la web',
  'command.reset': 'Un enlace para restablecer tu contraseña',
  'command.start': 'Abrir Ziver y ver cómo funciona',
  'command.help': 'Lo que puede hacer este bot',
};

const fr: Messages = {
  'start.greeting': 'Bienvenue sur Ziver !',
  'start.about':
    'Minez des ZP à chaque cycle : lancez le minage, revenez à la fin du cycle et réclamez votre récompense.\n' +
    'Gagnez des points SEB en minant, gardez votre série quotidienne et accomplissez des tâches.\n' +
    'Invitez vos amis : ils reçoivent un bonus de bienvenue et vous gagnez des ZP quand ils commencent à miner.',
  'start.invite': "Votre code d'invitation {code} sera appliqué à votre inscription dans l'app.",
  'start.invite_invalid':
    "Le code d'invitation {code} n'existe pas : vérifiez le lien reçu. Vous pouvez quand même vous inscrire sans lui.",
  'start.invite_has_account':
    "Vous avez déjà un compte Ziver : le code d'invitation {code} ne peut donc pas être utilisé pour vous.",
  'start.tap_button': 'Touchez « Ouvrir Ziver » ci-dessous pour commencer.',
  'start.open_at': 'Ouvrez Ziver ici : {url}',
  'start.no_app': 'Inscrivez-vous sur le site de Ziver pour commencer à miner, puis revenez ici.',
  'start.private_chat': "Ziver s'ouvre dans une conversation privée avec moi : touchez le bouton ci-dessous.",
  'button.open': 'Ouvrir Ziver',
  'help.text':
    'Ce que je sais faire :\n' +
    '/start – ouvrir Ziver et découvrir son fonctionnement\n' +
    '/balance – vos ZP, score SEB, série et minage\n' +
    '/connect – un code pour connecter votre compte web\n' +
    '/login – un lien à usage unique pour se connecter sur le web\n' +
    '/reset – un lien pour réinitialiser votre mot de passe, envoyé ici\n' +
    '/help – afficher ce message\n\n' +
    "Dans l'app : lancez un cycle de minage, réclamez vos ZP à la fin, accomplissez des tâches pour gagner des ZP et des SEB, " +
    'et partagez votre lien de parrainage depuis la page Parrainages.',
  'fallback.unknown': "Désolé, je n'ai pas compris. Envoyez /help pour voir ce que je sais faire.",
  'callback.stale': 'Ce bouton ne fonctionne plus. Envoyez /help pour voir ce que je sais faire.',
  'error.generic': 'Un problème est survenu de notre côté. Réessayez dans un instant.',
  'balance.title': 'Votre compte Ziver : {username}',
  'balance.zp': 'Solde ZP : {amount}',
  'balance.seb': 'Score SEB : {amount} ({tier})',
  'balance.streak': 'Série quotidienne : {days}',
  'balance.mining_running': 'Minage : en cours, encore {time}',
  'balance.mining_ready': 'Minage : votre récompense est prête. Ouvrez Ziver pour la réclamer.',
  'balance.mining_idle': 'Minage : arrêté. Ouvrez Ziver pour lancer un nouveau cycle.',
  'tier.BEGINNER': 'Débutant',
  'tier.ADVANCED': 'Avancé',
  'tier.ELITE': 'Élite',
  'tier.SUPREME': 'Suprême',
  'account.not_linked':
    "Votre compte Telegram n'est pas encore connecté à un compte Ziver.\n\n" +
    "Nouveau sur Ziver ? Ouvrez l'app : vous êtes connecté avec Telegram.\n" +
    'Vous avez déjà un compte sur le web ? Envoyez /connect et saisissez le code sur la page Parrainages.',
  'connect.code': 'Votre code de connexion : {code}',
  'connect.how':
    'Ouvrez Ziver sur le web, allez sur la page Parrainages et saisissez ce code dans la carte Telegram. ' +
    "Il est valable {minutes} minutes et ne fonctionne qu'une fois. Envoyer /connect à nouveau le remplace.",
  'connect.already_linked':
    'Votre compte Telegram est déjà connecté au compte Ziver {username}. ' +
    "Pour connecter un autre compte, déconnectez d'abord celui-ci sur la page Parrainages.",
  'login.text':
    'Votre lien à usage unique pour vous connecter sur le web. Il fonctionne une fois, pendant {minutes} minutes. Ne le partagez pas.',
  'login.open_at': 'Connectez-vous ici : {url}',
  'login.lockdown': 'Ziver est en maintenance : les liens de connexion sont suspendus. Réessayez plus tard.',
  'login.button': 'Se connecter sur le web',
  'reset.requested':
    'Si ce compte Telegram est connecté à un compte Ziver, son lien de réinitialisation du mot de passe arrive ici dans un instant.',
  'reset.text':
    'Votre lien pour choisir un nouveau mot de passe Ziver. Il fonctionne une fois, pendant {minutes} minutes. Si vous ne l’avez pas demandé, ignorez ce message.',
  'reset.button': 'Choisir un nouveau mot de passe',
  'reset.open_at': 'Choisissez un nouveau mot de passe ici : {url}',
  'private.only': "Pour votre confidentialité, je ne réponds à cela qu'en conversation privée avec moi.",
  'button.private_chat': 'Ouvrir une conversation privée',
  'service.unavailable': "Ce n'est pas disponible pour le moment. Réessayez plus tard.",
  'notify.mining_ready': 'Votre cycle de minage est terminé : votre récompense en ZP est prête à être réclamée !',
  'card.title': '{name} vous invite sur Ziver',
  'card.line':
    'Minez des ZP avec moi sur Ziver : inscrivez-vous avec mon code {code} et recevez {bonus} ZP pour commencer.',
  'card.button': 'Rejoindre Ziver',
  'card.story': 'Rejoignez-moi sur Ziver avec mon code {code}',
  'card.widget': 'Rejoindre Ziver',
  'command.balance': 'Vos soldes et l’état du minage',
  'command.connect': 'Obtenir un code pour connecter votre compte web',
  'command.login': 'Un lien à usage unique pour se connecter sur le web',
  'command.reset': 'Un lien pour réinitialiser votre mot de passe',
  'command.start': 'Ouvrir Ziver et découvrir son fonctionnement',
  'command.help': 'Ce que ce bot sait faire',
};

const de: Messages = {
  'start.greeting': 'Willkommen bei Ziver!',
  'start.about':
    'Schürfe ZP in jedem Zyklus: Starte das Mining, komm zurück, wenn der Zyklus endet, und hol dir deine Belohnung.\n' +
    'Sammle beim Mining SEB-Punkte, halte deine tägliche Serie und erledige Aufgaben.\n' +
    'Lade Freunde ein: Sie erhalten einen Willkommensbonus und du verdienst ZP, sobald sie mit dem Mining beginnen.',
  'start.invite': 'Dein Einladungscode {code} wird bei deiner Anmeldung in der App angewendet.',
  'start.invite_invalid':
    'Den Einladungscode {code} gibt es nicht: Prüfe den Link, den du bekommen hast. Du kannst dich trotzdem ohne ihn anmelden.',
  'start.invite_has_account':
    'Du hast bereits ein Ziver-Konto, daher kann der Einladungscode {code} für dich nicht verwendet werden.',
  'start.tap_button': 'Tippe unten auf „Ziver öffnen“, um loszulegen.',
  'start.open_at': 'Öffne Ziver hier: {url}',
  'start.no_app':
    'Registriere dich auf der Ziver-Website, um mit dem Mining zu beginnen, und komm dann hierher zurück.',
  'start.private_chat': 'Ziver öffnet sich in einem privaten Chat mit mir: Tippe auf die Schaltfläche unten.',
  'button.open': 'Ziver öffnen',
  'help.text':
    'Das kann ich:\n' +
    '/start – Ziver öffnen und sehen, wie es funktioniert\n' +
    '/balance – deine ZP, SEB-Punktzahl, Serie und dein Mining\n' +
    '/connect – ein Code zum Verbinden deines Web-Kontos\n' +
    '/login – ein Einmal-Link zur Anmeldung im Web\n' +
    '/reset – ein Link zum Zurücksetzen deines Passworts, hierher gesendet\n' +
    '/help – diese Nachricht anzeigen\n\n' +
    'In der App: Starte einen Mining-Zyklus, hol dir deine ZP, wenn er endet, erledige Aufgaben für ZP und SEB ' +
    'und teile deinen Empfehlungslink auf der Seite Empfehlungen.',
  'fallback.unknown': 'Das habe ich leider nicht verstanden. Sende /help, um zu sehen, was ich kann.',
  'callback.stale': 'Diese Schaltfläche funktioniert nicht mehr. Sende /help, um zu sehen, was ich kann.',
  'error.generic': 'Bei uns ist etwas schiefgelaufen. Bitte versuche es gleich noch einmal.',
  'balance.title': 'Dein Ziver-Konto: {username}',
  'balance.zp': 'ZP-Guthaben: {amount}',
  'balance.seb': 'SEB-Punktzahl: {amount} ({tier})',
  'balance.streak': 'Tägliche Serie: {days}',
  'balance.mining_running': 'Mining: läuft, noch {time}',
  'balance.mining_ready': 'Mining: Deine Belohnung ist bereit. Öffne Ziver, um sie abzuholen.',
  'balance.mining_idle': 'Mining: läuft nicht. Öffne Ziver, um einen neuen Zyklus zu starten.',
  'tier.BEGINNER': 'Einsteiger',
  'tier.ADVANCED': 'Fortgeschritten',
  'tier.ELITE': 'Elite',
  'tier.SUPREME': 'Supreme',
  'account.not_linked':
    'Dein Telegram-Konto ist noch nicht mit einem Ziver-Konto verbunden.\n\n' +
    'Neu bei Ziver? Öffne die App: Du wirst mit Telegram angemeldet.\n' +
    'Du hast schon ein Konto im Web? Sende /connect und gib den Code auf der Seite Empfehlungen ein.',
  'connect.code': 'Dein Verbindungscode: {code}',
  'connect.how':
    'Öffne Ziver im Web, geh zur Seite Empfehlungen und gib diesen Code in der Telegram-Karte ein. ' +
    'Er ist {minutes} Minuten gültig und funktioniert nur einmal. Ein erneutes /connect ersetzt ihn.',
  'connect.already_linked':
    'Dein Telegram-Konto ist bereits mit dem Ziver-Konto {username} verbunden. ' +
    'Um ein anderes Konto zu verbinden, trenne zuerst dieses auf der Seite Empfehlungen.',
  'login.text':
    'Dein Einmal-Link zur Anmeldung im Web. Er funktioniert einmal, {minutes} Minuten lang. Teile ihn mit niemandem.',
  'login.open_at': 'Hier anmelden: {url}',
  'login.lockdown':
    'Ziver wird gerade gewartet, daher sind Anmeldelinks pausiert. Bitte versuche es später noch einmal.',
  'login.button': 'Im Web anmelden',
  'reset.requested':
    'Wenn dieses Telegram-Konto mit einem Ziver-Konto verbunden ist, kommt sein Link zum Zurücksetzen des Passworts gleich hier an.',
  'reset.text':
    'Dein Link, um ein neues Ziver-Passwort festzulegen. Er funktioniert einmal, {minutes} Minuten lang. Hast du ihn nicht angefordert, ignoriere diese Nachricht.',
  'reset.button': 'Neues Passwort festlegen',
  'reset.open_at': 'Lege hier ein neues Passwort fest: {url}',
  'private.only': 'Zum Schutz deiner Privatsphäre beantworte ich das nur in einem privaten Chat mit mir.',
  'button.private_chat': 'Privaten Chat öffnen',
  'service.unavailable': 'Das ist gerade nicht verfügbar. Bitte versuche es später noch einmal.',
  'notify.mining_ready': 'Dein Mining-Zyklus ist abgeschlossen: Deine ZP-Belohnung ist bereit zum Abholen!',
  'card.title': '{name} lädt dich zu Ziver ein',
  'card.line': 'Mine ZP mit mir auf Ziver: Melde dich mit meinem Code {code} an und erhalte {bonus} ZP zum Start.',
  'card.button': 'Ziver beitreten',
  'card.story': 'Komm mit meinem Code {code} zu Ziver',
  'card.widget': 'Ziver beitreten',
  'command.balance': 'Dein Guthaben und der Mining-Status',
  'command.connect': 'Einen Code zum Verbinden deines Web-Kontos erhalten',
  'command.login': 'Ein Einmal-Link zur Anmeldung im Web',
  'command.reset': 'Ein Link zum Zurücksetzen deines Passworts',
  'command.start': 'Ziver öffnen und sehen, wie es funktioniert',
  'command.help': 'Was dieser Bot kann',
};

const zh: Messages = {
  'start.greeting': '欢迎来到 Ziver！',
  'start.about':
    '每个周期挖取 ZP：开始挖矿，周期结束后回来领取奖励。\n' +
    '挖矿时赚取 SEB 积分，保持每日连续记录并完成任务。\n' +
    '邀请好友：他们获得欢迎奖励，他们开始挖矿后你将获得 ZP。',
  'start.invite': '你的邀请码 {code} 将在你于应用中注册时生效。',
  'start.invite_invalid': '邀请码 {code} 不存在：请检查你收到的链接。没有邀请码也可以注册。',
  'start.invite_has_account': '你已经有 Ziver 账户，因此邀请码 {code} 不能用于你。',
  'start.tap_button': '点击下方的“打开 Ziver”开始。',
  'start.open_at': '在这里打开 Ziver：{url}',
  'start.no_app': '请在 Ziver 网站注册以开始挖矿，然后再回到这里。',
  'start.private_chat': 'Ziver 需要在与我的私聊中打开：请点击下方按钮。',
  'button.open': '打开 Ziver',
  'help.text':
    '我可以做的事：\n' +
    '/start – 打开 Ziver 并了解玩法\n' +
    '/balance – 你的 ZP、SEB 积分、连续天数和挖矿\n' +
    '/connect – 获取连接网页账户的代码\n' +
    '/login – 一次性网页登录链接\n' +
    '/reset – 重置密码的链接，发送到这里\n' +
    '/help – 显示此消息\n\n' +
    '在应用中：开始挖矿周期，周期结束后领取 ZP，完成任务赚取 ZP 和 SEB，并在“推荐”页面分享你的推荐链接。',
  'fallback.unknown': '抱歉，我没有理解。发送 /help 查看我能做什么。',
  'callback.stale': '此按钮已失效。发送 /help 查看我能做什么。',
  'error.generic': '我们这边出了点问题，请稍后再试。',
  'balance.title': '你的 Ziver 账户：{username}',
  'balance.zp': 'ZP 余额：{amount}',
  'balance.seb': 'SEB 积分：{amount}（{tier}）',
  'balance.streak': '每日连续：{days}',
  'balance.mining_running': '挖矿：进行中，剩余 {time}',
  'balance.mining_ready': '挖矿：奖励已可领取。打开 Ziver 领取。',
  'balance.mining_idle': '挖矿：未进行。打开 Ziver 开始新的周期。',
  'tier.BEGINNER': '新手',
  'tier.ADVANCED': '进阶',
  'tier.ELITE': '精英',
  'tier.SUPREME': '至尊',
  'account.not_linked':
    '你的 Telegram 账户尚未连接 Ziver 账户。\n\n' +
    '第一次使用 Ziver？打开应用即可用 Telegram 登录。\n' +
    '已经在网页上有账户？发送 /connect，然后在“推荐”页面输入代码。',
  'connect.code': '你的连接代码：{code}',
  'connect.how':
    '在网页上打开 Ziver，进入“推荐”页面，在 Telegram 卡片中输入此代码。' +
    '代码 {minutes} 分钟内有效，只能使用一次。再次发送 /connect 会替换它。',
  'connect.already_linked':
    '你的 Telegram 账户已连接到 Ziver 账户 {username}。' + '如需连接其他账户，请先在“推荐”页面断开此账户。',
  'login.text': '你的一次性网页登录链接。只能使用一次，{minutes} 分钟内有效。请勿分享。',
  'login.open_at': '在这里登录：{url}',
  'login.lockdown': 'Ziver 正在维护，登录链接暂停发放。请稍后再试。',
  'login.button': '在网页上登录',
  'reset.requested': '如果此 Telegram 账户已关联 Ziver 账户，其密码重置链接稍后会发送到这里。',
  'reset.text': '这是设置新 Ziver 密码的链接。只能使用一次，{minutes} 分钟内有效。如果不是你本人请求，请忽略此消息。',
  'reset.button': '设置新密码',
  'reset.open_at': '在此设置新密码：{url}',
  'private.only': '为保护你的隐私，我只在与我的私聊中回答此问题。',
  'button.private_chat': '打开私聊',
  'service.unavailable': '此功能暂时不可用，请稍后再试。',
  'notify.mining_ready': '你的挖矿周期已完成：ZP 奖励可以领取了！',
  'card.title': '{name} 邀请你加入 Ziver',
  'card.line': '和我一起在 Ziver 挖 ZP：使用我的邀请码 {code} 加入，即可获得 {bonus} ZP 起步奖励。',
  'card.button': '加入 Ziver',
  'card.story': '使用我的邀请码 {code} 加入 Ziver',
  'card.widget': '加入 Ziver',
  'command.balance': '你的余额和挖矿状态',
  'command.connect': '获取连接网页账户的代码',
  'command.login': '一次性网页登录链接',
  'command.reset': '重置密码的链接',
  'command.start': '打开 Ziver 并了解玩法',
  'command.help': '这个机器人能做什么',
};

const catalogue: Record<Language, Messages> = { en, es, fr, de, zh };

/** Telegram's `language_code` is an IETF tag (`es`, `pt-br`, `zh-hans`): its primary subtag picks the language; anything else is English. */
export function resolveLanguage(languageCode: string | undefined): Language {
  const primary = languageCode?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(primary ?? '') ? (primary as Language) : 'en';
}

export type TranslateParams = Record<string, string | number>;

/** The message for `key` in `language`, with `{name}` placeholders filled from `params`. */
export function translate(language: Language, key: MessageKey, params: TranslateParams = {}): string {
  return interpolate(catalogue[language][key], params);
}

const LOCALES: Record<Language, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE', zh: 'zh-CN' };

/** An amount (up to 4 decimals) written the way the language writes numbers. */
export function formatAmountIn(language: Language, value: number): string {
  return formatAmount(value, LOCALES[language]);
}

/** A whole count (days, minutes) written the way the language writes numbers. */
export function formatCountIn(language: Language, value: number): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 0 }).format(value);
}

function unitIn(language: Language, unit: 'hour' | 'minute' | 'second', value: number, isPadded: boolean): string {
  return new Intl.NumberFormat(LOCALES[language], {
    style: 'unit',
    unit,
    // English keeps its compact "3h 05m"; CLDR's narrow forms mix styles in other languages.
    unitDisplay: language === 'en' ? 'narrow' : 'short',
    minimumIntegerDigits: isPadded ? 2 : 1,
  }).format(value);
}

/**
 * The mining countdown in the language's unit forms, as the mini app shows it: hours and minutes
 * while an hour or more remains, minutes and seconds below ("3h 05m", "3 Std. 05 Min.", "3小时 05分钟").
 */
export function formatCountdownIn(language: Language, totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return hours > 0
    ? `${unitIn(language, 'hour', hours, false)} ${unitIn(language, 'minute', minutes, true)}`
    : `${unitIn(language, 'minute', minutes, false)} ${unitIn(language, 'second', s % 60, true)}`;
}
