import { LANGUAGES, type Language } from '@ziver/shared';

// Plain text (no parse_mode): names and codes inserted into messages need no escaping.
const en = {
  'start.greeting': 'Welcome to Ziver!',
  'start.about':
    'Mine ZP every cycle: start mining, come back when the cycle ends and claim your reward.\n' +
    'Earn SEB points as you mine, keep your daily streak and complete tasks.\n' +
    'Invite friends: they get a welcome bonus and you earn ZP when they start mining.',
  'start.invite': 'Your invite code {code} is applied when you sign up in the app.',
  'start.tap_button': 'Tap “Open Ziver” below to get started.',
  'start.open_at': 'Open Ziver here: {url}',
  'start.no_app': 'Sign up on the Ziver website to start mining, then come back here.',
  'start.private_chat': 'Ziver opens in a private chat with me: tap the button below.',
  'button.open': 'Open Ziver',
  'help.text':
    'What I can do:\n' +
    '/start – open Ziver and see how it works\n' +
    '/help – show this message\n\n' +
    'In the app: start a mining cycle, claim your ZP when it ends, complete tasks for ZP and SEB, ' +
    'and share your referral link from the Referrals page.',
  'fallback.unknown': "Sorry, I didn't understand that. Send /help to see what I can do.",
  'error.generic': 'Something went wrong on our side. Please try again in a moment.',
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
  'start.tap_button': 'Pulsa «Abrir Ziver» abajo para empezar.',
  'start.open_at': 'Abre Ziver aquí: {url}',
  'start.no_app': 'Regístrate en el sitio web de Ziver para empezar a minar y luego vuelve aquí.',
  'start.private_chat': 'Ziver se abre en un chat privado conmigo: pulsa el botón de abajo.',
  'button.open': 'Abrir Ziver',
  'help.text':
    'Lo que puedo hacer:\n' +
    '/start – abrir Ziver y ver cómo funciona\n' +
    '/help – mostrar este mensaje\n\n' +
    'En la app: empieza un ciclo de minería, reclama tus ZP cuando termine, completa tareas para ganar ZP y SEB ' +
    'y comparte tu enlace de referido desde la página Referidos.',
  'fallback.unknown': 'Lo siento, no lo he entendido. Envía /help para ver lo que puedo hacer.',
  'error.generic': 'Algo ha fallado por nuestra parte. Inténtalo de nuevo en un momento.',
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
  'start.tap_button': 'Touchez « Ouvrir Ziver » ci-dessous pour commencer.',
  'start.open_at': 'Ouvrez Ziver ici : {url}',
  'start.no_app': 'Inscrivez-vous sur le site de Ziver pour commencer à miner, puis revenez ici.',
  'start.private_chat': "Ziver s'ouvre dans une conversation privée avec moi : touchez le bouton ci-dessous.",
  'button.open': 'Ouvrir Ziver',
  'help.text':
    'Ce que je sais faire :\n' +
    '/start – ouvrir Ziver et découvrir son fonctionnement\n' +
    '/help – afficher ce message\n\n' +
    "Dans l'app : lancez un cycle de minage, réclamez vos ZP à la fin, accomplissez des tâches pour gagner des ZP et des SEB, " +
    'et partagez votre lien de parrainage depuis la page Parrainages.',
  'fallback.unknown': "Désolé, je n'ai pas compris. Envoyez /help pour voir ce que je sais faire.",
  'error.generic': 'Un problème est survenu de notre côté. Réessayez dans un instant.',
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
  'start.tap_button': 'Tippe unten auf „Ziver öffnen“, um loszulegen.',
  'start.open_at': 'Öffne Ziver hier: {url}',
  'start.no_app':
    'Registriere dich auf der Ziver-Website, um mit dem Mining zu beginnen, und komm dann hierher zurück.',
  'start.private_chat': 'Ziver öffnet sich in einem privaten Chat mit mir: Tippe auf die Schaltfläche unten.',
  'button.open': 'Ziver öffnen',
  'help.text':
    'Das kann ich:\n' +
    '/start – Ziver öffnen und sehen, wie es funktioniert\n' +
    '/help – diese Nachricht anzeigen\n\n' +
    'In der App: Starte einen Mining-Zyklus, hol dir deine ZP, wenn er endet, erledige Aufgaben für ZP und SEB ' +
    'und teile deinen Empfehlungslink auf der Seite Empfehlungen.',
  'fallback.unknown': 'Das habe ich leider nicht verstanden. Sende /help, um zu sehen, was ich kann.',
  'error.generic': 'Bei uns ist etwas schiefgelaufen. Bitte versuche es gleich noch einmal.',
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
  'start.tap_button': '点击下方的“打开 Ziver”开始。',
  'start.open_at': '在这里打开 Ziver：{url}',
  'start.no_app': '请在 Ziver 网站注册以开始挖矿，然后再回到这里。',
  'start.private_chat': 'Ziver 需要在与我的私聊中打开：请点击下方按钮。',
  'button.open': '打开 Ziver',
  'help.text':
    '我可以做的事：\n' +
    '/start – 打开 Ziver 并了解玩法\n' +
    '/help – 显示此消息\n\n' +
    '在应用中：开始挖矿周期，周期结束后领取 ZP，完成任务赚取 ZP 和 SEB，并在“推荐”页面分享你的推荐链接。',
  'fallback.unknown': '抱歉，我没有理解。发送 /help 查看我能做什么。',
  'error.generic': '我们这边出了点问题，请稍后再试。',
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
  const template = catalogue[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
