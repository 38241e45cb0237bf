import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@ziver/shared';
import type { PendingReferralOutcome } from '../services.js';
import { buildStartUpdate, startTestBot, type TestBot } from '../testing/index.js';

let running: TestBot | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

const EXPECTED: Record<Language, Record<PendingReferralOutcome, string>> = {
  en: {
    will_apply: 'Your invite code ABC123 is applied when you sign up in the app.',
    invalid: 'The invite code ABC123 does not exist: check the link you were given. You can still sign up without it.',
    has_account: 'You already have a Ziver account, so the invite code ABC123 cannot be used for you.',
  },
  es: {
    will_apply: 'Tu código de invitación ABC123 se aplica cuando te registres en la app.',
    invalid:
      'El código de invitación ABC123 no existe: revisa el enlace que te dieron. Puedes registrarte igualmente sin él.',
    has_account: 'Ya tienes una cuenta de Ziver, así que el código de invitación ABC123 no se puede usar para ti.',
  },
  fr: {
    will_apply: "Votre code d'invitation ABC123 sera appliqué à votre inscription dans l'app.",
    invalid:
      "Le code d'invitation ABC123 n'existe pas : vérifiez le lien reçu. Vous pouvez quand même vous inscrire sans lui.",
    has_account:
      "Vous avez déjà un compte Ziver : le code d'invitation ABC123 ne peut donc pas être utilisé pour vous.",
  },
  de: {
    will_apply: 'Dein Einladungscode ABC123 wird bei deiner Anmeldung in der App angewendet.',
    invalid:
      'Den Einladungscode ABC123 gibt es nicht: Prüfe den Link, den du bekommen hast. Du kannst dich trotzdem ohne ihn anmelden.',
    has_account:
      'Du hast bereits ein Ziver-Konto, daher kann der Einladungscode ABC123 für dich nicht verwendet werden.',
  },
  zh: {
    will_apply: '你的邀请码 ABC123 将在你于应用中注册时生效。',
    invalid: '邀请码 ABC123 不存在：请检查你收到的链接。没有邀请码也可以注册。',
    has_account: '你已经有 Ziver 账户，因此邀请码 ABC123 不能用于你。',
  },
};

describe('/start CODE says whether the code is valid and whether it applies', () => {
  it('in each of the five languages, for each outcome; an unusable code is not carried to the app', async () => {
    let outcome: PendingReferralOutcome = 'will_apply';
    running = await startTestBot({
      miniappUrl: 'https://ziver.test',
      services: { pendingReferrals: { remember: async () => outcome } },
    });
    let chatId = 7300;
    for (const language of Object.keys(EXPECTED) as Language[]) {
      for (const next of ['will_apply', 'invalid', 'has_account'] as const) {
        outcome = next;
        const id = ++chatId;
        running.recorder.pushUpdate(buildStartUpdate({ from: { id, language_code: language }, payload: 'ABC123' }));
        const reply = await running.recorder.waitForCall((c) => c.method === 'sendMessage' && c.payload.chat_id === id);
        const text = String(reply.payload.text);
        expect(text.split('\n\n')[2], `${language} ${next}`).toBe(EXPECTED[language][next]);
        const url = (reply.payload.reply_markup as { inline_keyboard: { web_app: { url: string } }[][] })
          .inline_keyboard[0]![0]!.web_app.url;
        expect(url).toBe(next === 'will_apply' ? 'https://ziver.test/?ref=ABC123' : 'https://ziver.test');
      }
    }
  });
});
