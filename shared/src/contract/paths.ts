/**
 * Fills a contract path's `{name}` parameters (URI-encoded). No zod here, so code on the first
 * screen can build paths without loading schemas.
 */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Whether a concrete path (under /api) matches a contract path with `{name}` parameters. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

/** A value of a query string: left out when undefined, null or ''. */
export type QueryValue = string | number | boolean | null | undefined;

/** A query string from `query` (with its '?', or '' when nothing is set), in the object's order. */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
