// The readable API reference at /api/docs: the OpenAPI document rendered on the server as plain HTML.
// No script at all (the CSP allows none inline, and a reference needs none), so no swagger-ui.

type Json = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** A JSON Schema as a compact, readable block. */
const schemaBlock = (schema: unknown) => `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;

function parametersTable(parameters: Json[]): string {
  if (parameters.length === 0) return '';
  const rows = parameters
    .map((p) => {
      const type = (p.schema as Json | undefined) ?? {};
      return `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${
        p.required ? 'yes' : 'no'
      }</td><td><code>${escapeHtml(JSON.stringify(type))}</code></td></tr>`;
    })
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function requestBody(body: Json | undefined): string {
  if (!body) return '';
  const content = (body.content ?? {}) as Record<string, Json>;
  return Object.entries(content)
    .map(
      ([type, media]) => `<h4>Body (<code>${escapeHtml(type)}</code>)</h4>${schemaBlock(media.schema ?? {})}`,
    )
    .join('');
}

function responses(answers: Record<string, Json>): string {
  const rows = Object.entries(answers)
    .map(([status, answer]) => {
      const content = (answer.content ?? {}) as Record<string, Json>;
      const schema = Object.values(content)[0]?.schema;
      const isError = Number(status) >= 400;
      return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(String(answer.description ?? ''))}</td><td>${
        schema && !isError ? `<details><summary>schema</summary>${schemaBlock(schema)}</details>` : ''
      }</td></tr>`;
    })
    .join('');
  return `<h4>Responses</h4><table><thead><tr><th>status</th><th>meaning</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
h2{margin-top:2.5rem;border-bottom:1px solid #ccc}section{margin:1.5rem 0;padding:.5rem 1rem;border:1px solid #ddd;border-radius:6px}
h3 code{font-size:1rem}.m{display:inline-block;min-width:4.5rem;font-weight:700}table{border-collapse:collapse;margin:.5rem 0}
td,th{border:1px solid #ddd;padding:.2rem .5rem;text-align:left;vertical-align:top}pre{background:#f4f4f5;padding:.5rem;overflow:auto;font-size:13px}
@media (prefers-color-scheme:dark){body{background:#1a1b1e;color:#e9ecef}pre{background:#2c2e33}section,td,th{border-color:#444}}`;

/** The whole page for an OpenAPI document, operations grouped by tag, in path order. */
export function renderApiReference(document: Json): string {
  const info = (document.info ?? {}) as Json;
  const groups = new Map<string, string[]>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = String((operation.tags as string[] | undefined)?.[0] ?? 'general');
      const html = `<section id="${escapeHtml(`${method}-${path}`)}"><h3><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(
        path,
      )}</code></h3>${operation.description ? `<p>${escapeHtml(String(operation.description))}</p>` : ''}${parametersTable(
        (operation.parameters ?? []) as Json[],
      )}${requestBody(operation.requestBody as Json | undefined)}${responses(
        (operation.responses ?? {}) as Record<string, Json>,
      )}</section>`;
      groups.set(tag, [...(groups.get(tag) ?? []), html]);
    }
  }
  const body = [...groups.entries()]
    .map(([tag, sections]) => `<h2>${escapeHtml(tag)}</h2>${sections.join('')}`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(String(info.title ?? 'API reference'))}</title><style>${STYLE}</style></head><body>
<h1>${escapeHtml(String(info.title ?? 'API reference'))}</h1><p>${escapeHtml(String(info.description ?? ''))}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(String(document.openapi))}).</p>
${body}</body></html>`;
}
