// The API reference page's three files, kept as strings so the built server (dist/) serves them
// without copying assets. No template placeholders: these are sent as they are.

export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Ziver API reference</title>
    <link rel="stylesheet" href="/api/docs/docs.css" />
  </head>
  <body>
    <header>
      <h1>Ziver API</h1>
      <p>Generated from the shared contract. Raw document: <a href="/api/openapi.json">/api/openapi.json</a></p>
      <input id="filter" type="search" placeholder="Filter by path or summary" aria-label="Filter endpoints" />
    </header>
    <main id="endpoints" aria-live="polite">Loading…</main>
    <script type="module" src="/api/docs/docs.js"></script>
  </body>
</html>
`;

export const DOCS_CSS = `:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0 auto; max-width: 960px; padding: 16px; }
header input { width: 100%; padding: 8px; font-size: 1rem; box-sizing: border-box; }
h2 { margin-top: 32px; border-bottom: 1px solid #8884; }
details { border: 1px solid #8884; border-radius: 8px; margin: 8px 0; padding: 8px 12px; }
summary { cursor: pointer; display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
.method { font-weight: 700; font-family: ui-monospace, monospace; min-width: 4.5em; }
.method.get { color: #1a7f37; } .method.post { color: #0969da; } .method.put { color: #9a6700; } .method.delete { color: #cf222e; }
.path { font-family: ui-monospace, monospace; word-break: break-all; }
.access { font-size: 0.85em; opacity: 0.75; }
pre { overflow-x: auto; background: #8881; padding: 8px; border-radius: 6px; font-size: 0.85em; }
`;

export const DOCS_JS = `// Renders /api/openapi.json as a list of endpoints grouped by tag, with their schemas.
const main = document.getElementById('endpoints');
const filter = document.getElementById('filter');

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const json = (value) => el('pre', { textContent: JSON.stringify(value, null, 2) });

// One media type of a request or response: its name in the heading, its schema below.
const [mediaTypeOf, schemaOf] = [(content) => Object.keys(content ?? {})[0], (content) => Object.values(content ?? {})[0]?.schema];

function operationNode(path, method, op) {
  const body = op.requestBody?.content;
  const [status, success] = Object.entries(op.responses).find(([code]) => code !== 'default');
  const parts = [
    el('summary', {}, el('span', { className: 'method ' + method, textContent: method.toUpperCase() }),
      el('span', { className: 'path', textContent: path }), el('span', { textContent: op.summary })),
    el('p', { className: 'access', textContent: op.description }),
  ];
  if (op.parameters?.length) parts.push(el('h4', { textContent: 'Parameters' }), json(op.parameters));
  if (body) parts.push(el('h4', { textContent: 'Request body (' + mediaTypeOf(body) + ')' }), json(schemaOf(body)));
  parts.push(el('h4', { textContent: 'Response ' + status + ' (' + mediaTypeOf(success.content) + ')' }), json(schemaOf(success.content)));
  const node = el('details', {}, ...parts);
  node.dataset.search = [method, path, op.summary].join(' ').toLowerCase();
  return node;
}

async function render() {
  const doc = await (await fetch('/api/openapi.json')).json();
  const groups = new Map();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag).push(operationNode(path, method, op));
    }
  }
  main.replaceChildren(...[...groups].flatMap(([tag, nodes]) => [el('h2', { textContent: tag }), ...nodes]));
}

filter.addEventListener('input', () => {
  const query = filter.value.trim().toLowerCase();
  for (const node of main.querySelectorAll('details')) node.hidden = !node.dataset.search.includes(query);
});

render().catch((error) => {
  main.textContent = 'Could not load the API document: ' + error;
});
`;
