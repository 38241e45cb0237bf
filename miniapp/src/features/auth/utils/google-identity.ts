/** The small part of Google Identity Services (accounts.google.com/gsi/client) the app uses. */
export type GoogleCredentialResponse = { credential?: string; select_by?: string };

export type GoogleButtonOptions = {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  locale?: string;
};

export type GoogleAccountsId = {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  cancel(): void;
};

type GoogleWindow = Window & { google?: { accounts?: { id?: GoogleAccountsId } } };

export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<GoogleAccountsId> | null = null;

/**
 * Loads the Google Identity Services script once (only when the server has a Google client id).
 * A failed load is forgotten, so a later attempt tries again.
 */
export function loadGoogleIdentity(win: Window = window): Promise<GoogleAccountsId> {
  const existing = (win as GoogleWindow).google?.accounts?.id;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = win.document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.defer = true;
    const timer = win.setTimeout(() => fail(new Error('Google did not answer in time')), LOAD_TIMEOUT_MS);
    function fail(error: Error) {
      win.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(error);
    }
    script.onload = () => {
      win.clearTimeout(timer);
      const id = (win as GoogleWindow).google?.accounts?.id;
      if (id) resolve(id);
      else fail(new Error('Google Identity Services is unavailable'));
    };
    // No reason is given for a script that fails to load: 'Failed to initialize Google sign-in'.
    script.onerror = () => fail(new Error(''));
    win.document.head.append(script);
  });
  return loading;
}
