import type { Language } from '@ziver/shared';

/** What a row's mail is: the address, the reader's language, the template and its values. */
export type MailContent = { to: string; language: Language; template: string; vars: Record<string, unknown> };

/** A mail in one language: subject, HTML and plain text, links built from `publicUrl`. */
export type MailTemplate = (input: { vars: Record<string, unknown>; language: Language; publicUrl: string }) => {
  subject: string;
  html: string;
  text: string;
};

export type MailTemplates = Record<string, MailTemplate>;

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The one HTML frame every mail uses: a heading, paragraphs, one button. */
export function mailHtml(input: {
  language: Language;
  heading: string;
  paragraphs: string[];
  button?: { text: string; url: string };
}) {
  const button = input.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.button.url)}" style="background:#2481cc;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(input.button.text)}</a></p>`
    : '';
  return `<!doctype html><html lang="${input.language}"><body style="font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#222;max-width:560px;margin:auto;padding:16px"><h1 style="font-size:20px">${escapeHtml(input.heading)}</h1>${input.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}${button}</body></html>`;
}
