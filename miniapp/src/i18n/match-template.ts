/**
 * Reads the values back out of a message built from a `{name}` template (e.g. the server's
 * 'File too large: x.png. Maximum size is 5MB.'), so it can be shown in the user's language.
 * Null when the text was not built from that template.
 */
export function matchTemplate(template: string, text: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        names.push(name);
        return '(.+?)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const match = new RegExp(`^${pattern}$`, 's').exec(text);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
}

/** The key of the first template a text was built from, with its values. */
export function findTemplate<K extends string>(
  templates: Readonly<Record<K, string>>,
  text: string,
): { key: K; values: Record<string, string> } | null {
  for (const key of Object.keys(templates) as K[]) {
    const values = matchTemplate(templates[key], text);
    if (values) return { key, values };
  }
  return null;
}
