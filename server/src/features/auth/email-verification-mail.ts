import { createHmac } from 'node:crypto';
import type { Language } from '@ziver/shared';
import { EMAIL_VERIFICATION_TTL_HOURS } from '@ziver/shared';
import { mailHtml, type MailTemplate, type MailTemplates } from '../../platform/mail/templates.js';

/**
 * A verification link's token, derived from its row id with the server's key (as a reset link's,
 * password-reset-mail.ts): the database holds only the id and the token's SHA-256.
 */
export function emailVerificationTokenFor(key: Buffer, tokenId: string): string {
  return createHmac('sha256', key).update(`email-verification:${tokenId}`).digest('base64url');
}

type VerifyTexts = { subject: string; heading: string; body: string; button: string; ignore: string };

const VERIFY: Record<Language, VerifyTexts> = {
  en: {
    subject: 'Verify your Ziver email address',
    heading: 'Verify your email address',
    body: `Confirm that this address belongs to your Ziver account. The link works once within ${EMAIL_VERIFICATION_TTL_HOURS} hours.`,
    button: 'Verify my address',
    ignore: 'If you did not create a Ziver account or change its address, ignore this mail.',
  },
  es: {
    subject: 'Verifica tu correo de Ziver',
    heading: 'Verifica tu dirección de correo',
    body: `Confirma que esta dirección pertenece a tu cuenta de Ziver. El enlace funciona una vez durante ${EMAIL_VERIFICATION_TTL_HOURS} horas.`,
    button: 'Verificar mi dirección',
    ignore: 'Si no creaste una cuenta de Ziver ni cambiaste su dirección, ignora este correo.',
  },
  fr: {
    subject: 'Vérifiez votre adresse e-mail Ziver',
    heading: 'Vérifiez votre adresse e-mail',
    body: `Confirmez que cette adresse appartient à votre compte Ziver. Le lien fonctionne une fois pendant ${EMAIL_VERIFICATION_TTL_HOURS} heures.`,
    button: 'Vérifier mon adresse',
    ignore: "Si vous n'avez pas créé de compte Ziver ni changé son adresse, ignorez ce courriel.",
  },
  de: {
    subject: 'Bestätige deine Ziver-E-Mail-Adresse',
    heading: 'E-Mail-Adresse bestätigen',
    body: `Bestätige, dass diese Adresse zu deinem Ziver-Konto gehört. Der Link funktioniert einmal innerhalb von ${EMAIL_VERIFICATION_TTL_HOURS} Stunden.`,
    button: 'Adresse bestätigen',
    ignore: 'Hast du kein Ziver-Konto erstellt und keine Adresse geändert, ignoriere diese E-Mail.',
  },
  zh: {
    subject: '验证你的 Ziver 邮箱地址',
    heading: '验证你的邮箱地址',
    body: `请确认此地址属于你的 Ziver 账户。此链接在 ${EMAIL_VERIFICATION_TTL_HOURS} 小时内有效，只能使用一次。`,
    button: '验证我的地址',
    ignore: '如果你没有创建 Ziver 账户或更改其地址，请忽略此邮件。',
  },
};

/** The verification mail, for the mail lane (start-mail.ts); `key` derives the link's token. */
export function emailVerificationMailTemplates(key: Buffer): MailTemplates {
  const verify: MailTemplate = ({ vars, language, publicUrl }) => {
    const t = VERIFY[language];
    const token = emailVerificationTokenFor(key, String(vars.tokenId));
    const base = (typeof vars.baseUrl === 'string' ? vars.baseUrl : publicUrl).replace(/\/+$/, '');
    const url = `${base}/verify-email?token=${token}`;
    return {
      subject: t.subject,
      html: mailHtml({ language, heading: t.heading, paragraphs: [t.body, t.ignore], button: { text: t.button, url } }),
      text: `${t.heading}\n\n${t.body}\n\n${t.button}: ${url}\n\n${t.ignore}\n`,
    };
  };
  return { email_verification: verify };
}
