import { describe, expect, it } from 'vitest';
import { referralCardResult, referralCardTexts, referralStartLink } from './referral-card.js';

describe('the referral card', () => {
  it('opens the mini app with the code as startapp when its short name is known, else /start', () => {
    expect(referralStartLink({ botUsername: '@ziver_bot', miniAppShortName: 'app', code: 'AB12' })).toBe(
      'https://t.me/ziver_bot/app?startapp=AB12',
    );
    const chat = referralStartLink({ botUsername: 'ziver_bot', miniAppShortName: undefined, code: 'AB12' });
    expect(chat).toBe('https://t.me/ziver_bot?start=AB12');
    expect(chat).not.toContain('startapp');
  });

  it("is a photo with the inviter's name and line in their language, and one url button (never web_app)", () => {
    const texts = referralCardTexts({ language: 'es', inviterName: 'lucia', code: 'AB12' });
    expect(texts).toEqual({
      title: 'lucia te invita a Ziver',
      line: 'Mina ZP conmigo en Ziver: únete con mi código AB12 y recibe 100 ZP para empezar.',
      story: 'Únete a Ziver con mi código AB12',
      widget: 'Unirme a Ziver',
      button: 'Unirme a Ziver',
    });
    const result = referralCardResult({
      id: 'ref-AB12',
      photoUrl: 'https://ziver.test/api/files/x.jpg',
      width: 1200,
      height: 630,
      texts,
      startLink: 'https://t.me/ziver_bot/app?startapp=AB12',
    });
    expect(result).toMatchObject({
      type: 'photo',
      photo_url: 'https://ziver.test/api/files/x.jpg',
      thumbnail_url: 'https://ziver.test/api/files/x.jpg',
      caption: `${texts.title}\n\n${texts.line}`,
      reply_markup: {
        inline_keyboard: [[{ text: 'Unirme a Ziver', url: 'https://t.me/ziver_bot/app?startapp=AB12' }]],
      },
    });
  });
});
