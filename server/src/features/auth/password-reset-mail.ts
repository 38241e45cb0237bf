import { createHmac } from 'node:crypto';
import type { Language } from '@ziver/shared';
import { PASSWORD_RESET_TTL_MINUTES } from '@ziver/shared';
import type { Db } from '../../platform/db/client.js';
import { enqueueMail } from '../../platform/mail/enqueue-mail.js';
import { mailHtml, type MailTemplate, type MailTemplates } from '../../platform/mail/templates.js';

/**
 * A reset link's token, derived from its row id with the server's key: the database (the token
 * table and the outbox row alike) holds only the id and the token's SHA-256, so a copy of it
 * cannot reset a password; the mail lane derives the token again when it writes the mail.
 */
export function passwordResetTokenFor(key: Buffer, tokenId: string): string {
  return createHmac('sha256', key).update(`password-reset:${tokenId}`).digest('base64url');
}

type ResetTexts = { subject: string; heading: string; body: string; button: string; ignore: string };
type ChangedTexts = { subject: string; heading: string; body: string; button: string };

const RESET: Record<Language, ResetTexts> = {
  en: {
    subject: 'Reset your Ziver password',
    heading: 'Reset your password',
    body: `Someone asked to reset the password of your Ziver account. The link works once within ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
    button: 'Set a new password',
    ignore: 'If it was not you, ignore this mail: your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña de Ziver',
    heading: 'Restablece tu contraseña',
    body: `Alguien pidió restablecer la contraseña de tu cuenta de Ziver. El enlace funciona una vez durante ${PASSWORD_RESET_TTL_MINUTES} minutos.`,
    button: 'Elegir una nueva contraseña',
    ignore: 'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Ziver',
    heading: 'Réinitialisez votre mot de passe',
    body: `Quelqu'un a demandé à réinitialiser le mot de passe de votre compte Ziver. Le lien fonctionne une fois pendant ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
    button: 'Choisir un nouveau mot de passe',
    ignore: "Si ce n'était pas vous, ignorez ce courriel : votre mot de passe ne change pas.",
  },
  de: {
    subject: 'Setze dein Ziver-Passwort zurück',
    heading: 'Passwort zurücksetzen',
    body: `Jemand möchte das Passwort deines Ziver-Kontos zurücksetzen. Der Link funktioniert einmal innerhalb von ${PASSWORD_RESET_TTL_MINUTES} Minuten.`,
    button: 'Neues Passwort festlegen',
    ignore: 'Warst du das nicht, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
  },
  zh: {
    subject: '重置你的 Ziver 密码',
    heading: '重置密码',
    body: `有人请求重置你的 Ziver 账户密码。此链接在 ${PASSWORD_RESET_TTL_MINUTES} 分钟内有效，只能使用一次。`,
    button: '设置新密码',
    ignore: '如果这不是你本人操作，请忽略此邮件：你的密码不会改变。',
  },
};

const CHANGED: Record<Language, ChangedTexts> = {
  en: {
    subject: 'Your Ziver password was changed',
    heading: 'Your password was changed',
    body: 'The password of your Ziver account was just reset, and every device was signed out. If it was not you, reset it again at once and contact support.',
    button: 'Open Ziver',
  },
  es: {
    subject: 'Tu contraseña de Ziver se ha cambiado',
    heading: 'Tu contraseña se ha cambiado',
    body: 'La contraseña de tu cuenta de Ziver se acaba de restablecer y se cerró la sesión en todos los dispositivos. Si no fuiste tú, restablécela de nuevo enseguida y contacta con soporte.',
    button: 'Abrir Ziver',
  },
  fr: {
    subject: 'Votre mot de passe Ziver a été modifié',
    heading: 'Votre mot de passe a été modifié',
    body: "Le mot de passe de votre compte Ziver vient d'être réinitialisé et tous les appareils ont été déconnectés. Si ce n'était pas vous, réinitialisez-le immédiatement et contactez le support.",
    button: 'Ouvrir Ziver',
  },
  de: {
    subject: 'Dein Ziver-Passwort wurde geändert',
    heading: 'Dein Passwort wurde geändert',
    body: 'Das Passwort deines Ziver-Kontos wurde gerade zurückgesetzt, und alle Geräte wurden abgemeldet. Warst du das nicht, setze es sofort erneut zurück und wende dich an den Support.',
    button: 'Ziver öffnen',
  },
  zh: {
    subject: '你的 Ziver 密码已更改',
    heading: '你的密码已更改',
    body: '你的 Ziver 账户密码刚刚被重置，所有设备均已退出登录。如果这不是你本人操作，请立即再次重置密码并联系客服。',
    button: '打开 Ziver',
  },
};

/** The reset mail's link starts at the base the request named (PUBLIC_URL or its origin), else the mail's. */
const baseOf = (vars: Record<string, unknown>, publicUrl: string) =>
  (typeof vars.baseUrl === 'string' ? vars.baseUrl : publicUrl).replace(/\/+$/, '');

/** The two mails of password recovery, for the mail lane (start-mail.ts); `key` derives the reset link's token. */
export function passwordResetMailTemplates(key: Buffer): MailTemplates {
  const reset: MailTemplate = ({ vars, language, publicUrl }) => {
    const t = RESET[language];
    const token = passwordResetTokenFor(key, String(vars.tokenId));
    const url = `${baseOf(vars, publicUrl)}/reset-password?token=${token}`;
    return {
      subject: t.subject,
      html: mailHtml({ language, heading: t.heading, paragraphs: [t.body, t.ignore], button: { text: t.button, url } }),
      text: `${t.heading}\n\n${t.body}\n\n${t.button}: ${url}\n\n${t.ignore}\n`,
    };
  };
  const changed: MailTemplate = ({ language, publicUrl }) => {
    const t = CHANGED[language];
    const url = `${publicUrl.replace(/\/+$/, '')}/login`;
    return {
      subject: t.subject,
      html: mailHtml({ language, heading: t.heading, paragraphs: [t.body], button: { text: t.button, url } }),
      text: `${t.heading}\n\n${t.body}\n\n${t.button}: ${url}\n`,
    };
  };
  return { password_reset: reset, password_changed: changed };
}

/**
 * The one place password-reset mail leaves from: both mails go into the outbox in the caller's
 * transaction (a rolled-back reset sends nothing; a committed one is delivered once), in the
 * account's language at sending time.
 */
export async function enqueuePasswordResetMail(
  tx: Db,
  mail: { userId: string; tokenId: string; baseUrl: string },
): Promise<void> {
  await enqueueMail(tx, {
    userId: mail.userId,
    template: 'password_reset',
    vars: { tokenId: mail.tokenId, baseUrl: mail.baseUrl },
    dedupeKey: `password-reset:${mail.tokenId}`,
  });
}

/** "Your password was changed", only for accounts whose security-mail toggle is on. */
export async function enqueuePasswordChangedMail(
  tx: Db,
  mail: { userId: string; passwordVersion: number; isSecurityMailOn: boolean },
): Promise<void> {
  if (!mail.isSecurityMailOn) return;
  await enqueueMail(tx, {
    userId: mail.userId,
    template: 'password_changed',
    dedupeKey: `password-changed:${mail.userId}:${mail.passwordVersion}`,
  });
}
