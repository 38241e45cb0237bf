import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import es from '@ziver/shared/i18n/es';
import { toApiError } from '@/lib/api-client';
import { applyLanguage, i18n } from './index';
import { MESSAGES, LANGUAGES } from '@ziver/shared/core';
import {
  localText,
  renderServerText,
  serverTextOf,
  specText,
  useServerMessage,
  type ServerText,
} from './server-message';

function Shown({ text }: { text: ServerText | string }) {
  const show = useServerMessage();
  return <p data-testid="shown">{show(text)}</p>;
}

afterEach(async () => {
  await applyLanguage('en');
});

describe('server texts by key', () => {
  it('shows a failed call in Spanish from its messageKey, not from the English sentence', async () => {
    await applyLanguage('es');
    const error = toApiError(401, {
      success: false,
      message: 'Invalid email or password',
      messageKey: 'server.invalidCredentials',
      params: {},
      code: 'INVALID_CREDENTIALS',
    });
    render(<Shown text={serverTextOf(error)!} />);
    expect(screen.getByTestId('shown').textContent).toBe(es.server.invalidCredentials);
    expect(screen.getByTestId('shown').textContent).not.toBe('Invalid email or password');
  });

  it('fills the params into the translation', async () => {
    await applyLanguage('es');
    const text = { message: 'Welcome back, ana!', messageKey: 'identity.welcomeBack', params: { username: 'ana' } };
    expect(renderServerText(i18n, text)).toBe(es.identity.welcomeBack.replace('{username}', 'ana'));
    const upload = toApiError(413, {
      success: false,
      message: 'File too large: cat.png. Maximum size is 5MB.',
      messageKey: 'feedback.fileTooLarge',
      params: { file: 'cat.png' },
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(renderServerText(i18n, serverTextOf(upload)!)).toBe(es.feedback.fileTooLarge.replace('{file}', 'cat.png'));
  });

  it('keys by key alone: an English sentence the server sent without a key stays as sent', async () => {
    await applyLanguage('es');
    expect(renderServerText(i18n, { message: 'Invalid email or password' })).toBe('Invalid email or password');
  });

  it('falls back to the English message for a key it does not know, and shows English from message', async () => {
    await applyLanguage('es');
    expect(renderServerText(i18n, { message: 'Something new', messageKey: 'future.key', params: {} })).toBe(
      'Something new',
    );
    await applyLanguage('en');
    expect(
      renderServerText(i18n, {
        message: 'Welcome back, bob!',
        messageKey: 'identity.welcomeBack',
        params: { username: 'bob' },
      }),
    ).toBe('Welcome back, bob!');
  });

  it('renders a local schema text (a form issue) from its entry in the list', async () => {
    await applyLanguage('es');
    render(<Shown text="Passwords do not match" />);
    expect(screen.getByTestId('shown').textContent).toBe(es.spec.passwordsDoNotMatch);
  });

  it('renders a spec text named by key exactly like the same English sentence looked up in the list', async () => {
    for (const language of LANGUAGES) {
      await applyLanguage(language);
      for (const name of Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]) {
        expect(renderServerText(i18n, specText(name))).toBe(renderServerText(i18n, localText(MESSAGES[name])));
      }
    }
  });
});
